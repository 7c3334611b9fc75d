import type * as nbformat from '@jupyterlab/nbformat';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractScores, type IScore } from '../../../../src/core/scores';
import { cells, result, stderr, stdout } from './helpers';

/** `metric=value` for each score, in order. */
function found(scores: IScore[]): string[] {
  return scores.map(s => `${s.metric}=${s.value}`);
}

/** The scores of one cell with this source and these outputs. */
function scoresOf(source: string, ...outputs: nbformat.IOutput[]): IScore[] {
  return extractScores(cells([source, outputs]));
}

describe('extractScores: metric forms', () => {
  const forms: [source: string, printed: string, expected: string[]][] = [
    ['acc = accuracy_score(y, p)', 'Accuracy: 0.81\n', ['accuracy=0.81']],
    ['np.sqrt(mean_squared_error(y, p))', 'RMSE = 3.2\n', ['rmse=3.2']],
    ['roc_auc_score(y, p)', 'AUC 0.75\n', ['roc_auc=0.75']],
    [
      'scores = cross_val_score(m, X, y)',
      'mean CV score 0.80 (+/- 0.03)\n',
      ['cv_mean=0.8']
    ],
    ['mean_squared_error(y, p)', 'Test MSE: 10.52\n', ['mse=10.52']],
    ['mean_absolute_error(y, p)', 'MAE: 2.1\n', ['mae=2.1']],
    ['r2_score(y, p)', 'R2 score: -0.12\n', ['r2=-0.12']],
    [
      'f1_score(y, p)',
      'F1: 0.70, precision: 0.8, recall: 0.6\n',
      ['f1=0.7', 'precision=0.8', 'recall=0.6']
    ],
    ['log_loss(y, p)', 'Log loss = 0.45\n', ['log_loss=0.45']],
    ['grid.best_score_', 'Best score: 0.912\n', ['best_score=0.912']],
    ['km.inertia_', 'Inertia for 10 clusters: 878.9\n', ['inertia=878.9']],
    ['silhouette_score(X, labels)', 'silhouette = 0.45\n', ['silhouette=0.45']],
    ['clf.score(X, y)', 'Validation score is 0.77\n', ['score=0.77']],
    ['accuracy_score(y, p)', 'Accuracy: 81.2%\n', ['accuracy=0.812']],
    [
      'accuracy_score(y, p)',
      'Fold accuracies: 0.81, 0.79\n',
      ['accuracy=0.81', 'accuracy=0.79']
    ],
    [
      'accuracy_score(y, p)',
      'Accuracy on 171 samples: 0.95\n',
      ['accuracy=0.95']
    ],
    ['accuracy_score(y, p)', 'accuracy: nan\n', ['accuracy=NaN']],
    ['accuracy_score(y, p)', 'Test accuracy score 0.8\n', ['accuracy=0.8']]
  ];
  for (const [source, printed, expected] of forms) {
    it(`${JSON.stringify(printed.trim())} from ${source}`, () => {
      assert.deepEqual(found(scoresOf(source, stdout(printed))), expected);
    });
  }

  it('labels and directions as printed', () => {
    const [rmse, r2] = scoresOf(
      'print(np.sqrt(mean_squared_error(y, p)), r2_score(y, p))',
      stdout('Linear regression   test RMSE: 3.375   R^2: 0.784\n')
    );
    assert.equal(rmse.label, 'Linear regression test RMSE');
    assert.equal(rmse.direction, 'lower');
    assert.equal(r2.label, 'R^2');
    assert.equal(r2.direction, 'higher');
  });

  it('a bare result of a metric expression, also as numpy 2 prints it', () => {
    const [score] = scoresOf(
      'clf.fit(X, y)\nclf.score(X_test, y_test)',
      result('0.8123')
    );
    assert.deepEqual(
      [score.metric, score.value, score.label],
      ['score', 0.8123, 'clf.score(X_test, y_test)']
    );
    const [accuracy] = scoresOf(
      'accuracy_score(y_test, pred)',
      result('np.float64(0.9511)')
    );
    assert.deepEqual([accuracy.metric, accuracy.value], ['accuracy', 0.9511]);
    const [mean] = scoresOf(
      'cross_val_score(m, X, y, cv=5).mean()',
      result('0.7672')
    );
    assert.equal(mean.metric, 'cv_mean');
  });

  it("bare numbers printed by the cell's only print of a metric expression", () => {
    const printed = scoresOf(
      'pred = clf.predict(X_test)\nprint(accuracy_score(y_test, pred))',
      stdout('0.8123\n')
    );
    assert.deepEqual(
      printed.map(s => [s.metric, s.value, s.label]),
      [['accuracy', 0.8123, 'accuracy_score(y_test, pred)']]
    );
    const loop = scoresOf(
      'for C in [0.1, 1]:\n    clf = SVC(C=C).fit(X, y)\n    print clf.score(X_test, y_test)',
      stdout('0.62\n0.93\n')
    );
    assert.deepEqual(
      loop.map(s => `${s.metric}#${s.occurrence}=${s.value}`),
      ['score#1=0.62', 'score#2=0.93']
    );
    // Two prints, or a print with text: which number is which is not known.
    assert.deepEqual(
      scoresOf(
        'print(X.shape)\nprint(accuracy_score(y, p))',
        stdout('100\n0.81\n')
      ),
      []
    );
    assert.deepEqual(
      scoresOf('print("n =", len(y), accuracy_score(y, p))', stdout('0.81\n')),
      []
    );
  });

  it("Python 2's tuple print, Keras' evaluate and a string result", () => {
    const python2 = scoresOf(
      "print('Accuracy:', accuracy_score(y, p))",
      stdout("('Accuracy:', 0.81)\n")
    );
    assert.deepEqual(
      python2.map(s => [s.label, s.value]),
      [['Accuracy', 0.81]]
    );
    const keras = scoresOf(
      'model.evaluate(X_test, y_test)',
      stdout(
        '313/313 [==============================] - 1s 2ms/step - loss: 0.0735 - accuracy: 0.9775\n'
      )
    );
    assert.deepEqual(found(keras), ['loss=0.0735', 'accuracy=0.9775']);
    const [shown] = scoresOf(
      "'Accuracy: %.3f' % accuracy_score(y, p)",
      result("'Accuracy: 0.812'")
    );
    assert.deepEqual([shown.label, shown.value], ['Accuracy', 0.812]);
  });

  it('the accuracy and averaged F1 of a classification_report', () => {
    const report = [
      '              precision    recall  f1-score   support',
      '',
      '      benign       0.94      0.98      0.96       108',
      '   malignant       0.97      0.89      0.93        63',
      '',
      '    accuracy                           0.95       171',
      '   macro avg       0.95      0.94      0.94       171',
      'weighted avg       0.95      0.95      0.95       171',
      '',
      'Balanced accuracy: 0.936'
    ].join('\n');
    const scores = scoresOf(
      'print(classification_report(y, p))',
      stdout(report)
    );
    assert.deepEqual(
      scores.map(s => `${s.metric}=${s.value} ${s.label}`),
      [
        'accuracy=0.95 accuracy',
        'f1_macro=0.94 macro avg f1-score',
        'f1_weighted=0.95 weighted avg f1-score',
        'balanced_accuracy=0.936 Balanced accuracy'
      ]
    );
    assert.equal(
      report.slice(scores[1].span.start, scores[1].span.end),
      '0.94'
    );
  });

  it('a line split over stream chunks, and only stdout', () => {
    const scores = scoresOf(
      'print(accuracy_score(y, p))',
      stderr('ConvergenceWarning: accuracy 0.5 after 100 iterations\n'),
      stdout('Accu'),
      stdout('racy: 0.81\n')
    );
    assert.deepEqual(found(scores), ['accuracy=0.81']);
    assert.equal(scores[0].span.outputIndex, 2);
    assert.deepEqual([scores[0].span.start, scores[0].span.end], [6, 10]);
  });

  it('stdout interleaved with stderr reads as one stream', () => {
    const scores = scoresOf(
      'print(accuracy_score(y, p))',
      stdout('Test accu'),
      stderr('ConvergenceWarning: lbfgs failed to converge\n'),
      stdout('racy: 0.81\nCV accuracy: 0.'),
      stdout('79\n')
    );
    assert.deepEqual(found(scores), ['accuracy=0.81', 'accuracy=0.79']);
    assert.deepEqual(
      scores.map(s => [s.label, s.span.outputIndex, s.span.start]),
      [
        ['Test accuracy', 2, 6],
        ['CV accuracy', 2, 24]
      ]
    );
  });

  it('occurrences count per metric within a cell', () => {
    const scores = scoresOf(
      'for m in models:\n    print(m.score(X, y), accuracy_score(y, p))',
      stdout('score: 0.7 accuracy: 0.8\nscore: 0.71 accuracy: 0.82\n')
    );
    assert.deepEqual(
      scores.map(s => `${s.metric}#${s.occurrence}`),
      ['score#1', 'accuracy#1', 'score#2', 'accuracy#2']
    );
  });

  it('a name assigned from a metric in an earlier cell makes a later print a score', () => {
    const scores = extractScores(
      cells(
        ['acc = accuracy_score(y_test, pred)'],
        ["print('Accuracy:', acc)", [stdout('Accuracy: 0.93\n')]]
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.93']);
    assert.equal(scores[0].cellId, 'c1');
  });
});

describe('extractScores: what is not a score', () => {
  it('numbers in cells that compute no metric', () => {
    assert.deepEqual(
      scoresOf("print('Accuracy: 0.9')", stdout('Accuracy: 0.9\n')),
      []
    );
  });

  it('estimator reprs, printed or as a result', () => {
    const source =
      'clf = RandomForestClassifier(max_depth=3, n_estimators=10, random_state=0)\nprint(clf)\nclf.score(X, y)';
    const printedRepr = stdout(
      'RandomForestClassifier(max_depth=3, n_estimators=10, random_state=0)\n' +
        "GridSearchCV(cv=5, scoring='roc_auc', verbose=0)\n"
    );
    assert.deepEqual(scoresOf(source, printedRepr), []);
    const fitted = scoresOf(
      'clf.fit(X, y)  # score later',
      result('LogisticRegression(C=1.0, tol=0.0001)')
    );
    assert.deepEqual(fitted, []);
  });

  it('figures, shapes, tables, counts, dates and versions', () => {
    const source = 'print(X.shape)\nclf.score(X, y)';
    const outputs = [
      stdout(
        '(640, 10)\n569 samples, 10 features, 37.3% malignant\n2017-05-03 12:00\nsklearn 0.19.1\n'
      ),
      result('<matplotlib.axes._subplots.AxesSubplot at 0x7f8ffb00832a>'),
      {
        output_type: 'display_data',
        metadata: {},
        data: {
          'text/plain': '<Figure size 640x480 with 1 Axes>',
          'image/png': ''
        }
      },
      result('   score  accuracy\n0    0.8      0.81', {
        'text/html': '<table></table>'
      }),
      result('array([0.8 , 0.82, 0.79])')
    ] as nbformat.IOutput[];
    assert.deepEqual(extractScores(cells([source, outputs])), []);
  });

  it('parameters, spreads and values out of a metric range', () => {
    const scores = scoresOf(
      'accuracy_score(y, p)',
      stdout(
        'accuracy for C = 10: 0.9\nAccuracy: 0.81 +/- 0.03 (std 0.02)\nAccuracy: 157/171\n'
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.9', 'accuracy=0.81']);
  });

  it("a printed dict's values, each its own key's", () => {
    const scores = scoresOf(
      "print(search.best_params_)\nprint({'n_estimators': 100, 'accuracy': accuracy_score(y, p), 'f1': f1_score(y, p)})",
      stdout(
        "{'alpha': 0.000325, 'loss': 'squared_hinge', 'max_iter': 9}\n{'n_estimators': 100, 'accuracy': 0.91, \"f1\": 0.88}\n"
      )
    );
    assert.deepEqual(found(scores), ['accuracy=0.91', 'f1=0.88']);
  });

  it('markdown cells are prose, not code', () => {
    const scores = extractScores([
      {
        id: 'm',
        index: 0,
        cellType: 'markdown',
        source: 'accuracy_score',
        outputs: [stdout('Accuracy: 0.9')]
      }
    ]);
    assert.deepEqual(scores, []);
  });
});
