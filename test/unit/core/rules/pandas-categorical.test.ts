import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { raisedBy } from '../../../../src/core/rules';
import { pandasCategoricalReplaceRule } from '../../../../src/core/rules/pandas-categorical';
import { askingScan } from './helpers';

const { asked, rewritten } = askingScan(
  [pandasCategoricalReplaceRule],
  'import pandas as pd'
);

describe('replace on a categorical column', () => {
  it('asks about a mapping given by name or as a literal', () => {
    const cell = [
      "df['cat1'] = df['cat1'].replace(mapping)",
      "s = s.replace({'a': 'x', 'b': 'y'})",
      "t = text.replace('a', 'b')",
      "u = df.replace({'a': 'x'}, inplace=True)",
      "v = s.replace({'a': f(x)})",
      "w = s.str.replace('a')"
    ].join('\n');
    assert.deepEqual(asked(cell), [
      "df['cat1'].replace(mapping)",
      "s.replace({'a': 'x', 'b': 'y'})"
    ]);
  });

  it('renames the categories only when the kernel says they are new names', () => {
    const cell = "df['cat1'] = df['cat1'].replace(mapping)";
    assert.equal(
      rewritten(cell, 'True'),
      "df['cat1'] = df['cat1'].cat.rename_categories(mapping)"
    );
    assert.equal(rewritten(cell, 'False'), cell);
  });

  it('is raised by the error pandas gives', () => {
    const evalue =
      'Cannot setitem on a Categorical with a new category (arf), set the categories first';
    assert.ok(
      raisedBy(pandasCategoricalReplaceRule, { ename: 'TypeError', evalue })
    );
  });
});
