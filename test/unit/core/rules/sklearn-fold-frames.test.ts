import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRules, proposeRewrite, raisedBy } from '../../../../src/core/rules';
import { sklearnFoldFrameRule as rule } from '../../../../src/core/rules/sklearn-fold-frames';
import { answered, matchesIn, testExamples } from './helpers';

testExamples([rule]);

const SETUP =
  'import numpy as np\nimport pandas as pd\nfrom sklearn.model_selection import KFold, LeaveOneOut';

/** The subscripts the rule asks about in a cell. */
function asked(source: string): string[] {
  return matchesIn(rule, source, { setup: SETUP }).map(m =>
    source.slice(m.from, m.to)
  );
}

/** The cell as the rule rewrites it, the kernel giving `answer` to every question. */
function rewritten(source: string, answer: string): string {
  return (
    proposeRewrite(
      source,
      answered(matchesIn(rule, source, { setup: SETUP }), answer)
    )?.source ?? source
  );
}

const CELL_LOOP = [
  'kf = KFold(n_splits=5)',
  'for train, test in kf.split(X):',
  '    model.fit(X[train], y[train])',
  '    print(model.score(X[test], y[test]))'
].join('\n');

const FUNCTION_LOOP = [
  'def loo_cv(X_train, y_train, clf):',
  '    loo = LeaveOneOut()',
  '    for train_index, test_index in loo.split(X_train):',
  '        X_train_cv, X_test_cv = X_train[train_index], X_train[test_index]',
  '        y_train_cv, y_test_cv = y_train[train_index], y_train[test_index]',
  '        clf.fit(X_train_cv, y_train_cv)'
].join('\n');

describe('fold indices on a DataFrame or a Series', () => {
  it('is registered, matched only to explain its own failure', () => {
    assert.ok(allRules.includes(rule));
    assert.equal(rule.id, 'sklearn.fold-indices-iloc');
    assert.equal(rule.onFailureOnly, true);
  });

  it('asks about each subscript by a fold index in a loop at cell level', () => {
    assert.deepEqual(asked(CELL_LOOP), [
      'X[train]',
      'y[train]',
      'X[test]',
      'y[test]'
    ]);
    const [match] = matchesIn(rule, CELL_LOOP, { setup: SETUP });
    const expression = match.question!.expression;
    assert.doesNotMatch(expression, /last_traceback/);
    assert.match(expression, /isinstance\(o, \(pd\.DataFrame, pd\.Series\)\)/);
    assert.match(expression, /\(X, train\)$/);
  });

  it('indexes by position where the kernel says a DataFrame or a Series', () => {
    assert.equal(
      rewritten(CELL_LOOP, 'True'),
      [
        'kf = KFold(n_splits=5)',
        'for train, test in kf.split(X):',
        '    model.fit(X.iloc[train], y.iloc[train])',
        '    print(model.score(X.iloc[test], y.iloc[test]))'
      ].join('\n')
    );
  });

  it('leaves numpy arrays alone: the kernel says no', () => {
    assert.equal(rewritten(CELL_LOOP, 'False'), CELL_LOOP);
  });

  it("asks inside a function in the frame its failure left, by the function's name and line", () => {
    const matches = matchesIn(rule, FUNCTION_LOOP, { setup: SETUP });
    assert.deepEqual(
      matches.map(m => FUNCTION_LOOP.slice(m.from, m.to)),
      [
        'X_train[train_index]',
        'X_train[test_index]',
        'y_train[train_index]',
        'y_train[test_index]'
      ]
    );
    for (const match of matches) {
      const expression = match.question!.expression;
      assert.match(expression, /last_traceback/);
      assert.match(
        expression,
        /co_name == 'loo_cv' and f\.f_code\.co_firstlineno in \(1,\)/
      );
    }
    assert.equal(
      rewritten(FUNCTION_LOOP, 'True'),
      FUNCTION_LOOP.replace(/(X_train|y_train)\[/g, '$1.iloc[')
    );
  });

  it('asks about dotted attributes, and through enumerate', () => {
    const source =
      'for i, (tr, te) in enumerate(cv.split(data.X)):\n    fit(data.X[tr], data.y[te])';
    assert.deepEqual(asked(source), ['data.X[tr]', 'data.y[te]']);
    assert.equal(
      rewritten(source, 'True'),
      'for i, (tr, te) in enumerate(cv.split(data.X)):\n    fit(data.X.iloc[tr], data.y.iloc[te])'
    );
  });

  it('leaves subscripts that are written, already positional, or by other keys', () => {
    const source = [
      'for train, test in kf.split(X):',
      '    X[train] = 0',
      '    y[test] += 1',
      '    a, X[test] = 1, 2',
      '    del y[train]',
      '    b = X.iloc[train] + X.loc[test] + y.values[train]',
      '    c = X[train + 1] + X[[train]] + X[i] + X[train, 0] + X[train:test]',
      "    d = df['a'][train] + np.r_[test]"
    ].join('\n');
    assert.deepEqual(asked(source), []);
  });

  it('leaves loops whose targets are not both fold indices', () => {
    for (const source of [
      'for train, test in kf.split(X):\n    fit(X[train])',
      'for train in kf.split(X):\n    fit(X[train], y[train])',
      'for a, b, c in rows:\n    fit(X[a], y[b])',
      'for k, v in d.items():\n    print(v)'
    ]) {
      assert.deepEqual(asked(source), [], source);
    }
  });

  it('does not ask inside a lambda, whose frame cannot be found', () => {
    const source =
      'for train, test in kf.split(X):\n    f = lambda: X[train]\n    g(y[test], X[test])';
    assert.deepEqual(asked(source), ['y[test]', 'X[test]']);
  });

  it('explains the KeyErrors pandas 3 raises for positions taken as labels', () => {
    for (const evalue of [
      '"None of [Index([0, 1, 2], dtype=\'int64\')] are in the [columns]"',
      '"None of [Index([0, 1], dtype=\'int64\')] are in the [index]"',
      "'[11] not in index'"
    ]) {
      assert.ok(raisedBy(rule, { ename: 'KeyError', evalue }), evalue);
    }
    assert.ok(!raisedBy(rule, { ename: 'KeyError', evalue: "'label'" }));
    assert.ok(
      !raisedBy(rule, {
        ename: 'IndexError',
        evalue: "'[11] not in index'"
      })
    );
  });
});
