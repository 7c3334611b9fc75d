"""Least squares by the normal equations: get_dummies now gives bool columns, .values becomes an
object array and np.linalg.inv refuses it; np.float and a positional axis behind it."""

from nbspec import NP_ALIASES, PD_API, PD_BEHAVIOUR, code, md

PYTHON = "3.6.5"
DATA = {"customers.csv": "customers"}

CELLS = [
    md("""
    # Monthly charges, by hand

    Ordinary least squares from the normal equations, with dummy variables for region and plan,
    and the standard errors of the coefficients.
    """),
    code("""
    import numpy as np
    import pandas as pd
    df = pd.read_csv('customers.csv')
    """),
    code(
        """
        X = pd.get_dummies(df[['tenure', 'support_calls', 'region', 'plan']], drop_first=True)
        X.insert(0, 'const', 1.0)
        X.head()
        """,
        new="""
        X = pd.get_dummies(df[['tenure', 'support_calls', 'region', 'plan']], drop_first=True,
                           dtype=np.uint8)
        X.insert(0, 'const', 1.0)
        X.head()
        """,
        eroded=[(PD_BEHAVIOUR, "get_dummies returns bool columns (2.0), not uint8")],
    ),
    code(
        """
        Xv, y = X.values, df['monthly_charges'].values
        beta = np.linalg.inv(Xv.T.dot(Xv)).dot(Xv.T).dot(y)
        resid = (y - Xv.dot(beta)).astype(np.float)
        rmse = np.sqrt(np.mean(resid ** 2))
        r2 = 1 - resid.var() / y.var()
        print("RMSE %.3f   R^2 %.4f" % (rmse, r2))
        """,
        new="""
        Xv, y = X.values, df['monthly_charges'].values
        beta = np.linalg.inv(Xv.T.dot(Xv)).dot(Xv.T).dot(y)
        resid = (y - Xv.dot(beta)).astype(float)
        rmse = np.sqrt(np.mean(resid ** 2))
        r2 = 1 - resid.var() / y.var()
        print("RMSE %.3f   R^2 %.4f" % (rmse, r2))
        """,
        eroded=[
            (PD_BEHAVIOUR, "X.values of float and bool columns is an object array"),
            (NP_ALIASES, "np.float (removed in numpy 1.24)"),
        ],
        fails="UFuncTypeError",
        score=True,
    ),
    code(
        """
        sigma2 = resid.dot(resid) / (len(y) - Xv.shape[1])
        se = np.sqrt(np.diag(sigma2 * np.linalg.inv(Xv.T.dot(Xv))))
        table = pd.DataFrame({'coef': beta, 'se': se}, index=X.columns)
        table['t'] = table['coef'] / table['se']
        table.drop('const', 0).round(3)
        """,
        new="""
        sigma2 = resid.dot(resid) / (len(y) - Xv.shape[1])
        se = np.sqrt(np.diag(sigma2 * np.linalg.inv(Xv.T.dot(Xv))))
        table = pd.DataFrame({'coef': beta, 'se': se}, index=X.columns)
        table['t'] = table['coef'] / table['se']
        table.drop('const', axis=0).round(3)
        """,
        eroded=[(PD_API, "positional axis: drop('const', 0) -> drop('const', axis=0) (2.0)")],
    ),
]
