import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  autoAcceptReviewer,
  RulesFixer,
  unsafeFlags,
  unsafeReasons,
  type IEditableNotebook,
  type IProposal
} from '../../../../src/core';

describe('unsafeReasons', () => {
  const cases: [string, string][] = [
    ['!pip install xgboost\nimport xgboost', 'installs packages'],
    ['%pip install xgboost', 'installs packages'],
    ['%conda install numpy', 'installs packages'],
    ['!ls data', 'runs a shell command'],
    ['import subprocess\nsubprocess.run(["ls"])', 'starts a process'],
    ["os.system('make')", 'starts a process'],
    ["os.remove('out.csv')", 'deletes files'],
    ["shutil.rmtree('build')", 'deletes files'],
    ["Path('x').unlink()", 'deletes files'],
    ["open('/etc/hosts', 'w')", "writes files outside the notebook's folder"],
    ["requests.get('http://example.com')", 'makes network calls'],
    ['from urllib.request import urlopen', 'makes network calls'],
    ["pd.read_csv('https://example.com/a.csv')", 'makes network calls'],
    [
      "import os\nos.environ['A'] = '1'",
      'changes the interpreter or its environment'
    ],
    ["eval('1 + 1')", 'runs code built at run time'],
    ['%run helpers.py', 'drives IPython']
  ];

  for (const [after, reason] of cases) {
    it(`flags what a proposal adds: ${reason} (${after.split('\n').pop()})`, () => {
      assert.ok(unsafeReasons('x = 1', after).includes(reason));
    });
  }

  it('says each kind once, in a fixed order', () => {
    assert.deepEqual(
      unsafeReasons(
        'x = 1',
        "import os, shutil\nshutil.rmtree('a')\nos.system('b')\nos.remove('c')"
      ),
      ['starts a process', 'deletes files']
    );
  });

  it('does not flag what the notebook already had', () => {
    const before =
      "!pip install seaborn\ndf = pd.read_csv('http://x/a.csv')\ndf.ix[0]";
    const after =
      "!pip install seaborn\ndf = pd.read_csv('http://x/a.csv')\ndf.loc[0]";
    assert.deepEqual(unsafeReasons(before, after), []);
  });

  it('does not flag a changed import for the names it imported before, only for new ones', () => {
    const before = 'from IPython.core.display import Image, display';
    assert.deepEqual(
      unsafeReasons(
        before,
        'from IPython.core.display import Image\nfrom IPython.display import display'
      ),
      []
    );
    assert.deepEqual(
      unsafeReasons(
        before,
        'from IPython.core.display import Image, display, Javascript'
      ),
      ['drives IPython']
    );
    assert.deepEqual(
      unsafeReasons(
        'import subprocess as sp',
        'import subprocess as sp\nsp.call(["rm", "x"])'
      ),
      ['starts a process']
    );
  });

  it("takes a keyword argument's name for no reference to the builtin of that name", () => {
    assert.deepEqual(
      unsafeReasons(
        'sns.pairplot(df, vars=cols, size=2.5)',
        'sns.pairplot(df, vars=cols, height=2.5)'
      ),
      []
    );
    assert.deepEqual(unsafeReasons('f(cols)', 'f(cols, key=vars)'), [
      'runs code built at run time'
    ]);
  });

  it('does not flag ordinary rewrites', () => {
    assert.deepEqual(
      unsafeReasons(
        'from sklearn.cross_validation import KFold',
        'from sklearn.model_selection import KFold'
      ),
      []
    );
  });
});

describe('unsafeFlags', () => {
  it('names what does it, as resolved, and its line', () => {
    const flags = unsafeFlags(
      'x = 1',
      "import shutil as s\nx = 1\ns.rmtree('data')"
    );
    assert.deepEqual(
      flags.map(f => [f.reason, f.detail, f.line]),
      [['deletes files', 'shutil.rmtree', 3]]
    );
  });

  it("follows the notebook's imports from other cells", () => {
    const after = "r('data')";
    assert.deepEqual(unsafeFlags('x = 1', after), []);
    const imports = new Map([['r', 'shutil.rmtree']]);
    assert.deepEqual(
      unsafeFlags('x = 1', after, { imports }).map(f => f.capability),
      ['delete']
    );
  });

  it("judges one hunk with the cell's other lines as context", () => {
    const context = "import os as o\nif ready:\n    o.system('make')\n";
    assert.deepEqual(unsafeReasons('', "    o.system('make')\n", { context }), [
      'starts a process'
    ]);
    const aliased = 'from shutil import rmtree as clean\nclean(folder)\n';
    assert.deepEqual(unsafeReasons('', 'clean(folder)\n'), []);
    assert.deepEqual(
      unsafeReasons('', 'clean(folder)\n', { context: aliased }),
      ['deletes files']
    );
  });

  it('judges the Python body of a timing cell, and only the changed lines of a shell cell', () => {
    assert.deepEqual(
      unsafeReasons('%%time\nx = 1', "%%time\nimport os\nos.system('ls')"),
      ['starts a process']
    );
    const shell = '%%bash\necho one\necho two';
    assert.deepEqual(
      unsafeFlags(shell, `${shell}\nrm -rf data`).map(f => f.detail),
      ['%%bash: rm -rf data']
    );
    assert.deepEqual(unsafeFlags(shell, '%%bash\necho two\necho one'), []);
  });

  it('trusts only the exact edits a rule declares', () => {
    const before = 'import urllib2\nx = 1';
    const after = 'import urllib.request as urllib2\nx = 1';
    const trusted = [{ from: 7, to: 14, insert: 'urllib.request as urllib2' }];
    assert.deepEqual(unsafeReasons(before, after), ['makes network calls']);
    assert.deepEqual(unsafeReasons(before, after, { trusted }), []);
    // Anything the edits do not make is judged: here, nothing is trusted.
    const more = `${after}\nimport socket`;
    assert.deepEqual(
      unsafeFlags(before, more, { trusted }).map(f => f.detail),
      ['import of urllib.request', 'import of socket']
    );
  });
});

describe('rule proposals', () => {
  const versions = new Map([['python', '3.11.7']]);
  const document = {
    codeCells: () => []
  } as unknown as IEditableNotebook;

  it('are checked, with the text their rules insert trusted', async () => {
    const source =
      'import urllib2\nprint(urllib2.Request("http://x.org").host)';
    const proposal = await new RulesFixer(allRules).propose({
      kind: 'error-repair',
      target: { kind: 'cell', cellId: 'c1' },
      source,
      findings: [],
      environment: { versions },
      document
    });
    assert.ok(proposal);
    assert.match(proposal.after, /import urllib\.request as urllib2/);
    assert.deepEqual(proposal.unsafe, []);
    // The same text from the language model is flagged: it declares no edit.
    assert.deepEqual(unsafeReasons(source, proposal.after), [
      'makes network calls'
    ]);
  });
});

describe('autoAcceptReviewer', () => {
  const signal = new AbortController().signal;
  const proposal = (after: string, fixer = 'llm'): IProposal => ({
    id: 'p1',
    target: { kind: 'cell', cellId: 'c1' },
    kind: 'error-repair',
    before: 'import os as o\nx = np.asfarray([1])',
    after,
    rationale: 'asfarray is gone',
    ruleIds: [],
    fixer,
    unsafe: []
  });

  it('accepts a safe proposal', async () => {
    const decision = await autoAcceptReviewer().review(
      proposal('import os as o\nx = np.asarray([1], dtype=float)'),
      signal
    );
    assert.equal(decision.kind, 'accept');
  });

  it('judges an LLM proposal again, and names every flag in its reason', async () => {
    const decision = await autoAcceptReviewer().review(
      proposal("import os as o\no.system('rm -rf data')\nx = 1"),
      signal
    );
    assert.equal(decision.kind, 'reject');
    assert.match(
      decision.kind === 'reject' ? (decision.reason ?? '') : '',
      /flagged unsafe \(starts a process: os\.system \(line 2\)\)/
    );
  });

  it("takes a rule proposal's flags as its fixer judged them", async () => {
    const rule = proposal(
      'import os as o\nimport urllib.request as u\nx = 1',
      'rules'
    );
    assert.equal(
      (await autoAcceptReviewer().review(rule, signal)).kind,
      'accept'
    );
    const flagged = { ...rule, unsafe: ['makes network calls'] };
    assert.equal(
      (await autoAcceptReviewer().review(flagged, signal)).kind,
      'reject'
    );
  });
});
