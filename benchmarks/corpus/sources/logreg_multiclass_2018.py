"""Linear classifiers on iris: LogisticRegression's old one-vs-rest liblinear default,
multi_class=, SGDClassifier(loss='log', n_iter=), positional SVC arguments."""

from nbspec import DEFAULTS, PARAMS, code, md

PYTHON = "3.6.5"
DATA = {"data/iris.csv": "iris"}

CELLS = [
    md("""
    # One-vs-rest or multinomial?

    Four linear classifiers on the iris flowers, each scored by 5-fold cross-validation.
    """),
    code("""
    import pandas as pd
    from sklearn.linear_model import LogisticRegression, SGDClassifier
    from sklearn.svm import SVC
    from sklearn.preprocessing import StandardScaler
    from sklearn.pipeline import make_pipeline
    from sklearn.model_selection import cross_val_score, StratifiedKFold
    iris = pd.read_csv('data/iris.csv')
    X, y = iris.drop('species', axis=1).values, iris.species.values
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    """),
    code(
        """
        ovr = LogisticRegression()
        print("logistic (default):     %.4f" % cross_val_score(ovr, X, y, cv=cv).mean())
        """,
        new="""
        from sklearn.multiclass import OneVsRestClassifier
        ovr = OneVsRestClassifier(LogisticRegression(solver='liblinear'))
        print("logistic (default):     %.4f" % cross_val_score(ovr, X, y, cv=cv).mean())
        """,
        eroded=[
            (
                DEFAULTS,
                "LogisticRegression() was liblinear one-vs-rest; now lbfgs multinomial (0.22)",
            )
        ],
        score=True,
    ),
    code(
        """
        multi = LogisticRegression(multi_class='multinomial', solver='lbfgs', max_iter=500)
        print("logistic (multinomial): %.4f" % cross_val_score(multi, X, y, cv=cv).mean())
        """,
        new="""
        multi = LogisticRegression(solver='lbfgs', max_iter=500)
        print("logistic (multinomial): %.4f" % cross_val_score(multi, X, y, cv=cv).mean())
        """,
        eroded=[
            (
                PARAMS,
                "LogisticRegression(multi_class=) (removed in 1.8; multinomial is the default)",
            )
        ],
        fails="TypeError",
        score=True,
    ),
    code(
        """
        sgd = make_pipeline(StandardScaler(), SGDClassifier(loss='log', n_iter=20, random_state=0))
        print("SGD (log loss):         %.4f" % cross_val_score(sgd, X, y, cv=cv).mean())
        """,
        new="""
        sgd = make_pipeline(StandardScaler(),
                            SGDClassifier(loss='log_loss', max_iter=20, tol=None, random_state=0))
        print("SGD (log loss):         %.4f" % cross_val_score(sgd, X, y, cv=cv).mean())
        """,
        eroded=[
            (PARAMS, "SGDClassifier(loss='log') -> 'log_loss' (removed in 1.3)"),
            (PARAMS, "SGDClassifier(n_iter=) -> max_iter=, tol=None (removed in 0.21)"),
        ],
        score=True,
    ),
    code(
        """
        svm = SVC(0.5, 'linear')
        print("linear SVM:             %.4f" % cross_val_score(svm, X, y, cv=cv).mean())
        """,
        new="""
        svm = SVC(C=0.5, kernel='linear')
        print("linear SVM:             %.4f" % cross_val_score(svm, X, y, cv=cv).mean())
        """,
        eroded=[(PARAMS, "SVC(0.5, 'linear'): positional arguments are keyword-only (1.0)")],
        score=True,
    ),
]
