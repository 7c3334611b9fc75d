"""Passenger survival: chained inplace fillna and chained assignment do nothing under
Copy-on-Write, so the fit fails two cells later; LogisticRegression's default solver."""

from nbspec import DEFAULTS, PD_BEHAVIOUR, code, md

PYTHON = "3.7.3"
DATA = {"train.csv": "passengers"}

CELLS = [
    md("""
    # Passenger survival, cleaned by hand

    Fill the missing ages and ports, cap the extreme fares, then compare two models.
    """),
    code("""
    import numpy as np
    import pandas as pd
    from sklearn.model_selection import train_test_split
    from sklearn.linear_model import LogisticRegression
    from sklearn.ensemble import RandomForestClassifier
    """),
    code("""
    df = pd.read_csv('train.csv')
    df.isnull().sum()
    """),
    code(
        """
        df['Age'].fillna(df['Age'].median(), inplace=True)
        df['Embarked'].fillna('S', inplace=True)
        df['Fare'][df['Fare'] > 150] = 150
        df['Sex'] = df['Sex'].map({'male': 0, 'female': 1})
        print("missing values left: %d" % df[['Age', 'Embarked']].isnull().sum().sum())
        print("highest fare: %.2f" % df['Fare'].max())
        """,
        new="""
        df['Age'] = df['Age'].fillna(df['Age'].median())
        df['Embarked'] = df['Embarked'].fillna('S')
        df.loc[df['Fare'] > 150, 'Fare'] = 150
        df['Sex'] = df['Sex'].map({'male': 0, 'female': 1})
        print("missing values left: %d" % df[['Age', 'Embarked']].isnull().sum().sum())
        print("highest fare: %.2f" % df['Fare'].max())
        """,
        eroded=[
            (
                PD_BEHAVIOUR,
                "df['Age'].fillna(..., inplace=True) on a column: no effect under Copy-on-Write",
            ),
            (
                PD_BEHAVIOUR,
                "df['Embarked'].fillna(..., inplace=True): no effect under Copy-on-Write",
            ),
            (
                PD_BEHAVIOUR,
                "df['Fare'][mask] = 150 chained assignment: no effect under Copy-on-Write",
            ),
        ],
        cause=True,
    ),
    code("""
    features = ['Pclass', 'Sex', 'Age', 'SibSp', 'Fare']
    X_train, X_test, y_train, y_test = train_test_split(
        df[features].values, df['Survived'].values, test_size=0.3, random_state=4)
    """),
    code(
        """
        logreg = LogisticRegression(C=1.0)
        logreg.fit(X_train, y_train)
        print("logistic regression accuracy: %.4f" % logreg.score(X_test, y_test))
        """,
        new="""
        logreg = LogisticRegression(C=1.0, solver='liblinear')
        logreg.fit(X_train, y_train)
        print("logistic regression accuracy: %.4f" % logreg.score(X_test, y_test))
        """,
        eroded=[(DEFAULTS, "LogisticRegression() solver liblinear -> lbfgs (0.22)")],
        fails="ValueError",
        score=True,
    ),
    code(
        """
        rf = RandomForestClassifier(n_estimators=100, max_depth=5, random_state=0)
        rf.fit(X_train, y_train)
        print("random forest accuracy:       %.4f" % rf.score(X_test, y_test))
        """,
        score=True,
    ),
]
