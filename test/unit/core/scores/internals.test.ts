import type * as nbformat from '@jupyterlab/nbformat';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareScores,
  extractScores,
  type IScore
} from '../../../../src/core/scores';
import { cells, stdout } from './helpers';

// Which printed numbers are scores, in the shapes real notebooks print them: a metric's
// value is; a model's internals, counts, shapes, timings and progress logs are not, even
// beside a metric's name.

function found(scores: IScore[]): string[] {
  return scores.map(s => `${s.metric}=${s.value}`);
}

function scoresOf(source: string, ...outputs: nbformat.IOutput[]): IScore[] {
  return extractScores(cells([source, outputs]));
}

const FOREST =
  'rf.fit(X_train, y_train)\n' +
  'print("Test accuracy: %.3f" % rf.score(X_test, y_test))\n' +
  'for name, imp in zip(names, rf.feature_importances_):\n' +
  '    print("Feature importance score of %s: %.3f" % (name, imp))';

describe('extractScores: internals beside a metric', () => {
  it('feature importances printed with "score" are not scores', () => {
    const scores = scoresOf(
      FOREST,
      stdout(
        'Test accuracy: 0.957\n' +
          'Feature importance score of alcohol: 0.213\n' +
          'Feature importance score of flavanoids: 0.167\n'
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.957']);
  });

  it('an importance that moved a lot does not put the notebook out of tolerance', () => {
    const saved = scoresOf(
      FOREST,
      stdout('Test accuracy: 0.957\nFeature importance score of ash: 0.021\n')
    );
    const now = scoresOf(
      FOREST,
      stdout('Test accuracy: 0.951\nFeature importance score of ash: 0.094\n')
    );
    const report = compareScores(saved, now);
    assert.equal(report.rows.length, 1);
    assert.equal(report.allWithin, true);
  });

  it('counts, shapes and timings named after a score', () => {
    const scores = scoresOf(
      'scores = cross_val_score(clf, X, y, cv=5)\n' +
        'print("Number of CV scores:", len(scores))\n' +
        'print("CV scores shape:", scores.shape)\n' +
        'print("Fit and score time: %.2f" % elapsed)\n' +
        'print("Mean score time: %.3f s" % t)\n' +
        'print("Mean CV score: %.3f" % scores.mean())',
      stdout(
        'Number of CV scores: 5\nCV scores shape: (5,)\nFit and score time: 1.25\n' +
          'Mean score time: 0.004 s\nMean CV score: 0.947\n'
      )
    );
    assert.deepEqual(found(scores), ['cv_mean=0.947']);
  });

  it('a qualifier after the metric does not hide it', () => {
    const scores = scoresOf(
      'for w in ["uniform", "distance"]:\n' +
        '    knn = KNeighborsClassifier(weights=w).fit(X_train, y_train)\n' +
        '    print("Accuracy with %s weights: %.3f" % (w, knn.score(X_test, y_test)))',
      stdout(
        'Accuracy with uniform weights: 0.912\nAccuracy with distance weights: 0.925\n'
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.912', 'accuracy=0.925']);
  });

  it('the coefficient of determination is R², the coefficients are not', () => {
    const scores = scoresOf(
      'print("Coefficients:", lr.coef_)\n' +
        'print("Intercept score: %.2f" % lr.intercept_)\n' +
        'print("Coefficient of determination: %.2f" % r2_score(y_test, pred))',
      stdout(
        'Coefficients: [ 0.41 -1.2 ]\nIntercept score: 152.92\nCoefficient of determination: 0.47\n'
      )
    );
    assert.deepEqual(found(scores), ['r2=0.47']);
  });

  it('an error rate is a score (lower is better); a standard error is not', () => {
    const scores = scoresOf(
      'print("Test error: %.3f" % (1 - clf.score(X_test, y_test)))\n' +
        'print("Standard error: %.3f" % se)',
      stdout('Test error: 0.043\nStandard error: 0.021\n')
    );
    assert.deepEqual(found(scores), ['error=0.043']);
    assert.equal(scores[0].direction, 'lower');
  });
});

describe('extractScores: progress logs are not scores', () => {
  it("a verbose estimator's iterations, then its test accuracy", () => {
    const scores = scoresOf(
      'mlp = MLPClassifier(verbose=True).fit(X_train, y_train)\n' +
        'print("Test accuracy:", accuracy_score(y_test, mlp.predict(X_test)))',
      stdout(
        'Iteration 1, loss = 0.69314718\nIteration 2, loss = 0.51230412\n' +
          'Iteration 3, loss = 0.40118376\nTest accuracy: 0.97\n'
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.97']);
  });

  it("a verbose grid search's folds, then its best score", () => {
    const scores = scoresOf(
      'grid = GridSearchCV(SVC(), params, cv=3, verbose=2).fit(X, y)\n' +
        'print("Best score: %.3f" % grid.best_score_)',
      stdout(
        'Fitting 3 folds for each of 2 candidates, totalling 6 fits\n' +
          '[CV] C=1, gamma=0.01, score=0.933, total=   0.0s\n' +
          '[CV] C=10, gamma=0.01, score=0.960, total=   0.0s\n' +
          '[Parallel(n_jobs=1)]: Done   6 out of   6 | elapsed:    0.1s finished\n' +
          'Best score: 0.953\n'
      )
    );
    assert.deepEqual(found(scores), ['best_score=0.953']);
  });

  it("a boosting model's evaluation log", () => {
    const scores = scoresOf(
      'model.fit(X_train, y_train, eval_set=[(X_test, y_test)])\n' +
        'print("RMSE: %.3f" % np.sqrt(mean_squared_error(y_test, model.predict(X_test))))',
      stdout(
        '[0]\tvalidation_0-rmse:0.51234\n[1]\tvalidation_0-rmse:0.48721\nRMSE: 0.412\n'
      )
    );
    assert.deepEqual(found(scores), ['rmse=0.412']);
  });
});

describe('extractScores: a name in a printed message is not code', () => {
  const notebook = cells(
    [
      'scores = cross_val_score(clf, X, y, cv=5)\nscore = clf.fit(X, y).score(X, y)'
    ],
    [
      'selector = SelectKBest(chi2, k=2).fit(X, y)\nprint("Scores:", selector.scores_)',
      [stdout('Scores: [ 10.82   3.71 116.31  67.05]\n')]
    ],
    [
      'print("Average exam score:", df["exam score"].mean())',
      [stdout('Average exam score: 66.1\n')]
    ],
    [
      'print(f"Mean CV score: {scores.mean():.3f}")',
      [stdout('Mean CV score: 0.947\n')]
    ]
  );

  it("a selector's statistics and a data column's mean are not scores; a metric's name in an f-string's field is code", () => {
    const scores = extractScores(notebook);
    assert.deepEqual(
      scores.map(s => `${s.cellId} ${s.metric}=${s.value}`),
      ['c3 cv_mean=0.947']
    );
  });
});
