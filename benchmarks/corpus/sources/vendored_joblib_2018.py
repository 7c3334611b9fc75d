"""Wine model saved for later: sklearn.externals.joblib and six, a models/ folder that is not in
the repository, and an unseeded forest of the old default size."""

from nbspec import DEFAULTS, OUTPUT_DIR, UNSEEDED, VENDORED, code, md

PYTHON = "3.6.5"
SEEDED = False
DATA = {"data/wine.csv": "wine"}

CELLS = [
    md("""
    # Train once, predict later

    A decision tree we can read, a forest we can trust, and the forest saved to `models/`.
    """),
    code(
        """
        import pandas as pd
        from sklearn.externals import joblib
        from sklearn.externals.six import StringIO
        from sklearn.tree import DecisionTreeClassifier, export_graphviz
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.model_selection import train_test_split
        """,
        new="""
        import pandas as pd
        import joblib
        from io import StringIO
        from sklearn.tree import DecisionTreeClassifier, export_graphviz
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.model_selection import train_test_split
        """,
        eroded=[
            (VENDORED, "from sklearn.externals import joblib -> import joblib (removed in 0.23)"),
            (VENDORED, "sklearn.externals.six.StringIO -> io.StringIO (removed in 0.23)"),
        ],
        fails="ImportError",
    ),
    code(
        """
        wine = pd.read_csv('data/wine.csv')
        X, y = wine.drop('cultivar', axis=1), wine['cultivar']
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3)
        """,
        new="""
        wine = pd.read_csv('data/wine.csv')
        X, y = wine.drop('cultivar', axis=1), wine['cultivar']
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=8)
        """,
        eroded=[(UNSEEDED, "train_test_split without random_state")],
    ),
    code(
        """
        tree = DecisionTreeClassifier(max_depth=2).fit(X_train, y_train)
        dot = StringIO()
        export_graphviz(tree, out_file=dot, feature_names=list(X.columns))
        print('\\n'.join(dot.getvalue().splitlines()[:4]))
        print("tree accuracy:   %.4f" % tree.score(X_test, y_test))
        """,
        new="""
        tree = DecisionTreeClassifier(max_depth=2, random_state=8).fit(X_train, y_train)
        dot = StringIO()
        export_graphviz(tree, out_file=dot, feature_names=list(X.columns))
        print('\\n'.join(dot.getvalue().splitlines()[:4]))
        print("tree accuracy:   %.4f" % tree.score(X_test, y_test))
        """,
        score=True,
    ),
    code(
        """
        forest = RandomForestClassifier().fit(X_train, y_train)
        print("forest accuracy: %.4f" % forest.score(X_test, y_test))
        joblib.dump(forest, 'models/wine_forest.pkl')
        """,
        new="""
        forest = RandomForestClassifier(n_estimators=10, random_state=8).fit(X_train, y_train)
        print("forest accuracy: %.4f" % forest.score(X_test, y_test))
        import os
        os.makedirs('models', exist_ok=True)
        joblib.dump(forest, 'models/wine_forest.pkl')
        """,
        eroded=[
            (DEFAULTS, "RandomForestClassifier n_estimators 10 -> 100 (0.22)"),
            (UNSEEDED, "RandomForestClassifier without random_state"),
            (OUTPUT_DIR, "joblib.dump into models/, which is not in the repository"),
        ],
        score=True,
        result="['models/wine_forest.pkl']",
    ),
    code("""
    clf = joblib.load('models/wine_forest.pkl')
    print(clf.predict(X_test[:5]))
    """),
]
