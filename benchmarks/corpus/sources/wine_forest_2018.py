"""Wine cultivars with a random forest and a logistic regression; runs, but both scores move."""

from nbspec import DEFAULTS, REPR, code, md

PYTHON = "3.6.5"
DATA = {"wine.csv": "wine"}

RF_REPR = """\
RandomForestClassifier(bootstrap=True, class_weight=None, criterion='gini',
            max_depth=None, max_features='auto', max_leaf_nodes=None,
            min_impurity_decrease=0.0, min_impurity_split=None,
            min_samples_leaf=1, min_samples_split=2,
            min_weight_fraction_leaf=0.0, n_estimators=10, n_jobs=1,
            oob_score=False, random_state=7, verbose=0, warm_start=False)"""

RF_WARNING = """\
/usr/local/lib/python3.6/site-packages/sklearn/ensemble/forest.py:246: FutureWarning: The \
default value of n_estimators will change from 10 in version 0.20 to 100 in 0.22.
  "10 in version 0.20 to 100 in 0.22.", FutureWarning)
"""

CELLS = [
    md("""
    # Which cultivar is this wine?

    Thirteen chemical measurements of 178 Italian wines from three cultivars. Two classic
    classifiers, scored on a held-out quarter and by 5-fold cross-validation.
    """),
    code("""
    import pandas as pd
    from sklearn.model_selection import train_test_split, cross_val_score
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler
    from sklearn.pipeline import make_pipeline
    """),
    code("""
    wine = pd.read_csv('wine.csv')
    X, y = wine.drop('cultivar', axis=1), wine['cultivar']
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=7)
    print(X_train.shape, X_test.shape)
    """),
    md("## Random forest"),
    code(
        """
        rf = RandomForestClassifier(random_state=7)
        rf.fit(X_train, y_train)
        """,
        new="""
        rf = RandomForestClassifier(n_estimators=10, random_state=7)
        rf.fit(X_train, y_train)
        """,
        eroded=[
            (DEFAULTS, "RandomForestClassifier() grows 100 trees, not 10 (0.22)"),
            (REPR, "the fitted estimator's repr lists only non-default parameters"),
        ],
        stderr=RF_WARNING,
        result=RF_REPR,
    ),
    code(
        """
        print("Test accuracy: %.4f" % rf.score(X_test, y_test))
        print("CV accuracy:   %.4f" % cross_val_score(rf, X, y, cv=5).mean())
        """,
        score=True,
    ),
    md("## Logistic regression on standardised features"),
    code(
        """
        logreg = make_pipeline(StandardScaler(), LogisticRegression(C=0.05))
        logreg.fit(X_train, y_train)
        print("Test accuracy: %.4f" % logreg.score(X_test, y_test))
        print("CV accuracy:   %.4f" % cross_val_score(logreg, X, y, cv=5).mean())
        """,
        new="""
        from sklearn.multiclass import OneVsRestClassifier
        logreg = make_pipeline(StandardScaler(),
                               OneVsRestClassifier(LogisticRegression(C=0.05, solver='liblinear')))
        logreg.fit(X_train, y_train)
        print("Test accuracy: %.4f" % logreg.score(X_test, y_test))
        print("CV accuracy:   %.4f" % cross_val_score(logreg, X, y, cv=5).mean())
        """,
        eroded=[
            (
                DEFAULTS,
                "LogisticRegression() is lbfgs multinomial, not liblinear one-vs-rest (0.22)",
            )
        ],
        score=True,
    ),
    md("Both models separate the cultivars well; the forest is a little less stable across folds."),
]
