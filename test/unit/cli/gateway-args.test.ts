import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../../src/cli/args';
import { COMMAND_HELP } from '../../../src/cli/usage';

/** The run and check options a command line gives, or the usage error it raises. */
function options(argv: string[]) {
  const command = parseCommandLine(argv);
  assert.ok(command.kind === 'run' || command.kind === 'check');
  return command.options;
}

function refused(argv: string[], message: RegExp) {
  assert.throws(
    () => parseCommandLine(argv),
    (error: unknown) =>
      error instanceof UsageError &&
      message.test(error.message) &&
      error.command === argv[0]
  );
}

describe('--gateway-url and --gateway-token', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.JUPYTER_GATEWAY_AUTH_TOKEN;
    delete process.env.JUPYTER_GATEWAY_AUTH_TOKEN;
  });
  afterEach(() => {
    if (saved === undefined) {
      delete process.env.JUPYTER_GATEWAY_AUTH_TOKEN;
    } else {
      process.env.JUPYTER_GATEWAY_AUTH_TOKEN = saved;
    }
  });

  it('are read by run and check, the URL as a base URL', () => {
    for (const head of [
      ['run', 'a.ipynb', '--out', 'out'],
      ['check', 'a.ipynb']
    ]) {
      const read = options([
        ...head,
        '--gateway-url',
        'http://gateway.example.org:8888/eg',
        '--gateway-token',
        'tok'
      ]);
      assert.equal(read.gatewayUrl, 'http://gateway.example.org:8888/eg');
      assert.equal(read.gatewayToken, 'tok');
      assert.equal(read.serverUrl, undefined);
    }
  });

  it('take the token from the URL, else from $JUPYTER_GATEWAY_AUTH_TOKEN', () => {
    const fromUrl = options([
      'check',
      'a.ipynb',
      '--gateway-url',
      'http://127.0.0.1:8888/?token=inurl'
    ]);
    assert.equal(fromUrl.gatewayUrl, 'http://127.0.0.1:8888/');
    assert.equal(fromUrl.gatewayToken, 'inurl');
    process.env.JUPYTER_GATEWAY_AUTH_TOKEN = 'fromenv';
    const fromEnv = options([
      'run',
      'a.ipynb',
      '--out',
      'o',
      '--gateway-url',
      'http://127.0.0.1:8888/'
    ]);
    assert.equal(fromEnv.gatewayToken, 'fromenv');
    const flagWins = options([
      'run',
      'a.ipynb',
      '--out',
      'o',
      '--gateway-url',
      'http://127.0.0.1:8888/?token=inurl',
      '--gateway-token',
      'flag'
    ]);
    assert.equal(flagWins.gatewayToken, 'flag');
  });

  it('go with --jobs: each notebook its own kernel from the gateway', () => {
    const command = parseCommandLine([
      'run',
      'a.ipynb',
      'b.ipynb',
      '--out',
      'o',
      '--jobs',
      '2',
      '--gateway-url',
      'http://127.0.0.1:8888/'
    ]);
    assert.equal(command.kind, 'run');
    assert.equal(command.options.jobs, 2);
    assert.equal(command.options.gatewayUrl, 'http://127.0.0.1:8888/');
  });

  it("refuse a Jupyter server's flags beside them, naming the one to drop", () => {
    const gateway = ['--gateway-url', 'http://127.0.0.1:8888/'];
    refused(
      ['run', 'a.ipynb', '--out', 'o', ...gateway, '--server-url', 'http://h/'],
      /--server-url is for a Jupyter server.*one or the other/
    );
    refused(
      ['check', 'a.ipynb', '--server-url', 'http://h/', ...gateway],
      /--server-url is for a Jupyter server/
    );
    refused(
      ['check', 'a.ipynb', ...gateway, '--token', 't'],
      /--token is for a Jupyter server.*--gateway-token/
    );
    refused(
      ['run', 'a.ipynb', '--out', 'o', ...gateway, '--jupyter', '/bin/jupyter'],
      /--jupyter is for a Jupyter server/
    );
    refused(
      ['check', 'a.ipynb', ...gateway, '--server-path', 'x/a.ipynb'],
      /--server-path is for a Jupyter server/
    );
  });

  it('refuse a token without a gateway, and a URL that is not one', () => {
    refused(
      ['check', 'a.ipynb', '--gateway-token', 't'],
      /--gateway-token needs --gateway-url/
    );
    refused(
      ['run', 'a.ipynb', '--out', 'o', '--gateway-url', 'gateway:8888'],
      /--gateway-url must be http or https/
    );
    refused(
      ['check', 'a.ipynb', '--gateway-url', 'not a url'],
      /--gateway-url takes a URL/
    );
    refused(
      ['scores', 'a.ipynb', '--gateway-url', 'http://h/'],
      /of check and run, not of scores/
    );
  });

  it('are in the help of run and check', () => {
    for (const command of ['run', 'check'] as const) {
      assert.match(COMMAND_HELP[command], /--gateway-url URL/);
      assert.match(COMMAND_HELP[command], /--gateway-token TOKEN/);
    }
  });
});
