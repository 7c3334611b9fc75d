"""Learning curves on digits: sklearn.learning_curve, KFold(n_folds=), seaborn-* style, grid(b=)."""

from nbspec import MPL, PARAMS, SK_MODULES, code, md

PYTHON = "3.6.0"
DATA = {"digits.csv": "digits"}

CELLS = [
    md("""
    # Would more data help?

    Learning curves of naive Bayes and 3-nearest neighbours on 1000 handwritten digits.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.learning_curve import learning_curve
        from sklearn.cross_validation import KFold
        from sklearn.naive_bayes import GaussianNB
        from sklearn.neighbors import KNeighborsClassifier
        plt.style.use('seaborn-darkgrid')
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.model_selection import learning_curve
        from sklearn.model_selection import KFold
        from sklearn.naive_bayes import GaussianNB
        from sklearn.neighbors import KNeighborsClassifier
        plt.style.use('seaborn-v0_8-darkgrid')
        """,
        eroded=[
            (SK_MODULES, "sklearn.learning_curve (removed in 0.20)"),
            (SK_MODULES, "sklearn.cross_validation (removed in 0.20)"),
            (MPL, "style 'seaborn-darkgrid' -> 'seaborn-v0_8-darkgrid' (3.8)"),
        ],
        fails="ModuleNotFoundError",
    ),
    code("""
    digits = pd.read_csv('digits.csv')
    X, y = digits.drop('label', axis=1).values, digits['label'].values
    """),
    code(
        """
        cv = KFold(len(y), n_folds=5, shuffle=True, random_state=0)
        sizes = np.linspace(0.1, 1.0, 5)
        curves = {}
        for name, model in [('naive Bayes', GaussianNB()), ('3-NN', KNeighborsClassifier(3))]:
            n, train_scores, test_scores = learning_curve(model, X, y, cv=cv, train_sizes=sizes)
            curves[name] = (n, test_scores.mean(axis=1))
            print("%-12s CV accuracy with %d samples: %.4f" % (name, n[-1], test_scores[-1].mean()))
        """,
        new="""
        cv = KFold(n_splits=5, shuffle=True, random_state=0)
        sizes = np.linspace(0.1, 1.0, 5)
        curves = {}
        for name, model in [('naive Bayes', GaussianNB()), ('3-NN', KNeighborsClassifier(3))]:
            n, train_scores, test_scores = learning_curve(model, X, y, cv=cv, train_sizes=sizes)
            curves[name] = (n, test_scores.mean(axis=1))
            print("%-12s CV accuracy with %d samples: %.4f" % (name, n[-1], test_scores[-1].mean()))
        """,
        eroded=[(PARAMS, "KFold(n, n_folds=) -> KFold(n_splits=)")],
        score=True,
    ),
    code(
        """
        for name, (n, score) in curves.items():
            plt.plot(n, score, 'o-', label=name)
        plt.xlabel('training samples')
        plt.ylabel('CV accuracy')
        plt.grid(b=True)
        plt.legend(loc='lower right')
        plt.show()
        """,
        new="""
        for name, (n, score) in curves.items():
            plt.plot(n, score, 'o-', label=name)
        plt.xlabel('training samples')
        plt.ylabel('CV accuracy')
        plt.grid(visible=True)
        plt.legend(loc='lower right')
        plt.show()
        """,
        eroded=[(MPL, "grid(b=) -> grid(visible=) (removed in 3.7)")],
    ),
    md("Naive Bayes has plateaued; k-NN still gains from more data."),
]
