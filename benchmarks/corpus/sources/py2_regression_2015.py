"""A Python 2.7 course notebook on diabetes progression: print statements, integer division,
has_key, iteritems, sklearn.cross_validation, LinearRegression(normalize=)."""

from nbspec import PARAMS, PY2, SK_MODULES, code, md

PYTHON = "2.7.10"
DATA = {"diabetes.csv": "diabetes"}

CELLS = [
    md("""
    # Week 3: linear regression

    Disease progression one year after baseline, from ten measurements of 442 patients.
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.cross_validation import train_test_split
        from sklearn.linear_model import LinearRegression, Ridge
        from sklearn.metrics import r2_score, mean_squared_error
        print 'numpy', np.__version__
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.model_selection import train_test_split
        from sklearn.linear_model import LinearRegression, Ridge
        from sklearn.metrics import r2_score, mean_squared_error
        print('numpy', '1.9.2')
        """,
        eroded=[
            (PY2, "print statement"),
            (SK_MODULES, "from sklearn.cross_validation import train_test_split"),
        ],
        fails="SyntaxError",
    ),
    code(
        """
        df = pd.read_csv('diabetes.csv')
        print df.shape
        half = len(df) / 2
        print 'first half mean progression: %.2f' % df.progression[:half].mean()
        """,
        new="""
        df = pd.read_csv('diabetes.csv')
        print(df.shape)
        half = len(df) // 2
        print('first half mean progression: %.2f' % df.progression[:half].mean())
        """,
        eroded=[(PY2, "print statement"), (PY2, "len(df) / 2 is a float in Python 3")],
    ),
    code(
        """
        X, y = df.drop('progression', axis=1).values, df.progression.values
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)
        ols = LinearRegression(normalize=True).fit(X_train, y_train)
        pred = ols.predict(X_test)
        print 'OLS   R^2 = %.4f   RMSE = %.2f' % (r2_score(y_test, pred),
                                                  np.sqrt(mean_squared_error(y_test, pred)))
        """,
        new="""
        X, y = df.drop('progression', axis=1).values, df.progression.values
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)
        ols = LinearRegression().fit(X_train, y_train)
        pred = ols.predict(X_test)
        print('OLS   R^2 = %.4f   RMSE = %.2f' % (r2_score(y_test, pred),
                                                  np.sqrt(mean_squared_error(y_test, pred))))
        """,
        eroded=[
            (PY2, "print statement"),
            (
                PARAMS,
                "LinearRegression(normalize=True) (removed in 1.2; no effect on OLS predictions)",
            ),
        ],
        score=True,
    ),
    code(
        """
        results = {}
        for alpha in [0.1, 1.0, 10.0, 100.0]:
            ridge = Ridge(alpha=alpha).fit(X_train, y_train)
            results[alpha] = r2_score(y_test, ridge.predict(X_test))
        for alpha, r2 in sorted(results.iteritems()):
            print 'ridge alpha = %6.1f   R^2 = %.4f' % (alpha, r2)
        """,
        new="""
        results = {}
        for alpha in [0.1, 1.0, 10.0, 100.0]:
            ridge = Ridge(alpha=alpha).fit(X_train, y_train)
            results[alpha] = r2_score(y_test, ridge.predict(X_test))
        for alpha, r2 in sorted(results.items()):
            print('ridge alpha = %6.1f   R^2 = %.4f' % (alpha, r2))
        """,
        eroded=[(PY2, "dict.iteritems()"), (PY2, "print statement")],
        score=True,
    ),
    code(
        """
        best = {'alpha': max(results, key=results.get)}
        if best.has_key('alpha'):
            print 'best alpha:', best['alpha']
        """,
        new="""
        best = {'alpha': max(results, key=results.get)}
        if 'alpha' in best:
            print('best alpha:', best['alpha'])
        """,
        eroded=[(PY2, "dict.has_key()"), (PY2, "print statement")],
    ),
]
