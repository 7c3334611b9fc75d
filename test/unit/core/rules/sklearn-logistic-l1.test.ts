import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnLogisticRules } from '../../../../src/core/rules/sklearn-logistic';
import { answered, matchesIn, testExamples } from './helpers';

const rule = sklearnLogisticRules.find(
  r => r.id === 'sklearn.logistic-l1-solver'
)!;
testExamples([rule]);

const IMPORT = 'from sklearn.linear_model import LogisticRegression\n';

describe("LogisticRegression(penalty='l1') without a solver", () => {
  it('pins liblinear where the cell fits nothing', () => {
    const source = `${IMPORT}LogisticRegression(penalty='l1')`;
    assert.equal(
      proposeRewrite(source, matchesIn(rule, source))?.source,
      `${IMPORT}LogisticRegression(penalty='l1', solver='liblinear')`
    );
  });

  it('fits one-vs-rest on more than two classes, and leaves calls that name a solver', () => {
    const source = `${IMPORT}lr = LogisticRegression(penalty='l1')\nlr.fit(X, y)`;
    assert.equal(
      proposeRewrite(source, answered(matchesIn(rule, source), '3'))?.source,
      `${IMPORT}from sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(penalty='l1', solver='liblinear'))\nlr.fit(X, y)`
    );
    for (const other of [
      `${IMPORT}lr = LogisticRegression(penalty='l1', solver='saga')`,
      `${IMPORT}lr = LogisticRegression(penalty='l2')`
    ]) {
      assert.deepEqual(matchesIn(rule, other), [], other);
    }
  });
});

describe("LogisticRegression's old default solver", () => {
  const solver = sklearnLogisticRules.find(
    r => r.id === 'sklearn.logistic-solver'
  )!;
  testExamples([solver]);
  const dated = { writtenWith: '3.6.8' };

  it('pins liblinear, one-vs-rest on more than two classes', () => {
    const source = `${IMPORT}lr = LogisticRegression(random_state=7).fit(X, y)`;
    const matches = () => matchesIn(solver, source, dated);
    assert.equal(
      proposeRewrite(source, answered(matches(), '2'))?.source,
      `${IMPORT}lr = LogisticRegression(random_state=7, solver='liblinear').fit(X, y)`
    );
    assert.equal(
      proposeRewrite(source, answered(matches(), '3'))?.source,
      `${IMPORT}from sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression(random_state=7, solver='liblinear')).fit(X, y)`
    );
  });

  it('leaves notebooks written after 0.22 and calls that choose a solver or scheme', () => {
    const plain = `${IMPORT}lr = LogisticRegression().fit(X, y)`;
    assert.deepEqual(matchesIn(solver, plain, { writtenWith: '3.9.7' }), []);
    for (const other of [
      `${IMPORT}LogisticRegression(solver='saga')`,
      `${IMPORT}LogisticRegression(multi_class='multinomial')`,
      `${IMPORT}LogisticRegression(**params)`
    ]) {
      assert.deepEqual(matchesIn(solver, other, dated), [], other);
    }
  });
});

describe("liblinear's one-vs-rest on more than two classes", () => {
  const multiclass = sklearnLogisticRules.find(
    r => r.id === 'sklearn.liblinear-multiclass'
  )!;
  testExamples([multiclass]);
  const rewritten = (source: string, answer: string) =>
    proposeRewrite(source, answered(matchesIn(multiclass, source), answer))
      ?.source ?? source;

  it('wraps the estimator where the labels it is fit on hold more than two classes', () => {
    const source = `${IMPORT}lr1 = LogisticRegression(solver='liblinear', C=.1)\nlr1.fit(Xtrain, ytrain)`;
    assert.equal(
      rewritten(source, '3'),
      `${IMPORT}from sklearn.multiclass import OneVsRestClassifier\nlr1 = OneVsRestClassifier(LogisticRegression(solver='liblinear', C=.1))\nlr1.fit(Xtrain, ytrain)`
    );
    assert.equal(rewritten(source, '2'), source);
  });

  it("wraps the cell's only such call where the cell does not fit it, and leaves others", () => {
    const source = `${IMPORT}models = [LogisticRegression(solver='liblinear'), SVC()]`;
    assert.equal(
      rewritten(source, ''),
      `${IMPORT}from sklearn.multiclass import OneVsRestClassifier\nmodels = [OneVsRestClassifier(LogisticRegression(solver='liblinear')), SVC()]`
    );
    for (const other of [
      `${IMPORT}a = LogisticRegression(solver='liblinear')\nb = LogisticRegression(solver='liblinear', C=2)`,
      `${IMPORT}from sklearn.multiclass import OneVsRestClassifier\nm = OneVsRestClassifier(LogisticRegression(solver='liblinear'))`,
      `${IMPORT}m = LogisticRegression(solver='lbfgs')`,
      `${IMPORT}m = LogisticRegression(solver='liblinear', multi_class='ovr')`
    ]) {
      assert.deepEqual(matchesIn(multiclass, other), [], other);
    }
  });
});

describe('LogisticRegression(penalty=value) without a solver, once an l1 penalty failed', () => {
  const valueRule = sklearnLogisticRules.find(
    r => r.id === 'sklearn.logistic-l1-solver-value'
  )!;
  testExamples([valueRule]);

  it('pins liblinear, which took both penalties', () => {
    const source =
      'def create(c, penalty):\n    return LogisticRegression(C=c, penalty=penalty, dual=False)';
    assert.equal(
      proposeRewrite(source, matchesIn(valueRule, source))?.source,
      "def create(c, penalty):\n    return LogisticRegression(C=c, penalty=penalty, dual=False, solver='liblinear')"
    );
  });

  it('leaves a penalty written out, and calls that name a solver', () => {
    for (const source of [
      "LogisticRegression(penalty='l2')",
      "LogisticRegression(penalty=p, solver='saga')",
      'LogisticRegression(**params)'
    ]) {
      assert.deepEqual(matchesIn(valueRule, source), [], source);
    }
  });
});
