import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { raisedBy } from '../../../../src/core/rules';
import {
  pandasStrSetitemRule,
  pandasStrSetitemRules
} from '../../../../src/core/rules/pandas-str-setitem';
import { askingScan, testExamples } from './helpers';

const { scan, asked, rewritten } = askingScan(
  [pandasStrSetitemRule],
  'import pandas as pd'
);

testExamples(pandasStrSetitemRules);

describe('numbers written into a text column', () => {
  it('asks about .loc and .at writes to a column, once per column', () => {
    const cell = [
      "df.loc[df.Sex == 'male', 'Sex'] = 0",
      "df.loc[df.Sex == 'female', 'Sex'] = 1",
      'df.at[3, col] = np.nan',
      "data.loc[mask, ['a', 'b']] = -1"
    ].join('\n');
    assert.deepEqual(asked(cell), [
      "df.loc[df.Sex == 'male', 'Sex']",
      'df.at[3, col]',
      "data.loc[mask, ['a', 'b']]"
    ]);
  });

  it('leaves strings written, whole rows, calls and reads alone', () => {
    const cell = [
      "df.loc[mask, 'Sex'] = 'unknown'",
      'df.loc[mask, :] = 0',
      "f(df).loc[mask, 'a'] = 0",
      "x = df.loc[mask, 'a']",
      'df.iloc[0, 1] = 5',
      "df['b'] = 0",
      'df[col] = values'
    ].join('\n');
    assert.deepEqual(asked(cell), []);
  });

  it('makes the column an object column only when the kernel says it is str', () => {
    const cell = "if ready: df.loc[df.Sex == 'male', 'Sex'] = 0";
    assert.equal(
      rewritten(cell, 'DataFrame|str'),
      "if ready: df['Sex'] = df['Sex'].astype(object); df.loc[df.Sex == 'male', 'Sex'] = 0"
    );
    for (const answer of [
      'DataFrame|object',
      'DataFrame|int64',
      'Series|str'
    ]) {
      assert.equal(rewritten(cell, answer), cell);
    }
    // Whole rows of a frame, or a Series: only the kernel can tell which.
    const rows = 'df.loc[mask] = 0';
    assert.equal(rewritten(rows, 'DataFrame|'), rows);
    assert.equal(
      rewritten(rows, 'Series|str'),
      'df = df.astype(object)\ndf.loc[mask] = 0'
    );
    const both = "df.loc[m, ['a', 'b']] = 0";
    assert.equal(
      rewritten(both, 'DataFrame|int64|str'),
      "df[['a', 'b']] = df[['a', 'b']].astype(object)\ndf.loc[m, ['a', 'b']] = 0"
    );
  });

  it("asks inside a function in the failed call's frame, and leaves its Series alone", () => {
    const cell = [
      'def encode(frame, s):',
      "    frame.loc[frame.c == 'x', 'c'] = 0",
      "    s[s == 'x'] = 0"
    ].join('\n');
    const matches = scan(cell);
    assert.equal(matches.length, 1);
    assert.match(matches[0].question!.expression, /co_name == 'encode'/);
  });

  it("explains the str dtype's refusal of a number", () => {
    const failure = {
      status: 'error' as const,
      ename: 'TypeError',
      evalue:
        "Invalid value '0' for dtype 'str'. Value should be a string or missing value, got 'int' instead.",
      outputs: []
    };
    assert.ok(raisedBy(pandasStrSetitemRule, failure));
  });
});

describe('writes into a Series at module level', () => {
  it('asks about masks, positions and .loc or .iloc keys, never a new column', () => {
    const cell = [
      "s[s == 'x'] = 0",
      'w[~known] = -1',
      "t[(t == 'a') | (t == 'b')] = 1",
      'u[0] = 5',
      'v.iloc[3] = 2',
      "df['new'] = 0",
      'x[10:] = 0'
    ].join('\n');
    assert.deepEqual(asked(cell), [
      "s[s == 'x']",
      'w[~known]',
      "t[(t == 'a') | (t == 'b')]",
      'u[0]',
      'v.iloc[3]'
    ]);
  });
});
