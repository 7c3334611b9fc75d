"""Tuning an SVM on breast cancer data: sklearn.grid_search, grid_scores_, SVC's gamma default."""

from nbspec import ATTRS, DEFAULTS, SK_MODULES, code, md

PYTHON = "3.5.2"
DATA = {"breast_cancer.csv": "breast_cancer"}

CELLS = [
    md("""
    # Tuning C for an RBF SVM

    400 samples for training (5-fold grid search), the rest for testing.
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.grid_search import GridSearchCV
        from sklearn.cross_validation import train_test_split
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import SVC
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.model_selection import GridSearchCV
        from sklearn.model_selection import train_test_split
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import SVC
        """,
        eroded=[
            (SK_MODULES, "sklearn.grid_search (removed in 0.20)"),
            (SK_MODULES, "sklearn.cross_validation (removed in 0.20)"),
        ],
        fails="ModuleNotFoundError",
    ),
    code("""
    df = pd.read_csv('breast_cancer.csv')
    X = df.drop('diagnosis', axis=1).values
    y = (df.diagnosis == 'M').astype(int).values
    X_train, X_test, y_train, y_test = train_test_split(X, y, train_size=400, random_state=0,
                                                        stratify=y)
    print(X_train.shape, X_test.shape)
    """),
    code(
        """
        pipe = make_pipeline(StandardScaler(), SVC())
        grid = GridSearchCV(pipe, {'svc__C': [0.1, 1, 10, 100]}, cv=5)
        grid.fit(X_train, y_train)
        for params, mean_score, scores in grid.grid_scores_:
            print("%0.3f (+/-%0.03f) for %r" % (mean_score, scores.std() * 2, params))
        """,
        new="""
        pipe = make_pipeline(StandardScaler(), SVC(gamma='auto'))
        grid = GridSearchCV(pipe, {'svc__C': [0.1, 1, 10, 100]}, cv=5)
        grid.fit(X_train, y_train)
        res = grid.cv_results_
        for params, mean_score, std in zip(res['params'], res['mean_test_score'],
                                    res['std_test_score']):
            print("%0.3f (+/-%0.03f) for %r" % (mean_score, std * 2, params))
        """,
        eroded=[
            (DEFAULTS, "SVC() gamma 'auto' -> 'scale' (0.22)"),
            (ATTRS, "grid_scores_ -> cv_results_ (removed in 0.20)"),
        ],
        score=True,
    ),
    code(
        """
        print("best CV score: %.4f with %r" % (grid.best_score_, grid.best_params_))
        print("test accuracy: %.4f" % grid.score(X_test, y_test))
        """,
        score=True,
    ),
]
