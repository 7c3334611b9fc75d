import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  raisedBy,
  scanSource,
  type IRule,
  type IRuleMatch
} from '../../../../src/core/rules';
import {
  pandasObjectDtypeRule,
  pandasStrValuesRule,
  pandasStringRules
} from '../../../../src/core/rules/pandas-strings';
import { answered, testExamples, TODAY } from './helpers';

const IMPORTS = 'import numpy as np\nimport pandas as pd';

/** The rule's matches in a cell of a notebook that imports numpy and pandas. */
function scan(rule: IRule, cell: string): IRuleMatch[] {
  const imports = importTable([IMPORTS, cell].map(prepareSource));
  return scanSource(cell, [rule], { versions: TODAY, imports });
}

/** The spans the rule asks the kernel about. */
function asked(rule: IRule, cell: string): string[] {
  return scan(rule, cell).map(m => cell.slice(m.from, m.to));
}

/** The cell as the rule rewrites it when the kernel gives `answer` to every question. */
function rewritten(rule: IRule, cell: string, answer: string): string {
  const matches = answered(scan(rule, cell), answer);
  return proposeRewrite(cell, matches)?.source ?? cell;
}

testExamples(pandasStringRules);

describe("a text column's .values", () => {
  it('asks about names, attributes and column subscripts', () => {
    const cell = [
      "y = data['class'].values.reshape((n, 1))",
      'z = df.index.values',
      'w = s.values[0]'
    ].join('\n');
    assert.deepEqual(asked(pandasStrValuesRule, cell), [
      "data['class'].values",
      'df.index.values',
      's.values'
    ]);
  });

  it('leaves dict views, calls, modules, literals and assignments alone', () => {
    const cell = [
      'a = counts.values()',
      "b = np.values + pd.values + f(x).values + {'a': 1}.values",
      's.values = other'
    ].join('\n');
    assert.deepEqual(asked(pandasStrValuesRule, cell), []);
  });

  it('reads to_numpy() only on a Series or Index of str', () => {
    const cell = "y = data['class'].values.reshape((n, 1))";
    const fixed = "y = data['class'].to_numpy().reshape((n, 1))";
    assert.equal(rewritten(pandasStrValuesRule, cell, 'Series|str'), fixed);
    assert.equal(rewritten(pandasStrValuesRule, cell, 'Index|str'), fixed);
    for (const answer of ['Series|float64', 'DataFrame|', 'ndarray|object']) {
      assert.equal(rewritten(pandasStrValuesRule, cell, answer), cell);
    }
  });

  it("asks inside a function in the failed call's frame", () => {
    const cell = 'def labels(frame):\n    return frame.values.reshape(-1, 1)';
    const [match] = scan(pandasStrValuesRule, cell);
    assert.match(match.question!.expression, /co_name == 'labels'/);
  });

  it('explains the failure of a two-dimensional StringArray', () => {
    const failure = {
      status: 'error' as const,
      ename: 'ValueError',
      evalue: 'Buffer has wrong number of dimensions (expected 1, got 2)',
      outputs: []
    };
    assert.ok(raisedBy(pandasStrValuesRule, failure));
  });
});

describe('comparisons of a dtype with object', () => {
  it('asks about every spelling of object, == and !=', () => {
    const cell = [
      'a = s.dtype == object',
      "b = s.dtype != 'O'",
      'c = df.dtypes == np.object_',
      "d = df[c].dtype.name == 'object'",
      'e = t == "object"'
    ].join('\n');
    assert.deepEqual(asked(pandasObjectDtypeRule, cell), [
      's.dtype == object',
      "s.dtype != 'O'",
      'df.dtypes == np.object_',
      "df[c].dtype.name == 'object'",
      't == "object"'
    ]);
  });

  it('leaves other comparisons, other operators and calls alone', () => {
    const cell = [
      "a = s.dtype == 'int64'",
      'b = s.dtype is object',
      'c = f(s) == object',
      "d = x == 'Other'",
      'e = s.dtype == self.object'
    ].join('\n');
    assert.deepEqual(asked(pandasObjectDtypeRule, cell), []);
  });

  it('compares a dtype with str too, and a Series of dtypes elementwise', () => {
    const rule = pandasObjectDtypeRule;
    assert.equal(
      rewritten(rule, "keep = s.dtype != 'O'", 'dtype'),
      "keep = s.dtype not in ('O', 'str')"
    );
    assert.equal(
      rewritten(rule, 'cols = df.columns[df.dtypes == object]', 'dtypes'),
      "cols = df.columns[(df.dtypes == object) | (df.dtypes == 'str')]"
    );
    assert.equal(
      rewritten(rule, 'num = df.dtypes[df.dtypes != object]', 'dtypes'),
      "num = df.dtypes[~((df.dtypes == object) | (df.dtypes == 'str'))]"
    );
  });

  it("leaves the user's own values alone whatever they are", () => {
    const cell = 'flag = t == object';
    for (const answer of ['str', 'type', 'DataFrame', 'Series', 'ndarray']) {
      assert.equal(rewritten(pandasObjectDtypeRule, cell, answer), cell);
    }
  });

  it("asks whether a column's frame is a DataFrame, inside a comprehension too", () => {
    const cell = 'text = [c for c in df.columns if df[c].dtype == object]';
    const [match] = scan(pandasObjectDtypeRule, cell);
    assert.match(
      match.question!.expression,
      /== 'DataFrame' else 'other'\)\(df\)$/
    );
    assert.equal(
      rewritten(pandasObjectDtypeRule, cell, 'dtype'),
      "text = [c for c in df.columns if df[c].dtype in (object, 'str')]"
    );
    assert.equal(rewritten(pandasObjectDtypeRule, cell, 'other'), cell);
    const loopOwn = '[c for c in cols if c.dtype == object]';
    assert.deepEqual(asked(pandasObjectDtypeRule, loopOwn), []);
  });

  it('explains text left in the columns a comparison kept out', () => {
    const failure = {
      status: 'error' as const,
      ename: 'ValueError',
      evalue: "could not convert string to float: 'male'",
      outputs: []
    };
    assert.ok(raisedBy(pandasObjectDtypeRule, failure));
  });
});
