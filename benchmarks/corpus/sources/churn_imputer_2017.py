"""Customer churn: Imputer, OneHotEncoder(sparse=), np.int, LogisticRegression's default."""

from nbspec import DEFAULTS, NP_ALIASES, PARAMS, SK_OBJECTS, code, md

PYTHON = "3.6.1"
DATA = {"data/customers.csv": "customers"}

CELLS = [
    md("""
    # Who is going to leave?

    Subscribers of a phone company and whether they cancelled. A few total charges are missing.
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.preprocessing import Imputer, StandardScaler, OneHotEncoder
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import cross_val_score
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.impute import SimpleImputer
        from sklearn.preprocessing import StandardScaler, OneHotEncoder
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import cross_val_score
        """,
        eroded=[
            (SK_OBJECTS, "sklearn.preprocessing.Imputer -> sklearn.impute.SimpleImputer (0.22)")
        ],
        fails="ImportError",
    ),
    code("""
    df = pd.read_csv('data/customers.csv')
    print(df.shape)
    print("churn rate: %.3f" % df.churn.mean())
    """),
    code(
        """
        numeric = ['tenure', 'monthly_charges', 'total_charges', 'support_calls']
        imp = Imputer(missing_values='NaN', strategy='median', axis=0)
        X_num = StandardScaler().fit_transform(imp.fit_transform(df[numeric].values))
        """,
        new="""
        numeric = ['tenure', 'monthly_charges', 'total_charges', 'support_calls']
        imp = SimpleImputer(strategy='median')
        X_num = StandardScaler().fit_transform(imp.fit_transform(df[numeric].values))
        """,
        eroded=[(PARAMS, "Imputer(missing_values='NaN', axis=0): no axis, NaN is np.nan")],
    ),
    code(
        """
        codes = np.column_stack([df[c].astype('category').cat.codes for c in ['region', 'plan']])
        X_cat = OneHotEncoder(sparse=False).fit_transform(codes)
        X = np.hstack([X_num, X_cat])
        y = df.churn.values.astype(np.int)
        print(X.shape)
        """,
        new="""
        codes = np.column_stack([df[c].astype('category').cat.codes for c in ['region', 'plan']])
        X_cat = OneHotEncoder(sparse_output=False).fit_transform(codes)
        X = np.hstack([X_num, X_cat])
        y = df.churn.values.astype(int)
        print(X.shape)
        """,
        eroded=[
            (PARAMS, "OneHotEncoder(sparse=) -> sparse_output= (removed in 1.4)"),
            (NP_ALIASES, "np.int (removed in numpy 1.24)"),
        ],
    ),
    code(
        """
        logreg = LogisticRegression(C=0.3)
        print("CV accuracy: %.4f" % cross_val_score(logreg, X, y, cv=5).mean())
        print("CV ROC AUC:  %.4f" % cross_val_score(logreg, X, y, cv=5, scoring='roc_auc').mean())
        """,
        new="""
        logreg = LogisticRegression(C=0.3, solver='liblinear')
        print("CV accuracy: %.4f" % cross_val_score(logreg, X, y, cv=5).mean())
        print("CV ROC AUC:  %.4f" % cross_val_score(logreg, X, y, cv=5, scoring='roc_auc').mean())
        """,
        eroded=[(DEFAULTS, "LogisticRegression() solver liblinear -> lbfgs (0.22)")],
        score=True,
    ),
    code(
        """
        logreg.fit(X, y)
        names = numeric + ['region_%d' % i for i in range(4)] + ['plan_%d' % i for i in range(3)]
        print(pd.Series(logreg.coef_[0], index=names).round(3).sort_values())
        """,
    ),
]
