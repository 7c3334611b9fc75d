"""Three classifiers through a helper module shipped beside the notebook (mlutils.py), which holds
the eroded code: sklearn.cross_validation, as_matrix, np.float."""

from nbspec import DEFAULTS, HELPER, NP_ALIASES, PD_API, SK_MODULES, code, md

PYTHON = "3.5.2"
DATA = {"data/wine.csv": "wine"}

HELPER_OLD = '''
"""Small helpers shared by the course notebooks."""
import numpy as np
from sklearn.cross_validation import train_test_split


def load_xy(df, target):
    X = df.drop(target, axis=1).as_matrix().astype(np.float)
    y = df[target].as_matrix()
    return X, y


def split(X, y, seed=0):
    return train_test_split(X, y, test_size=0.3, random_state=seed)


def report(name, model, X_test, y_test):
    print("%-14s test accuracy %.4f" % (name, model.score(X_test, y_test)))
'''

HELPER_NEW = '''
"""Small helpers shared by the course notebooks."""
import numpy as np
from sklearn.model_selection import train_test_split


def load_xy(df, target):
    X = df.drop(target, axis=1).to_numpy().astype(float)
    y = df[target].to_numpy()
    return X, y


def split(X, y, seed=0):
    return train_test_split(X, y, test_size=0.3, random_state=seed)


def report(name, model, X_test, y_test):
    print("%-14s test accuracy %.4f" % (name, model.score(X_test, y_test)))
'''

FILES = {"mlutils.py": (HELPER_OLD, HELPER_NEW)}
ROOT_CAUSE_FILE = "mlutils.py"

CELLS = [
    md("""
    # Three classifiers on the wine data

    The loading and splitting code lives in `mlutils.py`, shared with the other notebooks.
    """),
    code(
        """
        %load_ext autoreload
        %autoreload 2
        import pandas as pd
        from sklearn.neighbors import KNeighborsClassifier
        from sklearn.tree import DecisionTreeClassifier
        from sklearn.ensemble import RandomForestClassifier
        import mlutils
        """,
        eroded=[
            (HELPER, "import mlutils: the helper module holds the eroded lines below"),
            (
                SK_MODULES,
                "mlutils.py line 3: from sklearn.cross_validation import train_test_split",
            ),
            (PD_API, "mlutils.py load_xy: DataFrame.as_matrix() (removed in 1.0)"),
            (NP_ALIASES, "mlutils.py load_xy: np.float (removed in numpy 1.24)"),
        ],
        fails="ModuleNotFoundError",
    ),
    code("""
    X, y = mlutils.load_xy(pd.read_csv('data/wine.csv'), 'cultivar')
    X_train, X_test, y_train, y_test = mlutils.split(X, y, seed=3)
    print(X_train.shape)
    """),
    code(
        """
        models = [('5-NN', KNeighborsClassifier(5)),
                  ('tree', DecisionTreeClassifier(max_depth=3, random_state=0)),
                  ('random forest', RandomForestClassifier(random_state=0))]
        for name, model in models:
            model.fit(X_train, y_train)
            mlutils.report(name, model, X_test, y_test)
        """,
        new="""
        models = [('5-NN', KNeighborsClassifier(5)),
                  ('tree', DecisionTreeClassifier(max_depth=3, random_state=0)),
                  ('random forest', RandomForestClassifier(n_estimators=10, random_state=0))]
        for name, model in models:
            model.fit(X_train, y_train)
            mlutils.report(name, model, X_test, y_test)
        """,
        eroded=[(DEFAULTS, "RandomForestClassifier n_estimators 10 -> 100 (0.22)")],
        score=True,
    ),
    md("k-NN suffers from the unscaled features (proline is in the hundreds)."),
]
