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
      rewrite('df = df.append(rows, ignore_index=True)'),
      'df = pd.concat([df, rows], ignore_index=True)'
    );
  });

  it('ask before turning an append whose result is kept into a concat', () => {
    const cell = 'both = scores.append(extra)';
    assert.equal(rewrite(cell, 'list'), cell);
    assert.equal(rewrite(cell), cell);
    assert.equal(rewrite(cell, 'Series'), 'both = pd.concat([scores, extra])');
  });

  it('append a Series as a row and a list of frames as frames', () => {
    assert.equal(
      rewrite(
        "df = df.append(pd.Series({'a': 1}, name='x'), ignore_index=True)"
      ),
      "df = pd.concat([df, pd.Series({'a': 1}, name='x').to_frame().T], ignore_index=True)"
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
