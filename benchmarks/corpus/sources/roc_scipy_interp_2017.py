"""Cross-validated ROC curves (after the scikit-learn example of the time): scipy.interp,
scipy.misc.comb, StratifiedKFold(y, n_folds=) from sklearn.cross_validation, LogisticRegression."""

from nbspec import DEFAULTS, PARAMS, SCIPY, SK_MODULES, code, md

PYTHON = "3.6.1"
DATA = {"breast_cancer.csv": "breast_cancer"}

CELLS = [
    md("""
    # ROC with cross-validation

    One ROC curve per fold, and their mean, for a logistic regression on the breast cancer data.
    """),
    code(
        """
        %matplotlib inline
        from scipy import interp
        from scipy.misc import comb
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.cross_validation import StratifiedKFold
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import StandardScaler
        from sklearn.metrics import roc_curve, auc
        """,
        new="""
        %matplotlib inline
        from numpy import interp
        from scipy.special import comb
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.model_selection import StratifiedKFold
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import StandardScaler
        from sklearn.metrics import roc_curve, auc
        """,
        eroded=[
            (SCIPY, "from scipy import interp (a numpy re-export, removed): numpy.interp"),
            (SCIPY, "scipy.misc.comb -> scipy.special.comb (removed in 1.0)"),
            (SK_MODULES, "sklearn.cross_validation (removed in 0.20)"),
        ],
        fails="ImportError",
    ),
    code("""
    df = pd.read_csv('breast_cancer.csv')
    X = StandardScaler().fit_transform(df.drop('diagnosis', axis=1))
    y = (df.diagnosis == 'M').astype(int).values
    print("%d features, %d pairs of features" % (X.shape[1], comb(X.shape[1], 2, exact=True)))
    """),
    code(
        """
        cv = StratifiedKFold(y, n_folds=5, shuffle=True, random_state=0)
        clf = LogisticRegression(C=0.1)
        mean_fpr = np.linspace(0, 1, 100)
        mean_tpr = 0.0
        for i, (train, test) in enumerate(cv):
            proba = clf.fit(X[train], y[train]).predict_proba(X[test])[:, 1]
            fpr, tpr, _ = roc_curve(y[test], proba)
            mean_tpr += interp(mean_fpr, fpr, tpr)
            plt.plot(fpr, tpr, lw=1, alpha=0.5, label='fold %d (AUC = %.4f)' % (i, auc(fpr, tpr)))
            print("fold %d AUC = %.4f" % (i, auc(fpr, tpr)))
        mean_tpr /= 5
        mean_tpr[0], mean_tpr[-1] = 0.0, 1.0
        print("mean ROC AUC = %.4f" % auc(mean_fpr, mean_tpr))
        plt.plot(mean_fpr, mean_tpr, 'k--', lw=2, label='mean')
        plt.legend(loc='lower right', fontsize=8)
        plt.show()
        """,
        new="""
        cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
        clf = LogisticRegression(C=0.1, solver='liblinear')
        mean_fpr = np.linspace(0, 1, 100)
        mean_tpr = 0.0
        for i, (train, test) in enumerate(cv.split(X, y)):
            proba = clf.fit(X[train], y[train]).predict_proba(X[test])[:, 1]
            fpr, tpr, _ = roc_curve(y[test], proba)
            mean_tpr += interp(mean_fpr, fpr, tpr)
            plt.plot(fpr, tpr, lw=1, alpha=0.5, label='fold %d (AUC = %.4f)' % (i, auc(fpr, tpr)))
            print("fold %d AUC = %.4f" % (i, auc(fpr, tpr)))
        mean_tpr /= 5
        mean_tpr[0], mean_tpr[-1] = 0.0, 1.0
        print("mean ROC AUC = %.4f" % auc(mean_fpr, mean_tpr))
        plt.plot(mean_fpr, mean_tpr, 'k--', lw=2, label='mean')
        plt.legend(loc='lower right', fontsize=8)
        plt.show()
        """,
        eroded=[
            (PARAMS, "StratifiedKFold(y, n_folds=) -> StratifiedKFold(n_splits=).split(X, y)"),
            (DEFAULTS, "LogisticRegression() solver liblinear -> lbfgs (0.22)"),
        ],
        score=True,
    ),
]
