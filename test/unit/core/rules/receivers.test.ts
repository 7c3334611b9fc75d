import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import { TODAY } from './helpers';

const IMPORTS = 'import numpy as np\nimport pandas as pd';

/** The matches of every rule in a cell below the usual imports. */
function scan(cell: string): IRuleMatch[] {
  const imports = importTable([IMPORTS, cell].map(prepareSource));
  return scanSource(cell, allRules, { versions: TODAY, imports });
}

/** The cell once each question is answered with `answer` (the receiver's type name). */
function rewrite(cell: string, answer?: string): string {
  const matches = scan(cell).map(match =>
    match.question && answer !== undefined
      ? { ...match, edits: match.question.decide(answer) ?? [] }
      : match
  );
  const bound = new Set(['np', 'pd', 'df', 'arr', 'rows', 'scores']);
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('rules that depend on the receiver', () => {
  it('never rewrite a module function: np.sort of a column is not DataFrame.sort', () => {
    const cell = "labels = np.sort(df['Sex'].unique())";
    assert.deepEqual(
      scan(cell).filter(m => m.ruleId.startsWith('pandas.')),
      []
    );
    assert.equal(rewrite(cell, 'DataFrame'), cell);
  });

  it('ask the kernel when only the object tells: arr.sort(0) stays for an array', () => {
    const cell = 'arr.sort(0)';
    const [match] = scan(cell);
    assert.equal(match.ruleId, 'pandas.sort-by');
    assert.equal(match.question?.expression, 'type(arr).__name__');
    assert.equal(rewrite(cell, 'ndarray'), cell);
    assert.equal(rewrite(cell, 'DataFrame'), 'arr.sort_values(0)');
  });

  it('rewrite at once when the arguments say it is a frame', () => {
    assert.equal(
      rewrite("top = df.sort(columns='Fare', ascending=False)"),
      "top = df.sort_values(by='Fare', ascending=False)"
    );
    assert.equal(
      rewrite("df = df.append({'a': 1}, ignore_index=True)"),
      "df = pd.concat([df, pd.DataFrame([{'a': 1}])], ignore_index=True)"
    );
  });

  it('ask what a name appended holds: a frame, a row or a dict of one', () => {
    const cell = 'df = df.append(rows, ignore_index=True)';
    assert.equal(rewrite(cell), cell);
    assert.equal(
      rewrite(cell, 'DataFrame:DataFrame'),
      'df = pd.concat([df, rows], ignore_index=True)'
    );
    assert.equal(
      rewrite(cell, 'DataFrame:Series'),
      'df = pd.concat([df, rows.to_frame().T], ignore_index=True)'
    );
    assert.equal(
      rewrite(cell, 'DataFrame:dict'),
      'df = pd.concat([df, pd.DataFrame([rows])], ignore_index=True)'
    );
    assert.equal(rewrite(cell, 'DataFrame:list'), cell);
  });

  it('ask before turning an append whose result is kept into a concat', () => {
    const cell = 'both = scores.append(extra)';
    assert.equal(rewrite(cell, 'list:int'), cell);
    assert.equal(rewrite(cell), cell);
    assert.equal(
      rewrite(cell, 'Series:Series'),
      'both = pd.concat([scores, extra])'
    );
    assert.equal(rewrite(cell, 'Series:DataFrame'), cell);
  });

  it('append a Series as a row and a list of frames as frames', () => {
    assert.equal(
      rewrite(
        "df = df.append(pd.Series({'a': 1}, name='x'), ignore_index=True)"
      ),
      "df = pd.concat([df, pd.Series({'a': 1}, name='x').to_frame().T], ignore_index=True)"
    );
    // A frame's row by one label or position is a Series too: a row of a frame.
    const row = "samples = samples.append(data.describe().loc['50%'])";
    assert.equal(
      rewrite(row, 'DataFrame'),
      "samples = pd.concat([samples, data.describe().loc['50%'].to_frame().T])"
    );
    assert.equal(rewrite(row, 'Series'), row);
    assert.equal(
      rewrite('both = df.append(other.iloc[:3])', 'DataFrame'),
      'both = pd.concat([df, other.iloc[:3]])'
    );
    assert.equal(
      rewrite('all_rows = df.append([rows, rows])', 'DataFrame'),
      'all_rows = pd.concat([df, rows, rows])'
    );
  });

  it('keep level= reductions to pandas objects', () => {
    assert.equal(
      rewrite("totals = df.set_index(['a', 'b']).sum(level=0)"),
      "totals = df.set_index(['a', 'b']).groupby(level=0).sum()"
    );
    assert.equal(
      rewrite('m = [1, 2].count(level=0)'),
      'm = [1, 2].count(level=0)'
    );
  });

  it("rewrite a Series' ravel, never an array's", () => {
    const cell =
      'X_train, X_test, y_train, y_test = train_test_split(X_poly, df.mpg.ravel())';
    assert.equal(rewrite(cell, 'ndarray'), cell);
    assert.equal(
      rewrite(cell, 'Series'),
      cell.replace('mpg.ravel()', 'mpg.to_numpy().ravel()')
    );
    const grid = 'Z = model.predict(np.c_[xx.ravel(), yy.ravel()])';
    assert.equal(rewrite(grid, 'ndarray'), grid);
  });
});

describe('receivers inside a function', () => {
  it("are asked about in the frame of the function's failure, else as the notebook's globals", () => {
    const cell = 'def smooth(df):\n    return df.sort(0)';
    const [match] = scan(cell);
    assert.equal(match.ruleId, 'pandas.sort-by');
    const { expression } = match.question!;
    assert.match(
      expression,
      /co_name == 'smooth' and f\.f_code\.co_firstlineno in \(1,\)/
    );
    assert.match(expression, /if frames else type\(df\)\.__name__\)/);
    assert.equal(
      rewrite(cell, 'DataFrame'),
      cell.replace('sort(', 'sort_values(')
    );
  });

  it('so is the index of an .ix subscript', () => {
    const cell =
      "def second_order_filter(df):\n    for cnt in wells:\n        idx = df['Well Name'] == cnt\n        df.ix[idx, 'GR'] = smooth(df[idx]['GR'].values)";
    const [match] = scan(cell).filter(m => m.ruleId === 'pandas.ix');
    assert.match(
      match.question!.expression,
      /co_name == 'second_order_filter'/
    );
  });
});

describe('a name the source binds to one Axes', () => {
  const PLT = 'import matplotlib.pyplot as plt\n';
  /** The bar rule's matches in a module-like source, and whether each asks the kernel. */
  const bars = (source: string) =>
    scanSource(source, allRules, {
      versions: TODAY,
      imports: importTable([prepareSource(source)])
    })
      .filter(m => m.ruleId === 'matplotlib.bar-position-keyword')
      .map(m => (m.question ? 'asks' : 'rewrites'));

  it('is an Axes at once, in a function as in a cell: no run of the function is needed', () => {
    for (const binding of [
      'axes = plt.gca()',
      'fig = plt.figure()\n    axes = fig.add_subplot(111)',
      'fig, axes = plt.subplots()',
      'fig, axes = plt.subplots(1, 1, figsize=(4, 2))'
    ]) {
      const source = `${PLT}def plot(n):\n    ${binding}\n    axes.barh(bottom=range(n), width=[1] * n)`;
      assert.deepEqual(bars(source), ['rewrites'], binding);
    }
    assert.deepEqual(
      bars(`${PLT}ax = plt.axes()\nax.bar(left=[1, 2], height=[3, 4])`),
      ['rewrites']
    );
  });

  it('is asked about where the source does not settle it', () => {
    for (const binding of [
      'fig, axes = plt.subplots(2, 1)',
      'fig, axes = plt.subplots(nrows=2)',
      'fig, axes = plt.subplots(squeeze=False)',
      'axes = plt.gca()\n    axes = axes.twinx()',
      'axes = make_axes()'
    ]) {
      const source = `${PLT}def plot(n):\n    ${binding}\n    axes.barh(bottom=range(n), width=[1] * n)`;
      assert.deepEqual(bars(source), ['asks'], binding);
    }
    // A parameter, or a loop's target, may be anything.
    assert.deepEqual(
      bars(
        `${PLT}def plot(axes, n):\n    axes = plt.gca()\n    axes.barh(bottom=range(n), width=[1] * n)`
      ),
      ['asks']
    );
    assert.deepEqual(
      bars(
        `${PLT}axes = plt.gca()\nfor axes in grid:\n    axes.barh(bottom=[0], width=[1])`
      ),
      ['asks']
    );
  });

  it("is the enclosing scope's where a comprehension reads it, unless it is the comprehension's own target", () => {
    assert.deepEqual(
      bars(
        `${PLT}ax = plt.gca()\n[ax.bar(left=[i], height=[i]) for i in range(3)]`
      ),
      ['rewrites']
    );
    // Asked in the comprehension's own frame, which the traceback of its failure keeps.
    const [asked] = scan(
      `${PLT}ax = plt.gca()\n[ax.bar(left=[1], height=[1]) for ax in grid]`
    ).filter(m => m.question);
    assert.match(asked.question!.expression, /co_name == '<listcomp>'/);
    // A function may run once the name is bound again: it stays a question.
    assert.deepEqual(
      bars(
        `${PLT}ax = plt.gca()\ndef plot():\n    ax.bar(left=[1], height=[1])`
      ),
      ['asks']
    );
  });

  it("is no pandas frame: a frame's rewrite is not made on it", () => {
    assert.deepEqual(
      scan(`${PLT}fig, ax = plt.subplots()\nax.sort(columns='x')`).filter(m =>
        m.ruleId.startsWith('pandas.')
      ),
      []
    );
  });
});
