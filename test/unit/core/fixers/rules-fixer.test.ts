import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  RulesFixer,
  scanNotebook,
  type FixKind,
  type ICellResult,
  type IEditableNotebook,
  type IFixRequest,
  type IKernelProbe
} from '../../../../src/core';

const VERSIONS = new Map([
  ['python', '3.11.7'],
  ['pandas', '3.0.0'],
  ['numpy', '2.4.0'],
  ['scikit-learn', '1.9.0']
]);

/** A notebook of the given code cells (the request's cell is `c1`). */
function notebook(...sources: string[]): IEditableNotebook {
  const cells = sources.map((source, i) => ({ id: `c${i + 1}`, source }));
  return { codeCells: () => cells } as unknown as IEditableNotebook;
}

function request(
  source: string,
  overrides: Partial<IFixRequest> & { kind?: FixKind } = {}
): IFixRequest {
  return {
    kind: 'error-repair',
    target: { kind: 'cell', cellId: 'c1' },
    source,
    findings: [],
    environment: { versions: VERSIONS },
    document: notebook(source),
    ...overrides
  };
}

/** A cell's failure with this error, raised through `traceback`'s frames. */
function failed(
  ename: string,
  evalue: string,
  traceback?: string[]
): ICellResult {
  return {
    status: 'error',
    ename,
    evalue,
    traceback,
    outputs: [],
    executionCount: 2,
    durationMs: 1
  };
}

const fixer = new RulesFixer(allRules);

describe('RulesFixer', () => {
  it('proposes the rewrite with the rules, a one-line rationale and no unsafe flags', async () => {
    const proposal = await fixer.propose(
      request('from sklearn.cross_validation import KFold\nprint(KFold)')
    );
    assert.ok(proposal);
    assert.equal(
      proposal.after,
      'from sklearn.model_selection import KFold\nprint(KFold)'
    );
    assert.deepEqual(proposal.ruleIds, ['sklearn.cross-validation-module']);
    assert.equal(proposal.fixer, 'rules');
    assert.equal(proposal.kind, 'error-repair');
    assert.doesNotMatch(proposal.rationale, /\n/);
    assert.deepEqual(proposal.unsafe, []);
    assert.deepEqual(proposal.target, { kind: 'cell', cellId: 'c1' });
  });

  it('says how many more changes came with the first rule', async () => {
    const proposal = await fixer.propose(
      request(
        'from sklearn.cross_validation import KFold\nimport numpy as np\nx = np.float(1)'
      )
    );
    assert.ok(proposal);
    assert.equal(proposal.ruleIds.length, 2);
    assert.match(proposal.rationale, /\(and 1 more change\)$/);
  });

  it('has no proposal for modern code', async () => {
    assert.equal(
      await fixer.propose(request('import pandas as pd\ndf = pd.DataFrame()')),
      null
    );
  });

  it('asks the kernel when the rewrite depends on a live object', async () => {
    const asked: string[] = [];
    const probe: IKernelProbe = {
      evaluate: async expression => {
        asked.push(expression);
        return "'string|string'";
      }
    };
    const source = "import pandas as pd\nprint(df.ix[1:]['a'])";
    const failure = failed(
      'AttributeError',
      "'DataFrame' object has no attribute 'ix'"
    );
    assert.equal(await fixer.propose(request(source)), null);
    const proposal = await fixer.propose(request(source, { probe, failure }));
    // One question about the frame; the installed versions are asked once beside it.
    const [versions, ...questions] = asked;
    assert.match(versions, /importlib\.metadata/);
    assert.equal(questions.length, 1);
    assert.equal(
      proposal?.after,
      "import pandas as pd\nprint(df.iloc[1:]['a'])"
    );
  });

  it('asks the installed versions of libraries the notebook does not import, for a failure', async () => {
    // A loader the repository ships reads with pandas; the notebook imports only numpy.
    const source =
      'import numpy as np\nfrom datasets import load\nY = load().target\nY[Y == 0] = -1';
    const probe: IKernelProbe = {
      evaluate: async expression =>
        expression.includes('importlib.metadata')
          ? `'${JSON.stringify({ pandas: '3.1.1' })}'`
          : "'True'"
    };
    const proposal = await new RulesFixer(allRules).propose(
      request(source, {
        environment: {
          versions: new Map([
            ['python', '3.11.7'],
            ['numpy', '2.4.0']
          ])
        },
        probe,
        failure: failed('ValueError', 'assignment destination is read-only')
      })
    );
    assert.deepEqual(proposal?.ruleIds, ['pandas.read-only-values']);
    assert.match(proposal!.after, /Y = Y\.copy\(\)\nY\[Y == 0\] = -1$/);
  });

  it("trusts the imports a rule's edits need as the rule's own text", async () => {
    // The repository's package goes on sys.path: the rule's edit, with `import sys`.
    const probe: IKernelProbe = { evaluate: async () => 'True' };
    const source = 'from skbayes.linear_models import EBLinearRegression';
    const proposal = await fixer.propose(
      request(source, {
        probe,
        failure: failed('ModuleNotFoundError', "No module named 'skbayes'"),
        environment: {
          versions: VERSIONS,
          files: new Set(['../../skbayes/__init__.py'])
        }
      })
    );
    assert.equal(
      proposal?.after,
      `import sys\nsys.path.insert(0, '../..')\n${source}`
    );
    assert.deepEqual(proposal?.unsafe, []);
  });

  it('pins a changed default only for the score-calibration kind, and only when the notebook predates the change', async () => {
    const source =
      'from sklearn.ensemble import RandomForestClassifier\nm = RandomForestClassifier(random_state=0)';
    const dated = {
      versions: VERSIONS,
      evidence: {
        pythonVersion: '3.6.3',
        predates: new Map([['scikit-learn', '0.22']])
      }
    };
    assert.equal(
      await fixer.propose(request(source, { environment: dated })),
      null
    );
    const pinned = await fixer.propose(
      request(source, { kind: 'score-calibration', environment: dated })
    );
    assert.match(pinned?.after ?? '', /n_estimators=10/);
    assert.equal(pinned?.kind, 'score-calibration');
    assert.equal(
      await fixer.propose(request(source, { kind: 'score-calibration' })),
      null
    );
  });
  it('asks about every subscript only for the failure its rule explains, and the preflight scan lists none', async () => {
    const asked: string[] = [];
    const probe: IKernelProbe = {
      evaluate: async expression => {
        asked.push(expression);
        return "'ndarray|array|f'";
      }
    };
    const source = 'import numpy as np\nc = colors[labels]';
    const other = failed('KeyError', "'a'");
    assert.equal(
      await fixer.propose(request(source, { probe, failure: other })),
      null
    );
    assert.deepEqual(asked, []);
    const refused = failed(
      'IndexError',
      'only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices'
    );
    const proposal = await fixer.propose(
      request(source, { probe, failure: refused })
    );
    assert.equal(
      proposal?.after,
      'import numpy as np\nc = colors[labels.astype(int)]'
    );
    const scan = scanNotebook([{ id: 'c1', source }], allRules, {
      versions: VERSIONS
    });
    assert.deepEqual(
      scan.findings.filter(f => f.ruleId.startsWith('numpy.')),
      []
    );
  });

  it("rewrites a failed run's module only with a rule that explains its failure, then with the others too", async () => {
    // A helper module: a guarded Python 2 import, and pcolor's array iterated with its cells.
    const source =
      "try:\n    from StringIO import StringIO\nexcept ImportError:\n    from io import StringIO\n\ndef heatmap(values, ax):\n    img = ax.pcolor(values)\n    for p, value in zip(img.get_paths(), img.get_array()):\n        ax.text(0, 0, '%.2f' % value)\n";
    const module = {
      target: { kind: 'module' as const, path: 'tools.py' },
      environment: {
        versions: new Map([...VERSIONS, ['matplotlib', '3.10.0']])
      }
    };
    const unexplained = failed('KeyError', "'gamma'");
    assert.equal(
      await fixer.propose(request(source, { ...module, failure: unexplained })),
      null
    );
    const explained = failed(
      'TypeError',
      'Only length-1 arrays can be converted to Python scalars'
    );
    const proposal = await fixer.propose(
      request(source, { ...module, failure: explained })
    );
    assert.equal(proposal?.ruleIds[0], 'matplotlib.mesh-array-2d');
    assert.match(proposal!.after, /img\.get_array\(\)\.compressed\(\)/);
    // Without a failure (Fix all offline), every rule's rewrite is proposed.
    const preflight = await fixer.propose(request(source, module));
    assert.ok(preflight);
  });

  it("rewrites a failed run's module where the failure was raised, though no rule's signature says so", async () => {
    const source =
      'import numpy as np\n\ndef ratio(a, b):\n    return np.float(a) / b\n\ndef other():\n    pass\n';
    const raisedAt = (line: number) =>
      failed('ValueError', 'could not convert string to float', [
        'Cell In[4], line 1\n----> 1 ratio(x, 2)',
        `File /work/nb/lib/tools.py:${line}, in ratio(a, b)\n----> ${line} return np.float(a) / b`,
        'ValueError: could not convert string to float'
      ]);
    const module = {
      target: { kind: 'module' as const, path: 'lib/tools.py' }
    };
    const proposal = await fixer.propose(
      request(source, { ...module, failure: raisedAt(4) })
    );
    assert.match(proposal?.after ?? '', /return float\(a\) \/ b/);
    assert.equal(
      await fixer.propose(request(source, { ...module, failure: raisedAt(7) })),
      null
    );
  });
});

describe('RulesFixer: the fix of last resort', () => {
  const neverRan = { versions: VERSIONS, neverRan: true };
  const syntaxError = failed('SyntaxError', 'invalid syntax');

  it('comments out a cell the author never ran only when asked for a fix of last resort', async () => {
    const exercise = '# Your code here\nbest = \nprint(best)';
    const asked = (source: string, lastResort: boolean) =>
      fixer.propose(
        request(source, {
          environment: neverRan,
          failure: syntaxError,
          lastResort
        })
      );
    const known = await asked('total = 3\nprint "total", total', false);
    assert.deepEqual(known?.ruleIds, ['python.print-statement']);
    assert.equal(known.after, 'total = 3\nprint("total", total)');
    assert.equal(await asked(exercise, false), null);
    const last = await asked(exercise, true);
    assert.deepEqual(last?.ruleIds, ['python.never-ran-cell']);
    assert.equal(last.after, '# Your code here\n# best = \n# print(best)');
  });

  it('has none for a cell the author ran', async () => {
    const proposal = await fixer.propose(
      request('best = \nprint(best)', {
        environment: { versions: VERSIONS },
        failure: syntaxError,
        lastResort: true
      })
    );
    assert.equal(proposal, null);
  });
});
