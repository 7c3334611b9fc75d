"""House prices from load_boston (a copy of the table is in data/): criterion='mse',
scoring='mean_squared_error' and the forest's default size."""

from nbspec import DEFAULTS, PARAMS, SK_OBJECTS, code, md

PYTHON = "3.6.2"
DATA = {"data/boston.csv": "housing"}

CELLS = [
    md("""
    # Boston house prices: linear model, tree, forest

    Median value of owner-occupied homes (MEDV, k$) from 12 characteristics of the area.
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.datasets import load_boston
        from sklearn.linear_model import LinearRegression
        from sklearn.tree import DecisionTreeRegressor
        from sklearn.ensemble import RandomForestRegressor
        from sklearn.model_selection import train_test_split, cross_val_score
        from sklearn.metrics import mean_squared_error, r2_score
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.linear_model import LinearRegression
        from sklearn.tree import DecisionTreeRegressor
        from sklearn.ensemble import RandomForestRegressor
        from sklearn.model_selection import train_test_split, cross_val_score
        from sklearn.metrics import mean_squared_error, r2_score
        """,
        eroded=[
            (
                SK_OBJECTS,
                "sklearn.datasets.load_boston (removed in 1.2); the table is in data/boston.csv",
            )
        ],
        fails="ImportError",
    ),
    code(
        """
        boston = load_boston()
        df = pd.DataFrame(boston.data, columns=boston.feature_names)
        df['MEDV'] = boston.target
        print(df.shape)
        """,
        new="""
        df = pd.read_csv('data/boston.csv')
        print(df.shape)
        """,
        eroded=[(SK_OBJECTS, "load_boston() -> pd.read_csv('data/boston.csv')")],
    ),
    code("""
    X, y = df.drop('MEDV', axis=1).values, df['MEDV'].values
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=5)
    """),
    code(
        """
        lr = LinearRegression()
        mse = cross_val_score(lr, X_train, y_train, cv=5, scoring='mean_squared_error')
        print("Linear regression CV RMSE: %.3f" % np.sqrt(-mse.mean()))
        """,
        new="""
        lr = LinearRegression()
        mse = cross_val_score(lr, X_train, y_train, cv=5, scoring='neg_mean_squared_error')
        print("Linear regression CV RMSE: %.3f" % np.sqrt(-mse.mean()))
        """,
        eroded=[(PARAMS, "scoring='mean_squared_error' -> 'neg_mean_squared_error'")],
        score=True,
    ),
    code(
        """
        tree = DecisionTreeRegressor(criterion='mse', max_depth=4, random_state=0)
        forest = RandomForestRegressor(criterion='mse', random_state=0)
        for name, model in [('linear', lr), ('tree', tree), ('forest', forest)]:
            model.fit(X_train, y_train)
            pred = model.predict(X_test)
            print("%-7s test RMSE %.3f  R2 %.4f"
                  % (name, np.sqrt(mean_squared_error(y_test, pred)), r2_score(y_test, pred)))
        """,
        new="""
        tree = DecisionTreeRegressor(criterion='squared_error', max_depth=4, random_state=0)
        forest = RandomForestRegressor(n_estimators=10, criterion='squared_error', random_state=0)
        for name, model in [('linear', lr), ('tree', tree), ('forest', forest)]:
            model.fit(X_train, y_train)
            pred = model.predict(X_test)
            print("%-7s test RMSE %.3f  R2 %.4f"
                  % (name, np.sqrt(mean_squared_error(y_test, pred)), r2_score(y_test, pred)))
        """,
        eroded=[
            (PARAMS, "criterion='mse' -> 'squared_error' (removed in 1.2)"),
            (DEFAULTS, "RandomForestRegressor n_estimators 10 -> 100 (0.22)"),
        ],
        score=True,
    ),
    code("""
    importances = pd.Series(forest.feature_importances_, index=df.columns[:-1])
    importances.sort_values(ascending=False).head(5)
    """),
]
