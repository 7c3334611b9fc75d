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
  return scan(rule, cell)
    .filter(m => m.question && m.edits.length === 0)
    .map(m => cell.slice(m.from, m.to));
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
  /** The cell as the rule rewrites it before the run, with no kernel to ask. */
  const offline = (cell: string, versions = TODAY) =>
    proposeRewrite(
      cell,
      scanSource(cell, [pandasObjectDtypeRule], { versions })
    )?.source ?? null;

  it('looks for str too where a dtype is compared, with every spelling of object', () => {
    assert.equal(
      offline("cats = X.columns[X.dtypes != 'object']"),
      "cats = X.columns[(X.dtypes != 'object') & (X.dtypes != 'str')]"
    );
    assert.equal(
      offline('if "O" == df["a"].dtype: pass'),
      'if df["a"].dtype in ("O", \'str\'): pass'
    );
    assert.equal(
      offline('c = df.dtypes == np.object_'),
      "c = (df.dtypes == np.object_) | (df.dtypes == 'str')"
    );
    assert.equal(
      offline("d = [c for c in df if df[c].dtype.name != 'object']"),
      "d = [c for c in df if df[c].dtype.name not in ('object', 'str')]"
    );
  });

  it('asks the kernel about a compared thing its form does not name', () => {
    const cell = ['a = t == object', "b = s.dtype == 'O'"].join('\n');
    assert.deepEqual(asked(pandasObjectDtypeRule, cell), ['t == object']);
    assert.equal(
      rewritten(pandasObjectDtypeRule, 'flag = t != object', 'dtypes'),
      "flag = (t != object) & (t != 'str')"
    );
    assert.equal(
      rewritten(pandasObjectDtypeRule, 'flag = t != object', 'dtype'),
      "flag = t not in (object, 'str')"
    );
  });

  it("leaves the user's own values alone whatever they are", () => {
    const cell = 'flag = t == object';
    for (const answer of ['str', 'type', 'DataFrame', 'Series', 'ndarray']) {
      assert.equal(rewritten(pandasObjectDtypeRule, cell, answer), cell);
    }
    // A comprehension's own names are gone once it has run: nothing to ask.
    assert.deepEqual(
      asked(pandasObjectDtypeRule, '[c for c in cols if c == object]'),
      []
    );
  });

  it('leaves other dtypes, operators, chained comparisons and calls alone', () => {
    for (const cell of [
      "a = s.dtype == 'int64'",
      'b = s.dtype is object',
      'c = f(s) == object',
      "d = x == 'Other'",
      'e = s.dtype == self.object',
      "f = 'O' == t.dtype == u.dtype",
      "g = load().dtypes == 'object'",
      "h = df.dtype.kind == 'O'"
    ]) {
      assert.equal(offline(cell), null, cell);
      assert.deepEqual(asked(pandasObjectDtypeRule, cell), [], cell);
    }
  });

  it('leaves a comparison that looks for str already alone', () => {
    const cell =
      "m = (df.dtypes == 'object') | (df.dtypes == 'str')\nk = df[c].dtype == object or df[c].dtype == 'str'";
    assert.equal(offline(cell), null);
  });

  it('leaves object alone where the notebook binds the name itself', () => {
    const cell = "object = 'O'\nx = s.dtype == object";
    const matches = scanSource(cell, [pandasObjectDtypeRule], {
      versions: TODAY,
      defined: new Set(['object'])
    });
    assert.deepEqual(matches, []);
  });

  it('changes nothing before pandas 3.0, where text columns were objects', () => {
    const old = new Map(TODAY);
    old.set('pandas', '2.2.3');
    assert.equal(offline("x = df.dtypes == 'object'", old), null);
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
