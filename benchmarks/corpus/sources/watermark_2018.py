"""Breast cancer with k-NN and logistic regression: %load_ext watermark (not installed),
IPython's set_matplotlib_formats, hist(normed=), LogisticRegression's default solver."""

from nbspec import DEFAULTS, IPY, MPL, code, md

PYTHON = "3.6.6"
DATA = {"data/breast_cancer.csv": "breast_cancer"}

WATERMARK = (
    "Jane Doe 2018-07-02 \n"
    + """\

CPython 3.6.6
IPython 6.4.0

numpy 1.14.5
pandas 0.23.1
sklearn 0.19.1
matplotlib 2.2.2
"""
)

CELLS = [
    md("""
    # Benign or malignant?

    Ten measurements of cell nuclei. Versions are recorded below for reproducibility.
    """),
    code(
        """
        %load_ext watermark
        %watermark -a "Jane Doe" -d -v -p numpy,pandas,sklearn,matplotlib
        """,
        new=f"print({WATERMARK!r}, end='')",
        eroded=[(IPY, "%load_ext watermark: the watermark package is not installed")],
        fails="ModuleNotFoundError",
    ),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from IPython.display import set_matplotlib_formats
        set_matplotlib_formats('retina')
        from sklearn.model_selection import train_test_split
        from sklearn.preprocessing import StandardScaler
        from sklearn.neighbors import KNeighborsClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.metrics import roc_auc_score
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from matplotlib_inline.backend_inline import set_matplotlib_formats
        set_matplotlib_formats('retina')
        from sklearn.model_selection import train_test_split
        from sklearn.preprocessing import StandardScaler
        from sklearn.neighbors import KNeighborsClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.metrics import roc_auc_score
        """,
        eroded=[(IPY, "IPython.display.set_matplotlib_formats (removed in IPython 8)")],
    ),
    code(
        """
        df = pd.read_csv('data/breast_cancer.csv')
        for label, group in df.groupby('diagnosis'):
            plt.hist(group.mean_radius, bins=25, normed=True, alpha=0.6, label=label)
        plt.xlabel('mean radius')
        plt.legend()
        plt.show()
        """,
        new="""
        df = pd.read_csv('data/breast_cancer.csv')
        for label, group in df.groupby('diagnosis'):
            plt.hist(group.mean_radius, bins=25, density=True, alpha=0.6, label=label)
        plt.xlabel('mean radius')
        plt.legend()
        plt.show()
        """,
        eroded=[(MPL, "hist(normed=) -> density= (removed in 3.1)")],
    ),
    code("""
    X = StandardScaler().fit_transform(df.drop('diagnosis', axis=1))
    y = (df.diagnosis == 'M').astype(int).values
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=11)
    """),
    code(
        """
        knn = KNeighborsClassifier(n_neighbors=7).fit(X_train, y_train)
        logreg = LogisticRegression(C=0.5).fit(X_train, y_train)
        print("7-NN accuracy:   %.4f" % knn.score(X_test, y_test))
        print("logreg accuracy: %.4f" % logreg.score(X_test, y_test))
        print("logreg ROC AUC:  %.4f" % roc_auc_score(y_test, logreg.predict_proba(X_test)[:, 1]))
        """,
        new="""
        knn = KNeighborsClassifier(n_neighbors=7).fit(X_train, y_train)
        logreg = LogisticRegression(C=0.5, solver='liblinear').fit(X_train, y_train)
        print("7-NN accuracy:   %.4f" % knn.score(X_test, y_test))
        print("logreg accuracy: %.4f" % logreg.score(X_test, y_test))
        print("logreg ROC AUC:  %.4f" % roc_auc_score(y_test, logreg.predict_proba(X_test)[:, 1]))
        """,
        eroded=[(DEFAULTS, "LogisticRegression() solver liblinear -> lbfgs (0.22)")],
        score=True,
    ),
]
