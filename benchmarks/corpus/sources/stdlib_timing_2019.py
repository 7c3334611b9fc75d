"""Iris classifiers timed with time.clock(): collections.Iterable, time.clock and a distutils
version check (which still imports on Python 3.11, through setuptools; gone in 3.12), SVC gamma."""

from nbspec import DEFAULTS, STDLIB, code, md

PYTHON = "3.7.3"
DATA = {"iris.csv": "iris"}

CELLS = [
    md("""
    # How long does each classifier take?

    Cross-validated accuracy and fit time of four classifiers on the iris flowers.
    """),
    code(
        """
        import time
        from collections import Iterable
        from distutils.version import LooseVersion
        import pandas as pd
        import sklearn
        if LooseVersion(sklearn.__version__) < LooseVersion('0.20'):
            from sklearn.cross_validation import cross_val_score
        else:
            from sklearn.model_selection import cross_val_score
        from sklearn.svm import SVC
        from sklearn.neighbors import KNeighborsClassifier
        from sklearn.tree import DecisionTreeClassifier
        from sklearn.naive_bayes import GaussianNB
        """,
        new="""
        import time
        from collections.abc import Iterable
        from packaging.version import Version as LooseVersion
        import pandas as pd
        import sklearn
        if LooseVersion(sklearn.__version__) < LooseVersion('0.20'):
            from sklearn.cross_validation import cross_val_score
        else:
            from sklearn.model_selection import cross_val_score
        from sklearn.svm import SVC
        from sklearn.neighbors import KNeighborsClassifier
        from sklearn.tree import DecisionTreeClassifier
        from sklearn.naive_bayes import GaussianNB
        """,
        eroded=[
            (STDLIB, "from collections import Iterable -> collections.abc (removed in 3.10)"),
            (
                STDLIB,
                "distutils.version.LooseVersion (removed in 3.12; setuptools' copy on 3.11)",
            ),
        ],
        fails="ImportError",
    ),
    code("""
    iris = pd.read_csv('iris.csv')
    X, y = iris.drop('species', axis=1).values, iris.species.values
    """),
    code(
        """
        def as_list(x):
            return list(x) if isinstance(x, Iterable) and not isinstance(x, str) else [x]

        models = {'SVC': SVC(), '5-NN': KNeighborsClassifier(),
                  'tree': DecisionTreeClassifier(random_state=0), 'naive Bayes': GaussianNB()}
        timings = {}
        for name, model in models.items():
            t0 = time.clock()
            scores = as_list(cross_val_score(model, X, y, cv=10))
            timings[name] = time.clock() - t0
            print("%-12s CV accuracy %.4f" % (name, sum(scores) / len(scores)))
        """,
        new="""
        def as_list(x):
            return list(x) if isinstance(x, Iterable) and not isinstance(x, str) else [x]

        models = {'SVC': SVC(gamma='auto'), '5-NN': KNeighborsClassifier(),
                  'tree': DecisionTreeClassifier(random_state=0), 'naive Bayes': GaussianNB()}
        timings = {}
        for name, model in models.items():
            t0 = time.process_time()
            scores = as_list(cross_val_score(model, X, y, cv=10))
            timings[name] = time.process_time() - t0
            print("%-12s CV accuracy %.4f" % (name, sum(scores) / len(scores)))
        """,
        eroded=[
            (STDLIB, "time.clock() -> time.process_time() / perf_counter() (removed in 3.8)"),
            (DEFAULTS, "SVC() gamma 'auto' -> 'scale' (0.22)"),
        ],
        score=True,
    ),
    code("""
    fastest = min(timings, key=timings.get)
    print("fastest:", fastest)
    """),
]
