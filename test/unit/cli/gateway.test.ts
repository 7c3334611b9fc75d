import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  gatewayKernelEnv,
  GatewayKernelError,
  requireGatewaySpec
} from '../../../src/cli/gateway';

describe('gatewayKernelEnv', () => {
  it("gives the kernel the caller's KERNEL_* variables and the notebook's folder, nothing else", () => {
    const env = gatewayKernelEnv('/data/notebooks/a', {
      KERNEL_USERNAME: 'ada',
      KERNEL_NAMESPACE: 'ml',
      KERNEL_WORKING_DIR: '/somewhere/else',
      OPENAI_API_KEY: 'sk-secret',
      HOME: '/home/ada'
    });
    assert.deepEqual(env, {
      KERNEL_USERNAME: 'ada',
      KERNEL_NAMESPACE: 'ml',
      KERNEL_WORKING_DIR: '/data/notebooks/a'
    });
  });
});

describe('requireGatewaySpec', () => {
  it('passes when the gateway offers python3, or another Python kernelspec', () => {
    requireGatewaySpec(
      [
        { name: 'spark_scala', language: 'scala' },
        { name: 'python3', language: 'python' }
      ],
      'http://127.0.0.1:8888/'
    );
    requireGatewaySpec(
      [{ name: 'python_kubernetes', language: 'python' }],
      'http://127.0.0.1:8888/'
    );
  });

  it('says which kernelspecs the gateway offers when none is Python', () => {
    assert.throws(
      () =>
        requireGatewaySpec(
          [{ name: 'ir', language: 'R' }],
          'http://127.0.0.1:8888/'
        ),
      (error: unknown) =>
        error instanceof GatewayKernelError &&
        error.message ===
          'The gateway at http://127.0.0.1:8888/ offers no python3 kernelspec, nor another of language python (it offers: ir).'
    );
    assert.throws(
      () => requireGatewaySpec([], 'http://127.0.0.1:8888/'),
      /it offers: none/
    );
  });
});
