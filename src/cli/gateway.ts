import {
  KernelAPI,
  KernelConnection,
  type ServerConnection
} from '@jupyterlab/services';
import { realpath } from 'node:fs/promises';
import { KernelExecutor, type IKernelSpecInfo } from '../core';
import { kernelReady, type IKernelSession } from './connection';

/**
 * A kernel that could not be had from the gateway as the notebook needs it: nothing of
 * the notebook ran, so the run could not be made (exit 3), not a notebook that failed.
 */
export class GatewayKernelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayKernelError';
  }
}

/**
 * A gateway must offer a Python kernelspec: python3, or one of language python such as
 * Enterprise Gateway's python_kubernetes, which the notebook's kernel falls back to. A
 * gateway with none would fail only once the first notebook asks for its kernel.
 */
export function requireGatewaySpec(
  specs: readonly IKernelSpecInfo[],
  baseUrl: string
): void {
  if (!specs.some(spec => /python/i.test(spec.language))) {
    const offered = specs.map(spec => spec.name).join(', ') || 'none';
    throw new GatewayKernelError(
      `The gateway at ${baseUrl} offers no python3 kernelspec, nor another of language ` +
        `python (it offers: ${offered}).`
    );
  }
}

/**
 * What a kernel started by the gateway is given: the caller's KERNEL_* variables
 * (KERNEL_USERNAME, KERNEL_NAMESPACE, KERNEL_IMAGE, ...), as Jupyter Server's own gateway
 * client forwards them, and the notebook's folder as KERNEL_WORKING_DIR.
 */
export function gatewayKernelEnv(
  folder: string,
  env: NodeJS.ProcessEnv = process.env
): Record<string, string> {
  const forwarded = Object.entries(env).flatMap(([key, value]) =>
    key.startsWith('KERNEL_') && value !== undefined ? [[key, value]] : []
  );
  return { ...Object.fromEntries(forwarded), KERNEL_WORKING_DIR: folder };
}

/**
 * Starts a kernel on Jupyter Enterprise Gateway (its kernels API: it has no sessions or
 * contents) in the notebook's `folder`, and checks that it really runs there: a gateway
 * that drops KERNEL_WORKING_DIR starts it elsewhere, where the notebook's files and
 * modules are not, and every cell reading one would fail for no fault of its own.
 */
export async function startGatewayKernel(
  settings: ServerConnection.ISettings,
  folder: string,
  kernelName: string,
  readyTimeoutMs = 120_000
): Promise<IKernelSession> {
  let model: KernelAPI.IModel;
  try {
    // The REST API takes `env` beside `name`; the typed options name only the latter.
    const options = { name: kernelName, env: gatewayKernelEnv(folder) };
    model = await KernelAPI.startNew(options, settings);
  } catch (error) {
    throw new GatewayKernelError(
      `The gateway at ${settings.baseUrl} did not start a "${kernelName}" kernel: ${Private.reason(error)}`
    );
  }
  const kernel = new KernelConnection({ model, serverSettings: settings });
  let done: Promise<void> | undefined;
  const shutdown = () => {
    done ??= KernelAPI.shutdownKernel(model.id, settings)
      .catch(() => undefined)
      .finally(() => kernel.dispose());
    return done;
  };
  try {
    await kernelReady(kernel, kernelName, readyTimeoutMs);
    const cwd = await Private.workingDir(new KernelExecutor({ kernel }));
    // The kernel's getcwd() has symlinks resolved; the folder may have been named through one.
    if (
      cwd !== folder &&
      cwd !== (await realpath(folder).catch(() => folder))
    ) {
      throw new GatewayKernelError(
        `The gateway's kernel runs in ${cwd}, not in the notebook's folder ${folder}: ` +
          'the gateway must start kernels in KERNEL_WORKING_DIR (EG_MIRROR_WORKING_DIRS=true ' +
          'for container kernels), with the folder mounted at the same path.'
      );
    }
  } catch (error) {
    await shutdown();
    throw error instanceof GatewayKernelError
      ? error
      : new GatewayKernelError(Private.reason(error));
  }
  return { kernel, shutdown };
}

namespace Private {
  /** The kernel's working directory, read silently (hex: no repr to unquote). */
  export async function workingDir(executor: KernelExecutor): Promise<string> {
    const hex = await executor.evaluate(
      '__import__("os").getcwd().encode().hex()'
    );
    return Buffer.from(hex.replace(/'/g, ''), 'hex').toString('utf8');
  }

  /** The gateway's own words when it gave any (403: user not authorized, 404: no spec). */
  export function reason(error: unknown): string {
    const response = (error as ServerConnection.ResponseError).response;
    if (response) {
      const text = (error as Error).message || response.statusText;
      return `${response.status}${text ? ` ${text}` : ''}`;
    }
    return error instanceof Error ? error.message : String(error);
  }
}
