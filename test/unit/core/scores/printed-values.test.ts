import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractScores, type IScore } from '../../../../src/core/scores';
import { cells, result, stdout } from './helpers';

// Scores whose printed text names no metric: the code shows which metric the value is.

function table(scores: IScore[]): string[] {
  return scores.map(s => `${s.cellId} ${s.metric}=${s.value} ${s.label}`);
}

describe('extractScores: a print of a metric value beside its own text', () => {
  it('several prints of a label and a metric call, as Python 3 and Python 2 print them', () => {
    const source =
      "print('single tree: ', mean_squared_error(y_test, tree.predict(X_test)))\n" +
      "print('forest: ', mean_squared_error(y_test, forest.predict(X_test)))\n" +
      "print('rows: ', len(y_test))";
    const now = extractScores(
      cells([
        source,
        [stdout('single tree:  0.7908\nforest:  0.3906\nrows:  98\n')]
      ])
    );
    assert.deepEqual(table(now), [
      'c0 mse=0.7908 single tree',
      'c0 mse=0.3906 forest'
    ]);
    const python2 = extractScores(
      cells([source, [stdout("('single tree: ', 0.7908)\n")]])
    );
    assert.deepEqual(table(python2), ['c0 mse=0.7908 single tree']);
  });

  it('a name assigned from a metric in an earlier cell, formatted with %', () => {
    const scores = extractScores(
      cells(
        [
          'rf_auc = roc_auc_score(y_test, rf_probs)\nnb_auc = roc_auc_score(y_test, nb_probs)'
        ],
        [
          "print('Random forest: %.3f' % rf_auc)\nprint('Naive Bayes: %.3f' % (nb_auc))",
          [stdout('Random forest: 0.941\nNaive Bayes: 0.993\n')]
        ]
      )
    );
    assert.deepEqual(table(scores), [
      'c1 roc_auc=0.941 Random forest',
      'c1 roc_auc=0.993 Naive Bayes'
    ]);
  });

  it('an f-string field and a .format() of a metric value', () => {
    const scores = extractScores(
      cells([
        'scores = cross_val_score(svc, X, y, cv=5)\n' +
          'print(f"kNN: {knn.score(X_test, y_test):.2f}")\n' +
          'print("Linear SVC: {:.3f} on average".format(np.mean(scores)))',
        [stdout('kNN: 0.93\nLinear SVC: 0.876 on average\n')]
      ])
    );
    assert.deepEqual(table(scores), [
      'c0 score=0.93 kNN',
      'c0 cv_mean=0.876 Linear SVC'
    ]);
  });

  it('"AUROC" names the ROC AUC', () => {
    const [score] = extractScores(
      cells([
        "print('Random forest: AUROC = %.3f' % roc_auc_score(y, p))",
        [stdout('Random forest: AUROC = 0.941\n')]
      ])
    );
    assert.deepEqual([score.metric, score.value], ['roc_auc', 0.941]);
  });

  it('a value with no literal text beside it is not told apart from the other prints', () => {
    const scores = extractScores(
      cells([
        "acc = accuracy_score(y, p)\nprint(len(y))\nprint('%.3f' % acc)",
        [stdout('1\n0.810\n')]
      ])
    );
    assert.deepEqual(scores, []);
  });
});

describe('extractScores: the mean of cross-validation scores', () => {
  it('np.mean(scores) and scores.mean() as a cell result are the CV mean', () => {
    const scores = extractScores(
      cells(
        [
          'scores = cross_val_score(pipe, X_train, y_train, cv=10)\nnp.mean(scores)',
          [result('0.793939393939394')]
        ],
        ['scores.mean()', [result('np.float64(0.7939)')]]
      )
    );
    assert.deepEqual(table(scores), [
      'c0 cv_mean=0.793939393939394 np.mean(scores)',
      'c1 cv_mean=0.7939 scores.mean()'
    ]);
  });

  it('the mean of data is not', () => {
    const scores = extractScores(
      cells(
        ['scores = cross_val_score(pipe, X, y, cv=5)'],
        ['np.mean(y)', [result('0.372')]],
        ['np.mean(X[:, 0])', [result('5.84')]]
      )
    );
    assert.deepEqual(scores, []);
  });
});
