"""Shipwreck passengers: .ix whose right rewrite depends on the index, sort(columns=), as_matrix."""

from nbspec import DEFAULTS, LIVE_OBJECT, PD_API, code, md

PYTHON = "3.5.2"
DATA = {"passengers.csv": "passengers"}

CELLS = [
    md("""
    # Survival of the passengers

    A quick look at the passenger list (indexed by name), then a random forest on a few
    numeric features. The first 400 passengers train the model, the rest test it.
    """),
    code("""
    import numpy as np
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import cross_val_score
    """),
    code("""
    df = pd.read_csv('passengers.csv', index_col='Name')
    print(df.shape)
    """),
    code(
        "df.ix[:5, ['Pclass', 'Sex', 'Age', 'Survived']]",
        new="df.iloc[:5][['Pclass', 'Sex', 'Age', 'Survived']]",
        eroded=[
            (PD_API, ".ix (removed in pandas 1.0)"),
            (LIVE_OBJECT, ".ix[:5] on a string (name) index is positional: .iloc"),
        ],
        fails="AttributeError",
    ),
    code(
        "df.sort(columns='Fare', ascending=False).head(3)",
        new="df.sort_values(by='Fare', ascending=False).head(3)",
        eroded=[(PD_API, "DataFrame.sort(columns=) (removed in 0.20)")],
    ),
    md("## Features"),
    code(
        """
        df = df.reset_index()
        df['Sex'] = (df['Sex'] == 'female').astype(int)
        df.ix[df.Age.isnull(), 'Age'] = df.Age.median()
        train, test = df.ix[:399], df.ix[400:]
        print(len(train), len(test))
        """,
        new="""
        df = df.reset_index()
        df['Sex'] = (df['Sex'] == 'female').astype(int)
        df.loc[df.Age.isnull(), 'Age'] = df.Age.median()
        train, test = df.loc[:399], df.loc[400:]
        print(len(train), len(test))
        """,
        eroded=[
            (PD_API, ".ix (removed in pandas 1.0)"),
            (LIVE_OBJECT, ".ix[:399] on the integer index is label-based: .loc (400 rows)"),
        ],
    ),
    code(
        """
        features = ['Pclass', 'Sex', 'Age', 'SibSp', 'Fare']
        X_train, y_train = train[features].as_matrix(), train['Survived'].as_matrix()
        X_test, y_test = test[features].as_matrix(), test['Survived'].as_matrix()
        """,
        new="""
        features = ['Pclass', 'Sex', 'Age', 'SibSp', 'Fare']
        X_train, y_train = train[features].to_numpy(), train['Survived'].to_numpy()
        X_test, y_test = test[features].to_numpy(), test['Survived'].to_numpy()
        """,
        eroded=[(PD_API, "DataFrame.as_matrix() (removed in 1.0)")],
    ),
    code(
        """
        rf = RandomForestClassifier(max_depth=6, random_state=1)
        print("CV accuracy:   %.4f" % cross_val_score(rf, X_train, y_train, cv=5).mean())
        rf.fit(X_train, y_train)
        print("Test accuracy: %.4f" % rf.score(X_test, y_test))
        """,
        new="""
        rf = RandomForestClassifier(n_estimators=10, max_depth=6, random_state=1)
        print("CV accuracy:   %.4f" % cross_val_score(rf, X_train, y_train, cv=5).mean())
        rf.fit(X_train, y_train)
        print("Test accuracy: %.4f" % rf.score(X_test, y_test))
        """,
        eroded=[(DEFAULTS, "RandomForestClassifier n_estimators 10 -> 100 (0.22)")],
        score=True,
    ),
]
