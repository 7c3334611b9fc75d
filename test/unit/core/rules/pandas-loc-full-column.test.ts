import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { pandasBehaviourRules } from '../../../../src/core/rules/pandas-behaviour';
import { TODAY } from './helpers';

const rule = pandasBehaviourRules.find(r => r.id === 'pandas.loc-full-column')!;

/** The cell as the rule rewrites it in a notebook that imports pandas. */
function rewritten(cell: string): string {
  const imports = importTable(
    ['import pandas as pd\nimport numpy as np', cell].map(prepareSource)
  );
  const matches = scanSource(cell, [rule], { versions: TODAY, imports });
  return proposeRewrite(cell, matches)?.source ?? cell;
}

describe('a write to every row of one column', () => {
  it('replaces the column, by label or by position', () => {
    assert.equal(
      rewritten("oj.loc[ : , 'Purchase'] = le.transform(oj['Purchase'])"),
      "oj['Purchase'] = le.transform(oj['Purchase'])"
    );
    assert.equal(rewritten('df.loc[:, 3] = 0'), 'df[3] = 0');
    assert.equal(
      rewritten('data.iloc[:, 0] = codes'),
      'data[data.columns[0]] = codes'
    );
    assert.equal(rewritten("frames[i].loc[:, 'y'] = 0"), "frames[i]['y'] = 0");
    assert.equal(
      rewritten("for c in cols:\n    train.loc[:, 'y'] = 1"),
      "for c in cols:\n    train['y'] = 1"
    );
  });

  it('replaces several columns, by a list of labels or a slice of positions, with values that have no labels', () => {
    assert.equal(
      rewritten("df.iloc[:, 1:] = np.where(df.iloc[:, 1:] == 'y', 1, 2)"),
      "df[df.columns[1:]] = np.where(df.iloc[:, 1:] == 'y', 1, 2)"
    );
    assert.equal(
      rewritten("df.loc[:, ['a', 'b']] = scaler.fit_transform(df[['a', 'b']])"),
      "df[['a', 'b']] = scaler.fit_transform(df[['a', 'b']])"
    );
    assert.equal(rewritten('df.iloc[:, 1:3] = 0'), 'df[df.columns[1:3]] = 0');
  });

  it('leaves rows, label slices, names and other statements alone', () => {
    for (const cell of [
      "df.loc[mask, 'y'] = 0",
      "df.loc[:, ['a', 'b']] = other",
      "df.loc[:, 'a':'c'] = 0",
      'df.loc[:, col] = 0',
      "df.iloc[:, 'a'] = 0",
      // Several columns from a frame: aligned by label before, by position after.
      'df.iloc[:, 1:] = other',
      "df.loc[:, ['a', 'b']] = frame[['x', 'y']]",
      "df.loc[:, 'y'] += 1",
      "a = df.loc[:, 'y'] = 0",
      "x = df.loc[:, 'y']",
      "df.at[:, 'y'] = 0",
      "get().loc[:, 'y'] = 0"
    ]) {
      assert.equal(rewritten(cell), cell, cell);
    }
  });
});
