import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../../src/cli/args';
import { COMMAND_HELP } from '../../../src/cli/usage';

describe('parseCommandLine', () => {
  it('reads check with its options, seconds turned into milliseconds', () => {
    const command = parseCommandLine([
      'check',
      'nb.ipynb',
      '--server-url',
      'http://host:8888/',
      '--token',
      'secret',
      '--budget',
      '300',
      '--cell-timeout',
      '2.5',
      '--json',
      'out.json'
    ]);
    assert.deepEqual(command, {
      kind: 'check',
      options: {
        notebook: 'nb.ipynb',
        serverUrl: 'http://host:8888/',
        token: 'secret',
        gatewayUrl: undefined,
        gatewayToken: undefined,
        serverPath: undefined,
        jupyter: undefined,
        budgetMs: 300_000,
        cellTimeoutMs: 2500,
        json: 'out.json'
      }
    });
  });

  it('takes the token from a URL pasted from the server log', () => {
    const command = parseCommandLine([
      'check',
      'nb.ipynb',
      '--server-url',
      'http://127.0.0.1:8888/lab?token=abc123'
    ]);
    assert.equal(command.kind, 'check');
    assert.equal(command.options.serverUrl, 'http://127.0.0.1:8888/');
    assert.equal(command.options.token, 'abc123');
  });

  it('keeps a base path, e.g. on JupyterHub', () => {
    const command = parseCommandLine([
      'check',
      'nb.ipynb',
      '--server-url',
      'https://hub.example.org/user/ada/lab/tree/work'
    ]);
    assert.equal(command.kind, 'check');
    assert.equal(
      command.options.serverUrl,
      'https://hub.example.org/user/ada/'
    );
  });

  it('defaults to a 600 s budget and no limit of its own per cell', () => {
    const command = parseCommandLine(['check', 'nb.ipynb']);
    assert.equal(command.kind, 'check');
    assert.equal(command.options.budgetMs, 600_000);
    assert.equal(command.options.cellTimeoutMs, 0);
  });

  it('knows --help and --version', () => {
    assert.deepEqual(parseCommandLine(['--help']), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['-v']), { kind: 'version' });
  });

  it("gives each command's own help", () => {
    assert.deepEqual(parseCommandLine(['run', '--help']), {
      kind: 'help',
      command: 'run'
    });
    assert.deepEqual(parseCommandLine(['check', 'nb.ipynb', '-h']), {
      kind: 'help',
      command: 'check'
    });
    assert.deepEqual(parseCommandLine(['help', 'scores']), {
      kind: 'help',
      command: 'scores'
    });
    assert.notEqual(COMMAND_HELP.run, COMMAND_HELP.check);
    assert.match(COMMAND_HELP.run, /--auto-accept/);
    assert.doesNotMatch(COMMAND_HELP.check, /--auto-accept/);
    assert.doesNotMatch(COMMAND_HELP.scores, /--server-url/);
  });

  it('finds the command after a flag that takes a value', () => {
    const command = parseCommandLine([
      '--server-url',
      'http://localhost:8888/',
      'check',
      'nb.ipynb'
    ]);
    assert.equal(command.kind, 'check');
    assert.equal(
      command.kind === 'check' && command.options.notebook,
      'nb.ipynb'
    );
  });

  it("names the command a misplaced flag belongs to, and a misspelled flag's meaning", () => {
    const cases: [string[], string][] = [
      [
        ['check', 'a.ipynb', '--auto-accept'],
        '--auto-accept is an option of run, not of check.'
      ],
      [
        ['scores', 'a.ipynb', '--server-url', 'http://x/'],
        '--server-url is an option of check and run, not of scores.'
      ],
      [
        ['run', 'a.ipynb', '--out', 'x', '--ofline'],
        'Unknown option --ofline: did you mean --offline?'
      ],
      [['check', 'a.ipynb', '--nope'], 'Unknown option --nope.']
    ];
    for (const [argv, message] of cases) {
      assert.throws(
        () => parseCommandLine(argv),
        (error: unknown) =>
          error instanceof UsageError &&
          error.message === message &&
          error.command === argv[0],
        argv.join(' ')
      );
    }
  });

  it('reads run: several notebooks, the output folder and the flags', () => {
    const command = parseCommandLine([
      'run',
      'a.ipynb',
      'b/b.ipynb',
      '--out',
      'out',
      '--offline',
      '--auto-accept',
      '--tolerance',
      '0.05',
      '--budget',
      '30',
      '--write-modules'
    ]);
    assert.equal(command.kind, 'run');
    assert.deepEqual(command.kind === 'run' && command.options.notebooks, [
      'a.ipynb',
      'b/b.ipynb'
    ]);
    assert.equal(command.kind === 'run' && command.options.out, 'out');
    assert.equal(command.kind === 'run' && command.options.tolerance, 0.05);
    assert.equal(command.kind === 'run' && command.options.budgetMs, 30_000);
    assert.equal(command.kind === 'run' && command.options.autoAccept, true);
    assert.equal(command.kind === 'run' && command.options.offline, true);
    assert.equal(command.kind === 'run' && command.options.writeModules, true);
    assert.equal(command.kind === 'run' && command.options.outInPlace, false);
  });

  it('reads --out-in-place: results may go beside the notebooks', () => {
    const command = parseCommandLine([
      'run',
      'a.ipynb',
      '--out',
      '.',
      '--out-in-place'
    ]);
    assert.equal(command.kind === 'run' && command.options.outInPlace, true);
  });

  it('refuses what it cannot understand, saying why', () => {
    const cases: [string[], RegExp][] = [
      [[], /No command/],
      [['fix', 'nb.ipynb'], /Unknown command "fix"/],
      [['run', 'nb.ipynb'], /run needs --out DIR/],
      [['run', '--out', 'x'], /run needs notebooks/],
      [['run', 'a.ipynb', '--out', 'x', '--tolerance', 'ten'], /--tolerance/],
      [['check'], /needs a notebook/],
      [['check', 'a.ipynb', 'b.ipynb'], /Unexpected argument "b.ipynb"/],
      [
        ['check', 'a.ipynb', '--budget', 'soon'],
        /--budget takes a positive number/
      ],
      [['check', 'a.ipynb', '--nope'], /nope/],
      [
        ['check', 'a.ipynb', '--server-url', 'localhost:8888'],
        /must be http or https/
      ],
      [['check', 'a.ipynb', '--server-url', 'not a url'], /takes a URL/]
    ];
    for (const [argv, message] of cases) {
      assert.throws(
        () => parseCommandLine(argv),
        (error: unknown) =>
          error instanceof UsageError && message.test(error.message),
        argv.join(' ')
      );
    }
  });
});
