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

/** Every rule's matches in a cell after `imports`, questions answered `answer`. */
function answeredMatches(
  cell: string,
  imports: string,
  answer?: string
): IRuleMatch[] {
  return scanSource(cell, allRules, {
    versions: TODAY,
    imports: importTable([imports, cell].map(prepareSource))
  }).map(match =>
    match.question && answer !== undefined
      ? { ...match, edits: match.question.decide(answer) ?? [] }
      : match
  );
}

/** The cell as the rules rewrite it, the names `imports` binds counted as bound. */
function rewritten(cell: string, imports = '', answer?: string): string {
  const bound = new Set(importTable([prepareSource(imports)]).keys());
  return (
    proposeRewrite(cell, answeredMatches(cell, imports, answer), { bound })
      ?.source ?? cell
  );
}

const LR = 'from sklearn.linear_model import LogisticRegression';

describe('LogisticRegression(multi_class=...)', () => {
  it("wraps 'ovr' in the notebook's own OneVsRestClassifier when nothing says the labels", () => {
    const imports = `${LR}\nfrom sklearn.multiclass import OneVsRestClassifier as OVR`;
    assert.equal(
      rewritten(
        "scores = cross_val_score(LogisticRegression(multi_class='ovr', C=10), X, y)",
        imports
      ),
      'scores = cross_val_score(OVR(LogisticRegression(C=10)), X, y)'
    );
  });
  it("asks how many classes the fit's labels hold, and drops 'ovr' on a binary problem", () => {
    const cell = `lr = LogisticRegression(multi_class='ovr')\nlr = lr.fit(X_train, y_train)`;
    const [match] = answeredMatches(cell, LR).filter(
      m => m.ruleId === 'sklearn.logistic-multi-class'
    );
    assert.match(match.question!.expression, /ns\['y_train'\]/);
    assert.equal(
      rewritten(cell, LR, '2'),
      'lr = LogisticRegression()\nlr = lr.fit(X_train, y_train)'
    );
    assert.equal(
      rewritten(cell, LR, '3'),
      'from sklearn.multiclass import OneVsRestClassifier\nlr = OneVsRestClassifier(LogisticRegression())\nlr = lr.fit(X_train, y_train)'
    );
  });
  it("takes 'auto' with liblinear as the one-vs-rest it meant, and drops it otherwise", () => {
    assert.equal(
      rewritten(
        "clf = LogisticRegression(multi_class='auto', solver='liblinear')",
        LR
      ),
      "from sklearn.multiclass import OneVsRestClassifier\nclf = OneVsRestClassifier(LogisticRegression(solver='liblinear'))"
    );
    assert.equal(
      rewritten("clf = LogisticRegression(multi_class='auto')", LR),
      'clf = LogisticRegression()'
    );
  });
  it('points at a value it cannot read without changing it', () => {
    const cell = 'clf = LogisticRegression(multi_class=strategy)';
    const found = answeredMatches(cell, LR).filter(
      m => m.ruleId === 'sklearn.logistic-multi-class'
    );
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].edits, []);
  });
});

describe('Imputer(axis=...)', () => {
  it('imputes the rows of an old Imputer(axis=1) together with its rename', () => {
    const cell =
      "from sklearn.preprocessing import Imputer\nimp = Imputer(strategy='mean', axis=1)\nage = imp.fit_transform(titanic.Age).T";
    assert.equal(
      rewritten(cell, 'import numpy as np'),
      "from sklearn.impute import SimpleImputer\nfrom sklearn.preprocessing import FunctionTransformer\nimp = FunctionTransformer(lambda X: SimpleImputer(strategy='mean').fit_transform(np.atleast_2d(X).T).T)\nage = imp.fit_transform(titanic.Age).T"
    );
  });
  it('drops axis=0 and leaves other axes pointed at', () => {
    const imports = 'from sklearn.impute import SimpleImputer';
    assert.equal(
      rewritten('imp = SimpleImputer(axis=0)', imports),
      'imp = SimpleImputer()'
    );
    const found = answeredMatches('imp = SimpleImputer(axis=ax)', imports);
    assert.deepEqual(
      found.filter(m => m.ruleId === 'sklearn.imputer-args')[0].edits,
      []
    );
  });
});

describe('LinearRegression.residues_', () => {
  const imports = 'from sklearn.linear_model import LinearRegression';
  it('is recomputed from the arrays the kernel says the model was fit on', () => {
    assert.equal(
      rewritten('err = model.residues_', imports, 'X_train,y_train'),
      'err = ((y_train - model.predict(X_train)) ** 2).sum(axis=0)'
    );
  });
  it('is left alone when the kernel cannot say', () => {
    assert.equal(
      rewritten('err = model.residues_', imports, ''),
      'err = model.residues_'
    );
    assert.deepEqual(
      answeredMatches('err = models[0].residues_', imports).filter(
        m => m.ruleId === 'sklearn.linear-regression-residues'
      ),
      []
    );
  });
});

describe('binarize(probabilities, threshold)', () => {
  const imports = 'from sklearn.preprocessing import binarize';
  it('passes a 1-D input as one row, by keyword, when the kernel says it is 1-D', () => {
    assert.equal(
      rewritten('pred = binarize(proba[:, 1], 0.3)', imports, '1'),
      'pred = binarize([proba[:, 1]], threshold=0.3)[0]'
    );
  });
  it('keeps a 2-D input as it is', () => {
    assert.equal(
      rewritten('pred = binarize(proba, threshold=0.3)', imports, '2'),
      'pred = binarize(proba, threshold=0.3)'
    );
  });
});

describe("a removed parameter's search grid entry", () => {
  const imports =
    'from sklearn.ensemble import AdaBoostClassifier\nfrom sklearn.model_selection import RandomizedSearchCV';

  it('goes with its comma when every value it lists is safe to drop', () => {
    assert.equal(
      rewritten(
        "dist = {'n_estimators': [2, 5], 'algorithm': ['SAMME', 'SAMME.R']}\nsearch = RandomizedSearchCV(AdaBoostClassifier(), dist)",
        imports
      ),
      "dist = {'n_estimators': [2, 5]}\nsearch = RandomizedSearchCV(AdaBoostClassifier(), dist)"
    );
    assert.equal(
      rewritten(
        "dist = {'ada__algorithm': ('SAMME.R',),\n        'ada__n_estimators': [2, 5]}\nsearch = RandomizedSearchCV(pipe, dist)",
        imports
      ),
      "dist = {'ada__n_estimators': [2, 5]}\nsearch = RandomizedSearchCV(pipe, dist)"
    );
  });

  it('stays in a cell that searches nothing, or with a value it cannot drop', () => {
    for (const cell of [
      "dist = {'algorithm': ['SAMME', 'SAMME.R']}",
      "dist = {'algorithm': ['SAMME', chosen]}\nsearch = RandomizedSearchCV(AdaBoostClassifier(), dist)"
    ]) {
      assert.equal(rewritten(cell, imports), cell);
    }
  });
});
