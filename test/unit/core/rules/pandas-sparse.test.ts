import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite, scanSource } from '../../../../src/core/rules';
import { pandasSparseFrameRule } from '../../../../src/core/rules/pandas-sparse';
import { testExamples, TODAY } from './helpers';

testExamples([pandasSparseFrameRule]);

/** The cell as the rule rewrites it, with the notebook's imports. */
function rewrite(cell: string, imports = new Map([['pd', 'pandas']])): string {
  const matches = scanSource(cell, [pandasSparseFrameRule], {
    versions: TODAY,
    imports
  });
  return (
    proposeRewrite(cell, matches, { bound: new Set(imports.keys()) })?.source ??
    cell
  );
}

describe("pandas' removed SparseDataFrame", () => {
  it('converts to a COO matrix as a frame of sparse columns', () => {
    assert.equal(
      rewrite(
        'm = csr_matrix(pd.SparseDataFrame(top_movies.iloc[:, :1000]).to_coo())'
      ),
      'm = csr_matrix(pd.DataFrame(top_movies.iloc[:, :1000]).fillna(0).astype(pd.SparseDtype(float, 0)).sparse.to_coo())'
    );
    assert.equal(
      rewrite(
        'coo = pandas.SparseDataFrame(df).to_coo()',
        new Map([['pandas', 'pandas']])
      ),
      'coo = pandas.DataFrame(df).fillna(0).astype(pandas.SparseDtype(float, 0)).sparse.to_coo()'
    );
  });

  it('leaves other uses, other fill values and other libraries alone', () => {
    for (const cell of [
      'sdf = pd.SparseDataFrame(df)',
      'd = pd.SparseDataFrame(df).density',
      'coo = pd.SparseDataFrame(df, default_fill_value=0).to_coo()',
      'coo = mylib.SparseDataFrame(df).to_coo()'
    ]) {
      assert.equal(rewrite(cell), cell, cell);
    }
  });
});
