import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractScores, unseededRandomness } from '../../../../src/core/scores';
import { cells, stdout } from './helpers';

/** Why the last of these cells is unseeded, or null. */
function unseeded(...sources: string[]): string | null {
  const map = unseededRandomness(
    sources.map((source, index) => ({ index, source }))
  );
  return map.get(sources.length - 1) ?? null;
}

describe('unseededRandomness', () => {
  const cases: [sources: string[], expected: string | null][] = [
    [
      ['X_tr, X_te, y_tr, y_te = train_test_split(X, y)'],
      'train_test_split() without random_state (cell 1)'
    ],
    [['train_test_split(X, y, test_size=0.25, random_state=0)'], null],
    [['train_test_split(X, y, shuffle=False)'], null],
    [
      ['rf = RandomForestClassifier(n_estimators=10)'],
      'RandomForestClassifier() without random_state (cell 1)'
    ],
    [
      ['rf = RandomForestClassifier(random_state=None)'],
      'RandomForestClassifier() without random_state (cell 1)'
    ],
    [
      [
        'rf = RandomForestClassifier(\n    n_estimators=10,\n    random_state=0)'
      ],
      null
    ],
    [['km = KMeans(n_clusters=3)'], 'KMeans() without random_state (cell 1)'],
    [
      ['X, y = ds.make_regression(noise=5)'],
      'make_regression() without random_state (cell 1)'
    ],
    [['X, y = make_blobs(centers=3, random_state=2)'], null],
    [['cv = KFold(n_splits=5)'], null],
    [
      ['cross_val_score(m, X, y, cv=KFold(5, shuffle=True))'],
      'KFold() without random_state (cell 1)'
    ],
    [['cv = StratifiedKFold(5, shuffle=True, random_state=1)'], null],
    [
      ['idx = np.random.permutation(len(df))'],
      'np.random.permutation() without a seed (cell 1)'
    ],
    [['np.random.seed(0)\nidx = np.random.permutation(len(df))'], null],
    [
      ['idx = np.random.permutation(len(df))\nnp.random.seed(0)'],
      'np.random.permutation() without a seed (cell 1)'
    ],
    // scikit-learn draws from numpy's global generator when random_state is None.
    [['np.random.seed(42)', 'rf = RandomForestClassifier()'], null],
    [['random.shuffle(rows)'], 'random.shuffle() without a seed (cell 1)'],
    [['random.seed(1)', 'random.shuffle(rows)'], null],
    [['df = df.sample(frac=1)'], '.sample() without random_state (cell 1)'],
    [
      [
        '# rf = RandomForestClassifier()\nrf = RandomForestClassifier(random_state=0)'
      ],
      null
    ],
    [
      [
        'km = KMeans(n_clusters=3)',
        'print(1)',
        'rf = RandomForestClassifier()'
      ],
      'KMeans() without random_state (cell 1)'
    ]
  ];
  for (const [sources, expected] of cases) {
    it(`${JSON.stringify(sources.join(' | '))}: ${expected ?? 'seeded'}`, () => {
      assert.equal(unseeded(...sources), expected);
    });
  }

  it('randomness in a later cell does not touch an earlier one', () => {
    const map = unseededRandomness([
      { index: 0, source: 'clf.fit(X, y)' },
      { index: 3, source: 'rf = RandomForestRegressor()' }
    ]);
    assert.equal(map.get(0), null);
    assert.equal(
      map.get(3),
      'RandomForestRegressor() without random_state (cell 4)'
    );
  });
});

describe('the seeded flag of a score', () => {
  it('is false after an unseeded split, and says why', () => {
    const [score] = extractScores(
      cells(
        ['X_tr, X_te, y_tr, y_te = train_test_split(X, y)'],
        [
          'print("Accuracy: %.3f" % clf.score(X_te, y_te))',
          [stdout('Accuracy: 0.812\n')]
        ]
      )
    );
    assert.equal(score.seeded, false);
    assert.equal(
      score.unseededBecause,
      'train_test_split() without random_state (cell 1)'
    );
  });

  it('is true when every random step is seeded', () => {
    const [score] = extractScores(
      cells([
        'rf = RandomForestClassifier(random_state=0).fit(X, y)\nprint("Accuracy:", rf.score(X, y))',
        [stdout('Accuracy: 0.97\n')]
      ])
    );
    assert.equal(score.seeded, true);
    assert.equal(score.unseededBecause, undefined);
  });
});
