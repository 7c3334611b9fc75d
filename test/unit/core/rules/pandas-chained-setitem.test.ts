import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  pandasChainedSetitemRule,
  pandasChainedSetitemRules
} from '../../../../src/core/rules/pandas-chained-setitem';
import { askingScan, testExamples } from './helpers';

const { scan, asked, rewritten } = askingScan(
  [pandasChainedSetitemRule],
  'import pandas as pd\nimport numpy as np'
);

testExamples(pandasChainedSetitemRules);

describe('a write through a column under Copy-on-Write', () => {
  it('asks about a column then rows, by key or by attribute', () => {
    const cell = [
      "df['Age'][df['Age'].isnull()] = 28",
      'df.Fare[df.Fare > 500] = 500',
      'df[col][i] = value',
      "scores['acc'][k] += 1"
    ].join('\n');
    assert.deepEqual(asked(cell), [
      "df['Age'][df['Age'].isnull()]",
      'df.Fare[df.Fare > 500]',
      'df[col][i]',
      "scores['acc'][k]"
    ]);
  });

  it('leaves indexers, partial slices, modules, numbers and reads alone', () => {
    const cell = [
      "df.loc[mask, 'a'] = 0",
      'df.loc[mask] = 0',
      'df.iloc[0][1] = 5',
      "df['a'][0:5] = 0",
      "plt.rcParams['font.size'] = 16",
      'grid[1][0] = 77',
      "x = df['a'][mask]",
      "df['a'][1, 2] = 0",
      "f(df)['a'][0] = 1"
    ].join('\n');
    assert.deepEqual(asked(cell), []);
  });

  it('rewrites only what the kernel says is a column of a DataFrame', () => {
    const cell = "scores['acc'][k] = 1";
    assert.equal(rewritten(cell, 'dict||False'), cell);
    assert.equal(rewritten(cell, 'DataFrame|integer|False'), cell);
    assert.equal(
      rewritten(cell, 'DataFrame|integer|True'),
      "scores.loc[k, 'acc'] = 1"
    );
  });

  it('takes a key that may be an integer only on an integer index', () => {
    // On other labels the old Series read an integer key as a position.
    const cell = 'df.price[i] = 0';
    assert.equal(rewritten(cell, 'DataFrame|string|True'), cell);
    assert.equal(
      rewritten(cell, 'DataFrame|integer|True'),
      "df.loc[i, 'price'] = 0"
    );
    const masked = "df['price'][df['price'] < 0] = 0";
    assert.equal(
      rewritten(masked, 'DataFrame|string|True'),
      "df.loc[df['price'] < 0, 'price'] = 0"
    );
  });

  it('asks whether an attribute is a column and no DataFrame attribute', () => {
    const [match] = scan('df.Fare[mask] = 0');
    assert.match(
      match.question!.expression,
      /'Fare' in f\.columns and not hasattr\(pd\.DataFrame, 'Fare'\)/
    );
  });
});
