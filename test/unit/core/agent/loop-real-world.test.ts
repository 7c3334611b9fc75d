import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  buildReport,
  ProposalWriter,
  RulesFixer,
  verdictText,
  type IFixer,
  type IFixRequest,
  type LoopEvent
} from '../../../../src/core';
import {
  FakeDocument,
  FakeKernel,
  kinds,
  OLD_METHOD_NO_NP,
  original,
  session
} from './loop-fakes';

// What real notebooks by others need of the loop: errors shown on purpose, failures
// that are not the code's, cells slower than 120 s, and fixes that make things worse.

/** A fixer that answers from a script: the new source for a request, or null. */
function scripted(
  name: string,
  after: (request: IFixRequest) => string | null
): IFixer {
  return {
    name,
    propose: async request => {
      const source = after(request);
      return source === null
        ? null
        : {
            id: `${name}-${JSON.stringify(request.target)}-${source}`,
            target: request.target,
            kind: request.kind,
            before: request.source,
            after: source,
            rationale: `${name} fix`,
            ruleIds: [],
            fixer: name,
            unsafe: []
          };
    }
  };
}

const finished = (events: LoopEvent[]) =>
  events.at(-1) as Extract<LoopEvent, { kind: 'finished' }>;

const errorOutput = (ename: string, evalue: string) => ({
  output_type: 'error',
  ename,
  evalue,
  traceback: [`${ename}: ${evalue}`]
});

describe('runLoop on teaching notebooks that raise on purpose', () => {
  const sources = ['x = 1', "d = {'a': 1}\nd['b']", "print('Accuracy: 0.80')"];
  const kernel = () =>
    new FakeKernel(code =>
      code.includes("d['b']")
        ? { status: 'error', ename: 'KeyError', evalue: "'b'" }
        : code.includes('Accuracy')
          ? { print: 'Accuracy: 0.80' }
          : {}
    );

  it('runs on past a cell that raises the error its saved output shows, and says so', async () => {
    const { verdict, events } = await session(sources, {
      kernel: kernel(),
      saved: [[], [errorOutput('KeyError', "'b'")], []],
      printed: [null, null, 'Accuracy: 0.80']
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.ok(!kinds(events).includes('proposal'));
    assert.deepEqual(finished(events).expectedErrors, [
      { cellId: 'c1', ename: 'KeyError' }
    ]);
    const report = buildReport({
      tool: { name: 'm', version: '0' },
      notebook: 'teach.ipynb',
      original: original(sources),
      versions: new Map(),
      verdict,
      changes: [],
      expectedErrors: finished(events).expectedErrors,
      executions: finished(events).executions,
      elapsedMs: 1,
      date: new Date(0)
    });
    assert.deepEqual(report.expectedErrors, [
      { where: 'cell 2', cellId: 'c1', ename: 'KeyError' }
    ]);
  });

  it('reads a traceback that an old notebook saved as printed text', async () => {
    const printed = {
      output_type: 'stream',
      name: 'stderr',
      text: "Traceback (most recent call last):\n  File \"<ipython-input-2>\", line 2, in <module>\n    d['b']\nKeyError: 'b'\n"
    };
    const { verdict } = await session(sources, {
      kernel: kernel(),
      saved: [[], [printed], []],
      printed: [null, null, 'Accuracy: 0.80']
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
  });

  it('fails at a cell that raises another type than the saved one', async () => {
    const { verdict } = await session(sources, {
      kernel: kernel(),
      saved: [[], [errorOutput('ZeroDivisionError', 'division by zero')], []]
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(verdict.kind === 'fails' && verdict.cellId, 'c1');
  });

  it('fails at a cell that raises where its saved output showed none', async () => {
    const { verdict } = await session(sources, { kernel: kernel() });
    assert.equal(verdict.kind, 'fails');
    assert.equal(verdict.kind === 'fails' && verdict.position, 2);
  });
});

describe('runLoop on a cell the author never ran', () => {
  // Today's Python on the cells: a line left half-typed, an import's trailing comma, a
  // call never finished.
  const kernel = () =>
    new FakeKernel(code =>
      /^best = $/m.test(code)
        ? { status: 'error', ename: 'SyntaxError', evalue: 'invalid syntax' }
        : /^from math import floor,$/m.test(code)
          ? {
              status: 'error',
              ename: 'SyntaxError',
              evalue:
                'trailing comma not allowed without surrounding parentheses'
            }
          : /^plt\.matshow\(\)$/m.test(code)
            ? {
                status: 'error',
                ename: 'TypeError',
                evalue: "matshow() missing 1 required positional argument: 'A'"
              }
            : code.includes('Accuracy')
              ? { print: 'Accuracy: 0.80' }
              : {}
    );
  const exercise = '# Your code here\nbest = \n\nprint(best)';
  const sources = ['x = 1', exercise, "print('Accuracy: 0.80')"];
  const printed = [null, null, 'Accuracy: 0.80'];

  it('makes comments of a failing cell that the author never ran, once nothing fixes it', async () => {
    const { verdict, document, events } = await session(sources, {
      kernel: kernel(),
      printed,
      neverRan: [1]
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(
      document.source('c1'),
      '# Your code here\n# best = \n\n# print(best)'
    );
    const proposals = events.filter(e => e.kind === 'proposal');
    assert.deepEqual(
      proposals.map(e => e.kind === 'proposal' && e.proposal.ruleIds),
      [['python.never-ran-cell']]
    );
  });

  it('does so for any error of valid code, a call never finished', async () => {
    const { verdict, document } = await session(
      ['import matplotlib.pyplot as plt', 'plt.matshow()', sources[2]],
      { kernel: kernel(), printed, neverRan: [1] }
    );
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.source('c1'), '# plt.matshow()');
  });

  it('leaves a cell the author ran as it is: its saved results may come from it', async () => {
    const { verdict, document } = await session(sources, {
      kernel: kernel(),
      printed
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(document.source('c1'), exercise);
  });

  it('takes the fix of a rule that knows the error, or of the language model, first', async () => {
    const comma = 'from math import floor,\nprint(floor(2.5))';
    const byRule = await session([comma, sources[2]], {
      kernel: kernel(),
      printed: [null, 'Accuracy: 0.80'],
      neverRan: [0]
    });
    assert.equal(
      byRule.document.source('c0'),
      'from math import floor\nprint(floor(2.5))'
    );
    const model = scripted('llm', request =>
      request.source === exercise ? 'best = 1\n\nprint(best)' : null
    );
    const byModel = await session(sources, {
      kernel: kernel(),
      printed,
      neverRan: [1],
      fixers: [new RulesFixer(allRules), model]
    });
    assert.deepEqual(byModel.verdict, { kind: 'reproducible' });
    assert.equal(byModel.document.source('c1'), 'best = 1\n\nprint(best)');
  });

  it('ends blocked, not commented, where the cell that never ran needs a package', async () => {
    const read = 'import statsmodels.api as sm\nprint(sm.OLS)';
    const { verdict, document } = await session([read, sources[2]], {
      kernel: new FakeKernel(code =>
        code.includes('statsmodels')
          ? {
              status: 'error',
              ename: 'ModuleNotFoundError',
              evalue: "No module named 'statsmodels'"
            }
          : { print: 'Accuracy: 0.80' }
      ),
      printed: [null, 'Accuracy: 0.80'],
      neverRan: [0]
    });
    assert.equal(verdict.kind, 'blocked');
    assert.equal(document.source('c0'), read);
  });

  it('knows nothing of which cells ran in a notebook saved with its counts cleared', async () => {
    const { verdict, document } = await session(sources, {
      kernel: kernel(),
      printed,
      neverRan: [0, 1, 2]
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(document.source('c1'), exercise);
  });

  it('never makes comments of an earlier cell the author never ran', async () => {
    // The first cell never ran and runs; the exercise ran once and fails today.
    const { verdict, document } = await session(
      ['y = 2', exercise, sources[2]],
      { kernel: kernel(), printed, neverRan: [0] }
    );
    assert.equal(verdict.kind, 'fails');
    assert.equal(document.source('c0'), 'y = 2');
  });
});

describe('runLoop when the failure is not the code', () => {
  it('is blocked by a package that is not installed, and says what to install', async () => {
    const kernel = new FakeKernel(code =>
      code.includes('statsmodels')
        ? {
            status: 'error',
            ename: 'ModuleNotFoundError',
            evalue: "No module named 'statsmodels'"
          }
        : {}
    );
    const { verdict } = await session(
      ['import pandas as pd', 'import statsmodels.api as sm', 'x = 1'],
      { kernel }
    );
    assert.equal(verdict.kind, 'blocked');
    assert.deepEqual(verdict.kind === 'blocked' && verdict.blocker, {
      kind: 'install',
      module: 'statsmodels',
      package: 'statsmodels'
    });
    assert.match(
      verdictText(verdict, id => `cell ${Number(id.slice(1)) + 1}`),
      /^blocked: install statsmodels \(cell 2: ModuleNotFoundError/
    );
  });

  it('is blocked by a Git LFS pointer an earlier cell read in place of its data', async () => {
    const behaviour = (code: string) =>
      code.includes('describe')
        ? {
            status: 'error' as const,
            ename: 'ValueError',
            evalue: 'Cannot describe a DataFrame without columns'
          }
        : {};
    const kernel = new FakeKernel(behaviour);
    const sources = [
      "import pandas as pd\ndf = pd.read_csv('data/adult.csv', index_col=0)",
      'df.describe()'
    ];
    const { verdict } = await session(sources, {
      kernel,
      pointers: new Set(['data/adult.csv'])
    });
    assert.equal(verdict.kind, 'blocked');
    assert.match(
      verdictText(verdict, id => `cell ${Number(id.slice(1)) + 1}`),
      /^blocked: data at data\/adult\.csv is a Git LFS pointer, not the file/
    );
    const without = await session(sources, {
      kernel: new FakeKernel(behaviour)
    });
    assert.equal(without.verdict.kind, 'fails');
  });

  it('blames no Git LFS pointer for a cell Python could not compile', async () => {
    const kernel = new FakeKernel(code =>
      code.startsWith(' ')
        ? {
            status: 'error' as const,
            ename: 'IndentationError',
            evalue: 'unexpected indent (3686079612.py, line 1)'
          }
        : {}
    );
    const { verdict } = await session(
      [
        'x = 1',
        "  from IPython.display import Image\nImage(filename='fig/grid.png') if x else None"
      ],
      { kernel, pointers: new Set(['fig/grid.png']), fixers: [] }
    );
    assert.equal(verdict.kind, 'fails');
  });

  it('still fails at a removed module of an installed package that no fix was accepted for', async () => {
    const { verdict } = await session(
      ['from sklearn.cross_validation import KFold'],
      { fixers: [] }
    );
    assert.equal(verdict.kind, 'fails');
  });

  it('is blocked by data only on the network, naming its address', async () => {
    const url = 'http://archive.example.org/ml/wine.data';
    const kernel = new FakeKernel(code =>
      code.includes(url)
        ? {
            status: 'error',
            ename: 'URLError',
            evalue:
              '<urlopen error [Errno -3] Temporary failure in name resolution>'
          }
        : {}
    );
    const { verdict } = await session(
      ['import pandas as pd', `wine = pd.read_csv('${url}', header=None)`],
      { kernel, fixers: [new RulesFixer(allRules)] }
    );
    assert.equal(verdict.kind, 'blocked');
    assert.equal(
      verdictText(verdict).split(' (')[0],
      `blocked: data at ${url} is not reachable and no copy is in the repository`
    );
  });
});

describe('runLoop time limits', () => {
  // A grid search that takes 150 s: over the old 120 s per-cell default.
  const slow = (_code: string, run: { timeoutMs?: number }) =>
    _code.includes('grid.fit') && (run.timeoutMs ?? 0) < 150_000
      ? { status: 'timeout' as const }
      : {};

  it('gives a slow cell the budget left when no per-cell limit is set', async () => {
    const { verdict } = await session(['grid = Grid()', 'grid.fit(X, y)'], {
      kernel: new FakeKernel(slow)
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
  });

  it('calls a cell the budget cuts short a spent budget, not a failing cell', async () => {
    const { verdict } = await session(['grid = Grid()', 'grid.fit(X, y)'], {
      kernel: new FakeKernel(code =>
        code.includes('grid.fit') ? { status: 'timeout' } : {}
      )
    });
    assert.deepEqual(verdict, { kind: 'stopped', reason: 'time-budget' });
  });

  it('keeps an explicit per-cell limit', async () => {
    const { verdict, events } = await session(
      ['grid = Grid()', 'grid.fit(X, y)'],
      { kernel: new FakeKernel(slow), limits: { cellTimeoutMs: 120_000 } }
    );
    assert.equal(verdict.kind, 'fails');
    assert.ok(
      events.some(
        e =>
          e.kind === 'step' &&
          e.step.kind === 'propose' &&
          e.step.fix === 'runtime-reduction'
      )
    );
  });
});

describe('runLoop takes back a change that made a cell worse', () => {
  // `y = df.old()` fails; the first fix brings in `np`, which nothing imports.
  const kernel = () => new FakeKernel(OLD_METHOD_NO_NP);
  const sources = ['df = load()', 'y = df.old()'];
  const unbound = scripted('first', r =>
    r.failure ? 'y = np.asarray(df)' : null
  );
  const bound = scripted('second', r =>
    r.failure ? 'y = df.to_numpy()' : null
  );

  it('takes back a fix whose cell then fails on a name it brought in, and tries the next', async () => {
    const { verdict, events, document } = await session(sources, {
      kernel: kernel(),
      fixers: [unbound, bound]
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.source('c1'), 'y = df.to_numpy()');
    const reverted = events.find(e => e.kind === 'reverted');
    assert.ok(reverted?.kind === 'reverted');
    assert.match(reverted.change.why, /'np'/);
    assert.equal(reverted.change.applied, 'y = np.asarray(df)');
    const last = finished(events);
    assert.equal(last.reverted.length, 1);
    assert.deepEqual(
      last.changes.map(c => c.applied),
      ['y = df.to_numpy()']
    );
  });

  it('takes the fix back through the writer, which tells it from an undo of the user', async () => {
    const document = new FakeDocument(sources);
    const writer = new ProposalWriter(document);
    const { events } = await session(sources, {
      kernel: kernel(),
      fixers: [unbound, bound],
      document,
      writer
    });
    const reverted = events.find(e => e.kind === 'reverted');
    assert.ok(reverted?.kind === 'reverted');
    assert.deepEqual(
      writer
        .writes({ kind: 'cell', cellId: 'c1' })
        .map(write => [write.after, write.takenBack ?? false]),
      [
        ['y = np.asarray(df)', false],
        [sources[1], true],
        ['y = df.to_numpy()', false]
      ]
    );
    assert.equal(writer.undone(reverted.change.proposal), false);
  });

  it('gives up on the cell, as it was, when no other fix is left', async () => {
    const { verdict, document } = await session(sources, {
      kernel: kernel(),
      fixers: [unbound]
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(
      verdict.kind === 'fails' && verdict.result.ename,
      'AttributeError'
    );
    assert.equal(document.source('c1'), sources[1]);
  });

  it('takes back a fix of an earlier cell that then fails itself', async () => {
    // `model` lived only in the author's kernel; the fix of the cell that defines it breaks it.
    const kernel = new FakeKernel((code, run) =>
      code === 'print(model)' && run.restarted === 0
        ? {
            status: 'error',
            ename: 'NameError',
            evalue: "name 'model' is not defined"
          }
        : code.includes('strict=True')
          ? { status: 'error', ename: 'TypeError', evalue: 'unexpected strict' }
          : {}
    );
    const fixer = scripted('scripted', r =>
      !r.failure
        ? null
        : r.target.kind === 'cell' && r.target.cellId === 'c0'
          ? 'model = build(strict=True)'
          : 'model = build()\nprint(model)'
    );
    const { verdict, events, document } = await session(
      ['model = build()', 'print(model)'],
      { kernel, fixers: [fixer] }
    );
    const reverted = events.find(e => e.kind === 'reverted');
    assert.ok(reverted?.kind === 'reverted');
    assert.match(reverted.change.why, /a cell that ran before fails/);
    assert.equal(document.source('c0'), 'model = build()');
    assert.deepEqual(verdict, { kind: 'reproducible' });
  });
});

describe('runLoop keeps a fix inside a function that a later cell never reaches', () => {
  // A helper cell's function uses an API gone today; the cell that draws random dates
  // fails now and then on its own, and calls nothing of the helper's.
  const helper =
    'def missing(frame):\n    rows = frame.any(1)\n    return rows.sum()';
  const gone = {
    status: 'error' as const,
    ename: 'TypeError',
    evalue: 'DataFrame.any() takes 1 positional argument but 2 were given',
    traceback: ['Cell In[3], line 1', 'Cell In[1], line 2, in missing(frame)']
  };
  /** Draws fail on the second run; the call fails while the helper is the old one. */
  const kernel = (draw: string) => {
    let defined = '';
    let draws = 0;
    return new FakeKernel(code => {
      if (code.startsWith('def missing')) {
        defined = code;
      }
      if (code === draw && ++draws === 2) {
        return { status: 'error', ename: 'ValueError', evalue: 'bad date' };
      }
      return code.startsWith('print(missing') && defined.includes('any(1)')
        ? gone
        : {};
    });
  };
  const fixer = scripted('scripted', r =>
    !r.failure || r.target.kind !== 'cell'
      ? null
      : r.target.cellId === 'c0'
        ? helper.replace('any(1)', 'any(axis=1)')
        : r.source.startsWith('dates =') && !r.source.includes('mixed')
          ? r.source.replace(')', "format='mixed')")
          : null
  );

  it('does not take the fix back when the cell between fails on its own', async () => {
    const draw = 'dates = random_dates()';
    const { verdict, events, document } = await session(
      [helper, draw, 'print(missing(data))'],
      { kernel: kernel(draw), fixers: [fixer] }
    );
    assert.ok(!events.some(e => e.kind === 'reverted'));
    assert.match(document.source('c0') ?? '', /any\(axis=1\)/);
    assert.deepEqual(verdict, { kind: 'reproducible' });
  });

  it('takes the fix back when the cell between calls its function', async () => {
    const draw = 'dates = random_dates(missing)';
    const { events, document } = await session(
      [helper, draw, 'print(missing(data))'],
      { kernel: kernel(draw), fixers: [fixer] }
    );
    const reverted = events.find(e => e.kind === 'reverted');
    assert.ok(reverted?.kind === 'reverted');
    assert.match(reverted.change.why, /a cell that ran before fails/);
    assert.equal(document.source('c0'), helper);
  });
});

describe('runLoop never leaves a notebook failing earlier than the original', () => {
  // A preflight rewrite breaks a cell that ran (no name of its own to blame); the
  // original fails later, at the removed module.
  const sources = [
    "cmap = get_cmap('spectral')",
    'from sklearn.cross_validation import KFold'
  ];
  const behaviour = (code: string) =>
    code.includes("colormaps['spectral']")
      ? {
          status: 'error' as const,
          ename: 'KeyError',
          evalue: '"\'spectral\' is not a known colormap name"'
        }
      : code.includes('cross_validation')
        ? {
            status: 'error' as const,
            ename: 'ModuleNotFoundError',
            evalue: "No module named 'sklearn.cross_validation'"
          }
        : {};
  const rewrite = scripted('preflight', r =>
    !r.failure && r.target.kind === 'cell' && r.target.cellId === 'c0'
      ? "cmap = colormaps['spectral']"
      : null
  );

  it('takes every change back when the original runs further, and verifies it as it was', async () => {
    const kernel = new FakeKernel(behaviour);
    const { verdict, events, document } = await session(sources, {
      kernel,
      fixers: [rewrite]
    });
    assert.equal(verdict.kind, 'fails');
    assert.equal(verdict.kind === 'fails' && verdict.position, 2);
    assert.deepEqual(
      document.cells.map(c => c.source),
      sources
    );
    const last = finished(events);
    assert.equal(last.changes.length, 0);
    assert.equal(last.reverted.length, 1);
    assert.match(last.reverted[0].why, /the original runs/);
    // The original's cell ran once in the check, drawn nowhere.
    assert.ok(kernel.executed.includes(sources[0]));
  });

  it('takes the changes back through the writer', async () => {
    const document = new FakeDocument(sources);
    const writer = new ProposalWriter(document);
    const { events } = await session(sources, {
      kernel: new FakeKernel(behaviour),
      fixers: [rewrite],
      document,
      writer
    });
    assert.equal(document.source('c0'), sources[0]);
    assert.equal(
      writer.writes({ kind: 'cell', cellId: 'c0' }).at(-1)?.takenBack,
      true
    );
    assert.equal(finished(events).reverted.length, 1);
  });

  it('leaves a changed cell the user edited since as they left it', async () => {
    const document = new FakeDocument(sources);
    const edited = "cmap = colormaps['spectral']\nprint(cmap)";
    // The user adds a line to the rewritten cell while it runs.
    const kernel = new FakeKernel(code => {
      if (code === "cmap = colormaps['spectral']") {
        document.cells[0].source = edited;
      }
      return behaviour(code);
    });
    const { events } = await session(sources, {
      kernel,
      fixers: [rewrite],
      document
    });
    assert.equal(document.source('c0'), edited);
    assert.equal(finished(events).reverted.length, 0);
  });

  it('keeps the changes when the original fails there too', async () => {
    // The original cell fails too: the change is no worse.
    const kernel = new FakeKernel(code =>
      code.includes('get_cmap')
        ? { status: 'error', ename: 'AttributeError', evalue: 'no get_cmap' }
        : behaviour(code)
    );
    const { verdict, events, document } = await session(sources, {
      kernel,
      fixers: [rewrite]
    });
    assert.equal(verdict.kind === 'fails' && verdict.position, 1);
    assert.equal(document.source('c0'), "cmap = colormaps['spectral']");
    assert.equal(finished(events).reverted.length, 0);
  });
});
