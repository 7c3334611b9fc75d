"""breast-cancer-svm-2017.ipynb: a scikit-learn 0.19 tutorial (grid_search, Imputer, np.float)."""

from cells import code, md

PYTHON = "3.6.3"
EXPECT = {"error": "ModuleNotFoundError", "cell": "from sklearn.grid_search", "drift": False}

# scikit-learn 0.19 warned when the deprecated modules were imported (grid_search imports
# cross_validation itself, so that warning came first).
IMPORT_WARNINGS = """\
/home/ana/anaconda3/lib/python3.6/site-packages/sklearn/cross_validation.py:41: \
DeprecationWarning: This module was deprecated in version 0.18 in favor of the model_selection \
module into which all the refactored classes and functions are moved. Also note that the \
interface of the new CV iterators are different from that of this module. This module will be \
removed in 0.20.
  "This module will be removed in 0.20.", DeprecationWarning)
/home/ana/anaconda3/lib/python3.6/site-packages/sklearn/grid_search.py:42: DeprecationWarning: \
This module was deprecated in version 0.18 in favor of the model_selection module into which \
all the refactored classes and functions are moved. This module will be removed in 0.20.
  DeprecationWarning)
"""

# The repr scikit-learn 0.19 printed after fit: every parameter, defaults included.
GRID_REPR = """\
GridSearchCV(cv=5, error_score='raise',
       estimator=Pipeline(memory=None,
     steps=[('imputer', Imputer(axis=0, copy=True, missing_values='NaN', strategy='mean', verbose=0)), \
('scaler', StandardScaler(copy=True, with_mean=True, with_std=True)), ('svm', SVC(C=1.0, \
cache_size=200, class_weight=None, coef0=0.0,
  decision_function_shape='ovr', degree=3, gamma='auto', kernel='rbf',
  max_iter=-1, probability=False, random_state=None, shrinking=True,
  tol=0.001, verbose=False))]),
       fit_params=None, iid=True, n_jobs=1,
       param_grid={'svm__C': [0.1, 1, 10, 100], 'svm__gamma': [0.001, 0.01, 0.1, 1]},
       pre_dispatch='2*n_jobs', refit=True, return_train_score='warn',
       scoring=None, verbose=0)
"""

CELLS = [
    md("""
    # Breast cancer diagnosis with a support vector machine

    This tutorial walks through a complete scikit-learn workflow on the Wisconsin diagnostic
    breast cancer data (the ten "mean" features of each cell nucleus):

    1. fill in missing measurements,
    2. scale the features,
    3. chain both with an SVM in a `Pipeline`,
    4. tune `C` and `gamma` with a cross-validated grid search,
    5. evaluate on a held-out test set.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt

        from sklearn.grid_search import GridSearchCV
        from sklearn.cross_validation import train_test_split
        from sklearn.preprocessing import Imputer, StandardScaler
        from sklearn.pipeline import Pipeline
        from sklearn.svm import SVC
        from sklearn.metrics import classification_report, confusion_matrix
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt

        from sklearn.model_selection import GridSearchCV, StratifiedKFold
        from sklearn.model_selection import train_test_split
        from sklearn.impute import SimpleImputer
        from sklearn.preprocessing import StandardScaler
        from sklearn.pipeline import Pipeline
        from sklearn.svm import SVC
        from sklearn.metrics import confusion_matrix, precision_recall_fscore_support


        def classification_report(y_true, y_pred, target_names, digits=2):
            # The report as scikit-learn 0.19 laid it out, with its "avg / total" row.
            p, r, f, s = precision_recall_fscore_support(y_true, y_pred)
            width = max(max(len(n) for n in target_names), len('avg / total'), digits)
            headers = ['precision', 'recall', 'f1-score', 'support']
            report = ('{:>{width}s} ' + ' {:>9}' * 4).format('', *headers, width=width)
            report += '\\n\\n'
            row = '{:>{width}s} ' + ' {:>9.{digits}f}' * 3 + ' {:>9}\\n'
            for values in zip(target_names, p, r, f, s):
                report += row.format(*values, width=width, digits=digits)
            report += '\\n'
            report += row.format('avg / total', np.average(p, weights=s), np.average(r, weights=s),
                                 np.average(f, weights=s), np.sum(s), width=width, digits=digits)
            return report
        """,
        naive="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt

        from sklearn.model_selection import GridSearchCV
        from sklearn.model_selection import train_test_split
        from sklearn.impute import SimpleImputer
        from sklearn.preprocessing import StandardScaler
        from sklearn.pipeline import Pipeline
        from sklearn.svm import SVC
        from sklearn.metrics import classification_report, confusion_matrix
        """,
        stderr=IMPORT_WARNINGS,
    ),
    md("## The data"),
    code("""
    df = pd.read_csv('data/breast_cancer.csv')
    print(df.shape)
    df.head()
    """),
    md("Some measurements are missing:"),
    code("df.isnull().sum()"),
    code(
        """
        X = df.drop('diagnosis', axis=1).values.astype(np.float)
        y = (df['diagnosis'] == 'M').values.astype(np.int)
        print("%d samples, %d features, %.1f%% malignant" % (X.shape[0], X.shape[1], 100 * y.mean()))
        """,
        new="""
        X = df.drop('diagnosis', axis=1).values.astype(float)
        y = (df['diagnosis'] == 'M').values.astype(int)
        print("%d samples, %d features, %.1f%% malignant" % (X.shape[0], X.shape[1], 100 * y.mean()))
        """,
    ),
    code("""
    df['diagnosis'].value_counts().plot(kind='bar', color=['#4c72b0', '#c44e52'], figsize=(4, 3))
    plt.title('Diagnosis (B = benign, M = malignant)')
    plt.show()
    """),
    md("We keep 30% of the samples aside as a test set and never look at them while tuning."),
    code("X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)"),
    md("""
    ## A pipeline: impute, scale, classify

    The imputer replaces a missing value by the mean of its column (computed on the training
    data only, thanks to the pipeline); the SVM needs features on comparable scales.
    """),
    code(
        """
        pipe = Pipeline([('imputer', Imputer(missing_values='NaN', strategy='mean', axis=0)),
                         ('scaler', StandardScaler()),
                         ('svm', SVC())])
        pipe.fit(X_train, y_train)
        print("Test accuracy with default parameters: %.4f" % pipe.score(X_test, y_test))
        """,
        new="""
        pipe = Pipeline([('imputer', SimpleImputer(strategy='mean')),
                         ('scaler', StandardScaler()),
                         ('svm', SVC(gamma='auto'))])
        pipe.fit(X_train, y_train)
        print("Test accuracy with default parameters: %.4f" % pipe.score(X_test, y_test))
        """,
        naive="""
        pipe = Pipeline([('imputer', SimpleImputer(strategy='mean')),
                         ('scaler', StandardScaler()),
                         ('svm', SVC())])
        pipe.fit(X_train, y_train)
        print("Test accuracy with default parameters: %.4f" % pipe.score(X_test, y_test))
        """,
    ),
    md("""
    ## Grid search

    Five-fold cross-validation on the training set for every combination of `C` and `gamma`.
    """),
    code(
        """
        param_grid = {'svm__C': [0.1, 1, 10, 100], 'svm__gamma': [0.001, 0.01, 0.1, 1]}
        grid = GridSearchCV(pipe, param_grid, cv=5)
        grid.fit(X_train, y_train)
        """,
        # sklearn.grid_search averaged the fold scores weighted by fold size (iid=True) and
        # refit the candidate with the best weighted mean.
        new="""
        param_grid = {'svm__C': [0.1, 1, 10, 100], 'svm__gamma': [0.001, 0.01, 0.1, 1]}
        _w = np.array([len(te) for _, te in StratifiedKFold(5).split(X_train, y_train)])


        def _iid_means(res):
            return _w @ np.array([res['split%d_test_score' % i] for i in range(5)]) / _w.sum()


        grid = GridSearchCV(pipe, param_grid, cv=5,
                            refit=lambda res: int(np.argmax(_iid_means(res))))
        grid.fit(X_train, y_train)
        """,
        naive="""
        param_grid = {'svm__C': [0.1, 1, 10, 100], 'svm__gamma': [0.001, 0.01, 0.1, 1]}
        grid = GridSearchCV(pipe, param_grid, cv=5)
        grid.fit(X_train, y_train)
        """,
        result=GRID_REPR,
    ),
    code(
        """
        for params, mean_score, scores in grid.grid_scores_:
            print("%0.3f (+/-%0.03f) for %r" % (mean_score, scores.std() * 2, params))
        """,
        new="""
        _splits = np.array([grid.cv_results_['split%d_test_score' % i] for i in range(5)]).T
        for params, mean_score, scores in zip(grid.cv_results_['params'],
                                              _iid_means(grid.cv_results_), _splits):
            print("%0.3f (+/-%0.03f) for %r" % (mean_score, scores.std() * 2, params))
        """,
        naive="""
        res = grid.cv_results_
        for params, mean_score, std in zip(res['params'], res['mean_test_score'],
                                           res['std_test_score']):
            print("%0.3f (+/-%0.03f) for %r" % (mean_score, std * 2, params))
        """,
    ),
    code(
        """
        print("Best parameters: %s" % grid.best_params_)
        print("Best CV accuracy: %.4f" % grid.best_score_)
        """,
        new="""
        print("Best parameters: %s" % grid.best_params_)
        print("Best CV accuracy: %.4f" % _iid_means(grid.cv_results_)[grid.best_index_])
        """,
        naive="""
        print("Best parameters: %s" % grid.best_params_)
        print("Best CV accuracy: %.4f" % grid.best_score_)
        """,
    ),
    md("## Evaluation on the test set"),
    code("""
    y_pred = grid.predict(X_test)
    print("Test accuracy: %.4f" % np.mean(y_pred == y_test))
    print(classification_report(y_test, y_pred, target_names=['benign', 'malignant']))
    """),
    code("""
    cm = confusion_matrix(y_test, y_pred)
    plt.figure(figsize=(4, 3.5))
    plt.imshow(cm, interpolation='nearest', cmap=plt.cm.Blues)
    plt.colorbar()
    plt.xticks([0, 1], ['benign', 'malignant'])
    plt.yticks([0, 1], ['benign', 'malignant'])
    for i in range(2):
        for j in range(2):
            plt.text(j, i, cm[i, j], ha='center', va='center',
                     color='white' if cm[i, j] > cm.max() / 2 else 'black')
    plt.xlabel('predicted')
    plt.ylabel('true')
    plt.title('Confusion matrix')
    plt.show()
    """),
    md("""
    The grid search finds a slightly better cross-validated accuracy than the defaults, but on
    the test set the tuned SVM does no better. Most errors are malignant tumours predicted
    benign, the costly kind: a next step would be to weight the classes or move the decision
    threshold.
    """),
]
