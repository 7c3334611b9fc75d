import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { sklearnAttributeRules } from '../../../../src/core/rules/sklearn-attributes';
import { sklearnSixRules } from '../../../../src/core/rules/sklearn-six';
import { sklearnIoRules } from '../../../../src/core/rules/sklearn-io';
import { sklearnDefaultRules } from '../../../../src/core/rules/sklearn-defaults';
import { sklearnModuleRules } from '../../../../src/core/rules/sklearn-modules';
import { sklearnObjectRules } from '../../../../src/core/rules/sklearn-objects';
import { sklearnParamRules } from '../../../../src/core/rules/sklearn-params';
import { sklearnRemovedParamRules } from '../../../../src/core/rules/sklearn-removed-params';
import { TODAY, answered, matchesIn, testExamples } from './helpers';

testExamples([
  ...sklearnModuleRules,
  ...sklearnObjectRules,
  ...sklearnParamRules,
  ...sklearnRemovedParamRules,
  ...sklearnDefaultRules,
  ...sklearnAttributeRules,
  ...sklearnSixRules,
  ...sklearnIoRules
]);

describe('files scikit-learn writes', () => {
  it('opens for text only a binary file export_graphviz writes to', () => {
    const cells = [
      "with open('model.pkl', 'wb') as f:\n    pickle.dump(model, f)",
      "with open('tree.dot', 'wb') as f:\n    export_graphviz(tree, out_file='other.dot')"
    ];
    for (const cell of cells) {
      assert.deepEqual(
        scanSource(cell, sklearnIoRules, { versions: TODAY }),
        []
      );
    }
  });
});

describe('a removed module imported among other names', () => {
  it('is imported on a line of its own under the same name', () => {
    const cell =
      'from sklearn import linear_model, cross_validation\nscores = cross_validation.cross_val_score(linear_model.Ridge(), X, y)';
    assert.equal(
      proposeRewrite(
        cell,
        scanSource(cell, sklearnModuleRules, { versions: TODAY })
      )?.source,
      'from sklearn import linear_model\nimport sklearn.model_selection as cross_validation\nscores = cross_validation.cross_val_score(linear_model.Ridge(), X, y)'
    );
  });
});

describe('a module 0.22 made private', () => {
  const rewrite = (cell: string) =>
    proposeRewrite(
      cell,
      scanSource(cell, sklearnModuleRules, { versions: TODAY })
    )?.source ?? null;

  it('is imported from its public package, names and dotted uses alike', () => {
    assert.equal(
      rewrite(
        'from sklearn.metrics.regression import mean_squared_error, r2_score'
      ),
      'from sklearn.metrics import mean_squared_error, r2_score'
    );
    assert.equal(
      rewrite(
        'import sklearn.neighbors.classification\nm = sklearn.neighbors.classification.KNeighborsClassifier()'
      ),
      'import sklearn.neighbors\nm = sklearn.neighbors.KNeighborsClassifier()'
    );
    assert.equal(
      rewrite(
        'from sklearn.feature_extraction.stop_words import ENGLISH_STOP_WORDS'
      ),
      'from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS'
    );
  });

  it('is left alone when a name it imports is not public in the package', () => {
    // Bunch is in sklearn.utils, not sklearn.datasets: that rewrite would only move the error.
    assert.equal(rewrite('from sklearn.datasets.base import Bunch'), null);
    assert.equal(
      rewrite('from sklearn.datasets.base import load_iris, Bunch'),
      null
    );
  });
});

describe('n_alphas', () => {
  it('becomes alphas=n, and goes where the call lists its alphas', () => {
    const cell =
      'a = linear_model.LassoCV(n_alphas=20)\nb = ElasticNetCV(alphas=[0.1, 1.0], n_alphas=5)';
    assert.equal(
      proposeRewrite(
        cell,
        scanSource(cell, sklearnParamRules, { versions: TODAY })
      )?.source,
      'a = linear_model.LassoCV(alphas=20)\nb = ElasticNetCV(alphas=[0.1, 1.0])'
    );
  });

  it('gives its number to alphas where alphas=None asked for the grid', () => {
    const cell =
      'a = LassoCV(alphas=None, n_alphas=20, cv=10)\nb = LassoCV(n_alphas=50, alphas=None)';
    assert.equal(
      proposeRewrite(
        cell,
        scanSource(cell, sklearnParamRules, { versions: TODAY })
      )?.source,
      'a = LassoCV(alphas=20, cv=10)\nb = LassoCV(alphas=50)'
    );
  });
});

describe('a renamed parameter spelled as a string', () => {
  const rewrite = (cell: string, imports: string) =>
    proposeRewrite(
      cell,
      scanSource(cell, sklearnParamRules, {
        versions: TODAY,
        imports: importTable([imports, cell].map(prepareSource))
      })
    )?.source ?? cell;
  const BAGGING = 'from sklearn.ensemble import BaggingRegressor';

  it("renames it in a search's keys and in a dict unpacked into the call", () => {
    const cell = [
      "grid = {'base_estimator__n_neighbors': [3, 5], 'bag__base_estimator__p': [1]}",
      "bag = BaggingRegressor(**{'base_estimator': knn, 'n_estimators': 10})"
    ].join('\n');
    assert.equal(
      rewrite(cell, BAGGING),
      [
        "grid = {'estimator__n_neighbors': [3, 5], 'bag__estimator__p': [1]}",
        "bag = BaggingRegressor(**{'estimator': knn, 'n_estimators': 10})"
      ].join('\n')
    );
  });

  it("renames a search's own grid key where the cell searches", () => {
    const cell =
      "param_dist = {'base_estimator': [None], 'n_estimators': [2, 5]}\nsearch = RandomizedSearchCV(AdaBoostClassifier(), param_distributions=param_dist)";
    assert.equal(
      rewrite(cell, 'from sklearn.ensemble import AdaBoostClassifier'),
      cell.replace("'base_estimator'", "'estimator'")
    );
    const unsearched = "config = {'base_estimator': [None]}";
    assert.equal(
      rewrite(unsearched, 'from sklearn.ensemble import AdaBoostClassifier'),
      unsearched
    );
  });

  it('leaves keys of other dicts, other names and notebooks without the estimator alone', () => {
    const cell = [
      "config = {'base_estimator': 'tree', 'my_base_estimator__x': 1}",
      "f(**{'base_estimator': knn})"
    ].join('\n');
    assert.equal(rewrite(cell, BAGGING), cell);
    const nested = "grid = {'base_estimator__n_neighbors': [3, 5]}";
    assert.equal(rewrite(nested, 'import numpy as np'), nested);
  });
});

describe('a moved name used through its old module', () => {
  const rules = [...sklearnObjectRules, ...sklearnRemovedParamRules];

  it('is the new name, imported as the notebook imports names, with its arguments', () => {
    const cell = "impute = preprocessing.Imputer(strategy='median', axis=0)";
    for (const [name, module] of [
      ['preprocessing', 'sklearn.preprocessing'],
      ['skp', 'sklearn.preprocessing']
    ]) {
      const written = cell.replace('preprocessing.', `${name}.`);
      const imports = new Map([[name, module]]);
      const matches = scanSource(written, rules, { versions: TODAY, imports });
      assert.equal(
        proposeRewrite(written, matches, { bound: new Set([name]) })?.source,
        "from sklearn.impute import SimpleImputer\nimpute = SimpleImputer(strategy='median')"
      );
    }
  });

  it("leaves another module's attribute of that name alone", () => {
    const cell = 'impute = preprocessing.Imputer()';
    const imports = new Map([['preprocessing', 'mylib.preprocessing']]);
    assert.deepEqual(scanSource(cell, rules, { versions: TODAY, imports }), []);
  });
});

describe('a renamed value given through a variable', () => {
  const rewrite = (cell: string) =>
    proposeRewrite(
      cell,
      scanSource(cell, sklearnParamRules, { versions: TODAY })
    )?.source ?? cell;

  it('renames the string last assigned to it above the call', () => {
    assert.equal(
      rewrite(
        "scoring = 'r2'\nscoring = 'mean_squared_error'\nplot_learning_curve(est, X, y, scoring=scoring)"
      ),
      "scoring = 'r2'\nscoring = 'neg_mean_squared_error'\nplot_learning_curve(est, X, y, scoring=scoring)"
    );
  });

  it('leaves a name assigned below the call, or in another scope, alone', () => {
    for (const cell of [
      "f(scoring=scoring)\nscoring = 'mean_squared_error'",
      "scoring = 'mean_squared_error'\ndef f(scoring):\n    return g(scoring=scoring)"
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });
});

describe('six in every form', () => {
  const rewrite = (cell: string) =>
    proposeRewrite(cell, scanSource(cell, sklearnSixRules, { versions: TODAY }))
      ?.source ?? cell;
  it('takes six.moves names from the standard library, inside a guarded import too', () => {
    assert.equal(
      rewrite(
        'try:\n    from six.moves import urllib, range\nexcept ImportError:\n    import urllib2'
      ),
      'try:\n    import urllib.request, urllib.parse\nexcept ImportError:\n    import urllib2'
    );
    assert.equal(
      rewrite('from sklearn.externals.six.moves.urllib.request import urlopen'),
      'from urllib.request import urlopen'
    );
  });
  it('leaves six itself where its names have no standard equivalent', () => {
    const cell = 'from six import string_types, iteritems';
    assert.equal(rewrite(cell), cell);
    assert.equal(
      rewrite('from sklearn.externals.six import string_types, StringIO'),
      'from six import string_types\nfrom io import StringIO'
    );
  });
});

describe('a removed parameter read as an attribute', () => {
  const read = (cell: string) =>
    scanSource(cell, sklearnAttributeRules, { versions: TODAY });
  it('asks what the object is, and is left alone on a module or when set', () => {
    const [match] = read('print(model.normalize)');
    assert.equal(
      match.question?.decide('Ridge')?.[0].insert,
      "getattr(model, 'normalize', False)"
    );
    assert.equal(match.question?.decide('StandardScaler'), null);
    assert.deepEqual(
      read('model.normalize = True\nx = preprocessing.normalize(X)'),
      []
    );
  });
});

describe('a moved name used in a later cell', () => {
  const rules = [...sklearnObjectRules, ...sklearnRemovedParamRules];
  const later =
    "pipe = Pipeline([('imputer', Imputer(missing_values='NaN', strategy='mean', axis=0))])";

  it('is renamed where the notebook imported it earlier, with its arguments', () => {
    const imports = new Map([
      ['Imputer', 'sklearn.preprocessing.Imputer'],
      ['np', 'numpy']
    ]);
    const matches = scanSource(later, rules, { versions: TODAY, imports });
    const bound = new Set(['SimpleImputer', 'np', 'Pipeline']);
    assert.equal(
      proposeRewrite(later, matches, { bound })?.source,
      "pipe = Pipeline([('imputer', SimpleImputer(missing_values=np.nan, strategy='mean'))])"
    );
  });

  it('imports numpy before the cell when the notebook imports it only later', () => {
    const imports = new Map([
      ['Imputer', 'sklearn.preprocessing.Imputer'],
      ['np', 'numpy']
    ]);
    const matches = scanSource(later, rules, { versions: TODAY, imports });
    const bound = new Set(['Imputer', 'Pipeline']);
    assert.equal(
      proposeRewrite(later, matches, { bound })?.source,
      "from sklearn.impute import SimpleImputer\nimport numpy as np\npipe = Pipeline([('imputer', SimpleImputer(missing_values=np.nan, strategy='mean'))])"
    );
  });

  it('is left alone when the name comes from elsewhere', () => {
    const imports = new Map([['Imputer', 'mylib.Imputer']]);
    assert.deepEqual(
      scanSource(later, rules, { versions: TODAY, imports }),
      []
    );
  });
});

describe('sklearn.scorers', () => {
  it('rewrites the import form and its uses', () => {
    const source =
      'from sklearn.metrics import SCORERS, r2_score\nprint(sorted(SCORERS)[:2])';
    const matches = scanSource(source, sklearnObjectRules, { versions: TODAY });
    assert.equal(
      proposeRewrite(source, matches)?.source,
      'from sklearn.metrics import r2_score\nfrom sklearn.metrics import get_scorer_names\nprint(sorted(get_scorer_names())[:2])'
    );
  });
});

describe('sklearn.kfold-sample-count', () => {
  const rewrite = (source: string, imports: Map<string, string>) =>
    proposeRewrite(
      source,
      scanSource(source, sklearnRemovedParamRules, { versions: TODAY, imports })
    )?.source ?? source;
  const old = new Map([['KFold', 'sklearn.cross_validation.KFold']]);
  const today = new Map([['KFold', 'sklearn.model_selection.KFold']]);

  it('drops the sample count of the old signature, keeping its 3 folds', () => {
    assert.equal(
      rewrite('cv = KFold(len(y), n_folds=5, shuffle=True)', old),
      'cv = KFold(n_folds=5, shuffle=True)'
    );
    assert.equal(rewrite('cv = KFold(len(y))', old), 'cv = KFold(n_splits=3)');
    assert.equal(rewrite('cv = KFold(len(y), 4)', old), 'cv = KFold(4)');
  });

  it("leaves today's KFold(5) alone", () => {
    assert.equal(rewrite('cv = KFold(5)', today), 'cv = KFold(5)');
  });
});

describe("OneVsRestClassifier's coef_", () => {
  const rule = sklearnAttributeRules.find(r => r.id === 'sklearn.ovr-coef')!;
  it('is left on any other estimator, and where it is assigned', () => {
    const source = 'print(model.coef_[0])';
    assert.equal(
      proposeRewrite(source, answered(matchesIn(rule, source), 'LinearSVC'))
        ?.source,
      undefined
    );
    assert.deepEqual(matchesIn(rule, 'model.coef_ = w'), []);
  });
});

describe("RidgeCV's cv_values_", () => {
  const rule = sklearnAttributeRules.find(
    r => r.id === 'sklearn.ridge-cv-values'
  )!;
  const source = 'scores = ridge.cv_values_.mean(axis=0)';

  it('is cv_results_ on RidgeCV and RidgeClassifierCV', () => {
    for (const type of ['RidgeCV', 'RidgeClassifierCV']) {
      assert.equal(
        proposeRewrite(source, answered(matchesIn(rule, source), type))?.source,
        'scores = ridge.cv_results_.mean(axis=0)'
      );
    }
  });

  it("is left on the user's own objects", () => {
    assert.equal(
      proposeRewrite(source, answered(matchesIn(rule, source), 'MySearch'))
        ?.source,
      undefined
    );
  });
});

describe('manifold learners with positional parameters', () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.keyword-only-args'
  )!;
  const imports = new Map([['manifold', 'sklearn.manifold']]);
  const rewrite = (source: string) =>
    proposeRewrite(
      source,
      scanSource(source, [rule], { versions: TODAY, imports })
    )?.source ?? source;

  it('name them in the order they had, not the order of today', () => {
    // Today's Isomap has radius second: the old second parameter was n_components.
    assert.equal(
      rewrite('iso = manifold.Isomap(10, 2)'),
      'iso = manifold.Isomap(n_neighbors=10, n_components=2)'
    );
    assert.equal(
      rewrite(
        "lle = manifold.LocallyLinearEmbedding(k, n_components=2, method='ltsa')"
      ),
      "lle = manifold.LocallyLinearEmbedding(n_neighbors=k, n_components=2, method='ltsa')"
    );
  });

  it("leave a parameter whose name changed since (MDS's metric) alone", () => {
    assert.equal(
      rewrite('mds = manifold.MDS(2, False)'),
      'mds = manifold.MDS(2, False)'
    );
  });
});

describe('np.matrix given to an estimator', () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.matrix-input'
  )!;
  const source = 'regr.fit(x, y)\ny_pred = regr.predict(x)';

  it('is converted where it is passed, for the arguments the kernel says are matrices', () => {
    const matches = matchesIn(rule, source);
    assert.deepEqual(
      matches.map(m => source.slice(m.from, m.to)),
      ['x', 'y', 'x']
    );
    assert.equal(
      proposeRewrite(source, answered(matches, 'True'))?.source,
      'import numpy as np\nregr.fit(np.asarray(x), np.asarray(y))\ny_pred = regr.predict(np.asarray(x))'
    );
  });

  it('leaves arrays, calls and other keywords alone', () => {
    assert.equal(
      proposeRewrite(source, answered(matchesIn(rule, source), 'False'))
        ?.source,
      undefined
    );
    assert.deepEqual(
      matchesIn(rule, 'fit(x)\nm.fit(load(), sample_weight=w)'),
      []
    );
  });

  it('is converted where a scikit-learn function takes it, and nowhere else', () => {
    const cell = 'err = mean_squared_error(y, y_pred)\nz = np.dot(x, w)';
    const imports = new Map([
      ['mean_squared_error', 'sklearn.metrics.mean_squared_error'],
      ['np', 'numpy']
    ]);
    const matches = scanSource(cell, [rule], { versions: TODAY, imports });
    assert.equal(
      proposeRewrite(cell, answered(matches, 'True'), {
        bound: new Set(['np'])
      })?.source,
      'err = mean_squared_error(np.asarray(y), np.asarray(y_pred))\nz = np.dot(x, w)'
    );
  });
});

describe('a frame with a repeated column given to an estimator', () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.duplicate-columns'
  )!;

  it('is given as its values where it is passed, for the arguments the kernel names', () => {
    const source =
      'svc.fit(X_train, y_train)\nscores = cross_val_score(svc, X[cols], y, cv=5)';
    const imports = new Map([
      ['cross_val_score', 'sklearn.model_selection.cross_val_score']
    ]);
    const matches = scanSource(source, [rule], { versions: TODAY, imports });
    assert.deepEqual(
      matches.map(m => source.slice(m.from, m.to)),
      ['X_train', 'y_train', 'svc', 'X[cols]', 'y']
    );
    const frames = new Set(['X_train', 'X[cols]']);
    const decided = matches.map(m => ({
      ...m,
      edits:
        m.question!.decide(
          frames.has(source.slice(m.from, m.to)) ? 'True' : 'False'
        ) ?? []
    }));
    assert.equal(
      proposeRewrite(source, decided)?.source,
      'svc.fit(X_train.to_numpy(), y_train)\nscores = cross_val_score(svc, X[cols].to_numpy(), y, cv=5)'
    );
  });

  it('asks nothing of calls, literals, other keywords or other functions', () => {
    assert.deepEqual(
      matchesIn(
        rule,
        "m.fit(load(), sample_weight=w)\nprint(X)\npd.concat([X, X2])\nm.fit('a')"
      ),
      []
    );
  });
});

describe('a frame whose column names mix text and numbers, given to an estimator', () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.mixed-column-names'
  )!;

  it('is given as its values where the kernel says its names are mixed', () => {
    const source = 'model.fit(X_pca, y)';
    const matches = scanSource(source, [rule], {
      versions: TODAY,
      imports: new Map()
    });
    assert.match(
      matches[0].question!.expression,
      /isinstance\(c, str\) for c in X_pca\.columns/
    );
    assert.equal(
      proposeRewrite(source, answered(matches.slice(0, 1), 'True'))?.source,
      'model.fit(X_pca.to_numpy(), y)'
    );
    assert.equal(
      proposeRewrite(source, answered(matches, 'False'))?.source ?? source,
      source
    );
  });

  it('is given as an array in a function, whose name another call may bind to an array', () => {
    // A helper library's ensemble: the same method gets frames from one caller, arrays from
    // another; `X.to_numpy()` would break the second.
    const source =
      'class Ensemble:\n    def vote(self, X):\n        return [m.predict_proba(X) for m in self.members]';
    const rewrite = (imports: Map<string, string>) =>
      proposeRewrite(
        source,
        answered(
          scanSource(source, [rule], { versions: TODAY, imports }),
          'True'
        ),
        { bound: new Set(imports.keys()) }
      )?.source;
    assert.equal(
      rewrite(new Map()),
      'import numpy as np\nclass Ensemble:\n    def vote(self, X):\n        return [m.predict_proba(np.asarray(X)) for m in self.members]'
    );
    // In the notebook's own spelling, where an earlier cell imports numpy.
    assert.equal(
      rewrite(new Map([['numpy', 'numpy']])),
      'class Ensemble:\n    def vote(self, X):\n        return [m.predict_proba(numpy.asarray(X)) for m in self.members]'
    );
  });

  it("is asked where a comprehension's first iterable runs: in the enclosing scope", () => {
    const source = 'predictions = [p[1] for p in clf.predict_proba(X_train)]';
    const [match] = scanSource(source, [rule], {
      versions: TODAY,
      imports: new Map()
    });
    assert.doesNotMatch(match.question!.expression, /listcomp/);
    assert.equal(
      proposeRewrite(source, answered([match], 'True'))?.source,
      'predictions = [p[1] for p in clf.predict_proba(X_train.to_numpy())]'
    );
    const [inner] = scanSource('ps = [m.predict(X) for m in models]', [rule], {
      versions: TODAY,
      imports: new Map()
    });
    assert.match(inner.question!.expression, /<listcomp>/);
  });

  it("is asked of a frame's copy made by a method that changes nothing, never of other calls", () => {
    const asked = (source: string) =>
      scanSource(source, [rule], { versions: TODAY, imports: new Map() }).map(
        match => source.slice(match.from, match.to)
      );
    assert.deepEqual(asked('LR.fit(t.drop(0, axis=1), y_train)'), [
      't.drop(0, axis=1)',
      'y_train'
    ]);
    assert.equal(
      proposeRewrite(
        'LR.fit(t.drop(0, axis=1), y_train)',
        answered(
          scanSource('LR.fit(t.drop(0, axis=1), y_train)', [rule], {
            versions: TODAY,
            imports: new Map()
          }).slice(0, 1),
          'True'
        )
      )?.source,
      'LR.fit(t.drop(0, axis=1).to_numpy(), y_train)'
    );
    for (const source of [
      'LR.fit(t.drop(0, axis=1, inplace=True), y)',
      'LR.fit(load(t), y)',
      'LR.fit(t.apply(f), y)',
      'LR.fit(t.fillna(t.mean()), y)'
    ]) {
      assert.deepEqual(asked(source), ['y'], source);
    }
  });
});

describe('a frame whose names differ from those a model was fit on', () => {
  const rule = sklearnRemovedParamRules.find(
    r => r.id === 'sklearn.feature-names-differ'
  )!;
  const asked = (source: string) =>
    scanSource(source, [rule], {
      versions: TODAY,
      imports: new Map([['pd', 'pandas']])
    });

  it('is given as its values where the kernel says the names differ', () => {
    const source =
      'def predict_delay(month, day):\n    return model.predict_proba(pd.DataFrame(rows))[0][0]';
    const matches = asked(source);
    assert.equal(
      source.slice(matches[0].from, matches[0].to),
      'pd.DataFrame(rows)'
    );
    assert.match(matches[0].question!.expression, /predict_delay/);
    assert.equal(
      proposeRewrite(source, answered(matches, 'True'))?.source,
      source.replace('(rows))', '(rows).to_numpy())')
    );
    assert.equal(
      proposeRewrite(source, answered(matches, 'False'))?.source ?? source,
      source
    );
  });

  it('asks nothing of a fit, of data it cannot build again, or of a model it cannot name', () => {
    for (const source of [
      'model.fit(X, y)',
      'model.predict(load(path))',
      'model.predict(pd.DataFrame(make_rows()))',
      'make_model().predict(X)'
    ]) {
      assert.deepEqual(asked(source), [], source);
    }
  });
});

describe("an SVM's old gamma", () => {
  const gamma = sklearnDefaultRules.find(r => r.id === 'sklearn.svc-gamma')!;
  const dated = { writtenWith: '3.6.8' };
  const IMPORT = 'from sklearn.svm import SVC\n';

  it('is pinned where a kernel uses it, not where the kernel ignores it', () => {
    for (const kept of [
      "SVC(kernel='linear', C=1)",
      'SVC(kernel="precomputed")'
    ]) {
      assert.deepEqual(matchesIn(gamma, IMPORT + kept, dated), [], kept);
    }
    for (const [call, pinned] of [
      ['SVC(C=10)', "SVC(C=10, gamma='auto')"],
      ["SVC(kernel='rbf')", "SVC(kernel='rbf', gamma='auto')"],
      ['SVC(kernel=k)', "SVC(kernel=k, gamma='auto')"]
    ]) {
      const source = IMPORT + call;
      assert.equal(
        proposeRewrite(source, matchesIn(gamma, source, dated))?.source,
        IMPORT + pinned
      );
    }
  });
});

describe("a K-fold splitter's old number of folds", () => {
  const folds = sklearnDefaultRules.find(
    r => r.id === 'sklearn.kfold-n-splits'
  )!;
  const dated = { writtenWith: '3.6.8' };
  const IMPORT = 'from sklearn.model_selection import KFold, StratifiedKFold\n';

  it('is pinned where the call relies on it', () => {
    for (const [call, pinned] of [
      [
        'KFold(shuffle=True, random_state=241)',
        'KFold(shuffle=True, random_state=241, n_splits=3)'
      ],
      ['StratifiedKFold()', 'StratifiedKFold(n_splits=3)']
    ]) {
      const source = IMPORT + call;
      assert.equal(
        proposeRewrite(source, matchesIn(folds, source, dated))?.source,
        IMPORT + pinned
      );
    }
  });

  it('is left where the call sets it, or has the old signature another rule rewrites', () => {
    for (const kept of [
      'KFold(5, shuffle=True)',
      'KFold(n_splits=10)',
      'KFold(n_folds=4)',
      'StratifiedKFold(y=y_train, n_folds=5, random_state=2017)',
      'KFold(n=100)'
    ]) {
      assert.deepEqual(matchesIn(folds, IMPORT + kept, dated), [], kept);
    }
    const today = IMPORT + 'KFold(shuffle=True)';
    assert.deepEqual(matchesIn(folds, today, { writtenWith: '3.11.0' }), []);
  });
});

describe("cross-validation's old number of folds", () => {
  const folds = sklearnDefaultRules.find(r => r.id === 'sklearn.cv-folds')!;
  const dated = { writtenWith: '3.6.8' };

  it("is pinned on the estimators that search their own folds, as on the search functions'", () => {
    for (const [imports, call, pinned] of [
      [
        'from sklearn.linear_model import LassoCV',
        'LassoCV(alphas=alphas, random_state=0)',
        'LassoCV(alphas=alphas, random_state=0, cv=3)'
      ],
      [
        'from sklearn import linear_model',
        'linear_model.LogisticRegressionCV(Cs=10)',
        'linear_model.LogisticRegressionCV(Cs=10, cv=3)'
      ],
      [
        'from sklearn.feature_selection import RFECV',
        'RFECV(svc, step=1)',
        'RFECV(svc, step=1, cv=3)'
      ]
    ]) {
      const source = `${imports}\n${call}`;
      assert.equal(
        proposeRewrite(source, matchesIn(folds, source, dated))?.source,
        `${imports}\n${pinned}`
      );
    }
  });

  it("is left where the call sets it, and on another library's estimator", () => {
    for (const kept of [
      'from sklearn.linear_model import ElasticNetCV\nElasticNetCV(cv=10)',
      'from mylib import LassoCV\nLassoCV()'
    ]) {
      assert.deepEqual(matchesIn(folds, kept, dated), [], kept);
    }
  });
});

describe("LinearRegression's old least-squares cutoff", () => {
  const tol = sklearnDefaultRules.find(
    r => r.id === 'sklearn.linear-regression-tol'
  )!;
  const dated = { writtenWith: '3.6.8' };
  const rewritten = (source: string, example = dated) =>
    proposeRewrite(source, matchesIn(tol, source, example))?.source ?? source;

  it('is pinned in the notebook’s own numpy spelling, with the import where none is', () => {
    const aliased =
      'import numpy\nfrom sklearn.linear_model import LinearRegression\nm = LinearRegression()';
    assert.equal(
      rewritten(aliased),
      'import numpy\nfrom sklearn.linear_model import LinearRegression\nm = LinearRegression(tol=numpy.finfo(float).eps)'
    );
    const bare =
      'from sklearn import linear_model\nm = linear_model.LinearRegression(fit_intercept=False)';
    assert.equal(
      rewritten(bare),
      'from sklearn import linear_model\nimport numpy as np\nm = linear_model.LinearRegression(fit_intercept=False, tol=np.finfo(float).eps)'
    );
  });

  it('leaves a tol the call sets, another class, and a notebook of 1.9', () => {
    for (const kept of [
      'from sklearn.linear_model import LinearRegression\nm = LinearRegression(tol=1e-8)',
      'from sklearn.linear_model import Ridge\nm = Ridge()',
      'class Model(Base):\n    def __init__(self):\n        Base.__init__(self)'
    ]) {
      assert.equal(rewritten(kept), kept, kept);
    }
    const recent =
      'from sklearn.linear_model import LinearRegression\nm = LinearRegression()';
    assert.deepEqual(matchesIn(tol, recent, { writtenWith: '3.13.1' }), []);
  });
});

describe('a removed estimator the notebook never calls', () => {
  it('is imported in a guard, so the rest of the import cell runs', () => {
    const cell =
      'from sklearn.linear_model import LinearRegression, Lasso, RandomizedLasso';
    const cells = [cell, 'model = Lasso(alpha=0.1)'].map(prepareSource);
    const matches = scanSource(
      cell,
      sklearnObjectRules.filter(r => r.id === 'sklearn.randomized-lasso'),
      { versions: TODAY, imports: importTable(cells), cells }
    );
    assert.equal(
      proposeRewrite(cell, matches)?.source,
      'from sklearn.linear_model import LinearRegression, Lasso\ntry:\n    from sklearn.linear_model import RandomizedLasso\nexcept ImportError as removed:  # only the code that calls RandomizedLasso() fails\n    def RandomizedLasso(*args, _removed=removed, **kwargs):\n        raise _removed'
    );
  });
});
