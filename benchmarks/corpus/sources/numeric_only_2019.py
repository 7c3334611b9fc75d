"""Churn summaries and a forest: mean/groupby/corr over text columns need numeric_only,
applymap is gone, RandomForest's default size changed."""

from nbspec import DEFAULTS, PD_API, PD_BEHAVIOUR, code, md

PYTHON = "3.7.4"
DATA = {"customers.csv": "customers"}

CELLS = [
    md("""
    # Churn: a first look, then a forest

    Averages overall and by plan, correlations with churn, then a random forest.
    """),
    code("""
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import cross_val_score
    df = pd.read_csv('customers.csv')
    """),
    code(
        "df.mean().round(3)",
        new="df.mean(numeric_only=True).round(3)",
        eroded=[(PD_BEHAVIOUR, "DataFrame.mean() over text columns needs numeric_only=True (2.0)")],
        fails="TypeError",
    ),
    code(
        """
        by_plan = df.groupby('plan').mean()
        by_plan.applymap('{:.2f}'.format)
        """,
        new="""
        by_plan = df.groupby('plan').mean(numeric_only=True)
        by_plan.map('{:.2f}'.format)
        """,
        eroded=[
            (PD_BEHAVIOUR, "groupby().mean() over text columns needs numeric_only=True (2.0)"),
            (PD_API, "DataFrame.applymap -> DataFrame.map (removed in 3.0)"),
        ],
    ),
    code(
        "df.corr()['churn'].sort_values()",
        new="df.corr(numeric_only=True)['churn'].sort_values()",
        eroded=[(PD_BEHAVIOUR, "DataFrame.corr() with text columns needs numeric_only=True (2.0)")],
    ),
    code(
        """
        X = pd.get_dummies(df.drop(['customer_id', 'churn'], axis=1).fillna(0))
        y = df['churn']
        rf = RandomForestClassifier(max_depth=5, random_state=0)
        print("CV ROC AUC: %.4f" % cross_val_score(rf, X, y, cv=5, scoring='roc_auc').mean())
        """,
        new="""
        X = pd.get_dummies(df.drop(['customer_id', 'churn'], axis=1).fillna(0))
        y = df['churn']
        rf = RandomForestClassifier(n_estimators=10, max_depth=5, random_state=0)
        print("CV ROC AUC: %.4f" % cross_val_score(rf, X, y, cv=5, scoring='roc_auc').mean())
        """,
        eroded=[(DEFAULTS, "RandomForestClassifier n_estimators 10 -> 100 (0.22)")],
        score=True,
    ),
]
