"""Churn with gradient boosting: the label-encoding loop looks for object columns, which pandas 3
stores as the new string dtype, so nothing is encoded and the fit fails; np.bool behind it."""

from nbspec import NP_ALIASES, PD_BEHAVIOUR, code, md

PYTHON = "3.7.6"
DATA = {"data/customers.csv": "customers"}

CELLS = [
    md("""
    # Churn with gradient boosting

    Every text column is label-encoded, then a gradient-boosted model is cross-validated.
    """),
    code("""
    import numpy as np
    import pandas as pd
    from sklearn.preprocessing import LabelEncoder
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.model_selection import cross_val_score, cross_val_predict
    """),
    code("""
    df = pd.read_csv('data/customers.csv').drop('customer_id', axis=1)
    df['total_charges'] = df['total_charges'].fillna(0)
    print(df.shape)
    """),
    code(
        """
        cat_cols = [c for c in df.columns if df[c].dtype == 'object']
        print("encoding", cat_cols)
        for c in cat_cols:
            df[c] = LabelEncoder().fit_transform(df[c])
        """,
        new="""
        cat_cols = [c for c in df.columns if df[c].dtype == 'object' or df[c].dtype == 'str']
        print("encoding", cat_cols)
        for c in cat_cols:
            df[c] = LabelEncoder().fit_transform(df[c])
        """,
        eroded=[
            (
                PD_BEHAVIOUR,
                "text columns are the str dtype in pandas 3, not object: nothing is encoded",
            )
        ],
        cause=True,
    ),
    code(
        """
        X, y = df.drop('churn', axis=1), df['churn']
        gb = GradientBoostingClassifier(n_estimators=50, max_depth=2, random_state=0)
        print("CV accuracy: %.4f" % cross_val_score(gb, X, y, cv=5).mean())
        print("CV ROC AUC:  %.4f" % cross_val_score(gb, X, y, cv=5, scoring='roc_auc').mean())
        """,
        fails="ValueError",
        score=True,
    ),
    code(
        """
        pred = cross_val_predict(gb, X, y, cv=5).astype(np.bool)
        print("predicted churners: %d of %d" % (pred.sum(), len(pred)))
        """,
        new="""
        pred = cross_val_predict(gb, X, y, cv=5).astype(bool)
        print("predicted churners: %d of %d" % (pred.sum(), len(pred)))
        """,
        eroded=[(NP_ALIASES, "np.bool (removed in numpy 1.24)")],
    ),
]
