"""Monthly sales and a trend forecast, in Python 2.7: print statements, pd.datetime,
resample('M'), .ix on dates, fillna(method=)."""

from nbspec import LIVE_OBJECT, PD_API, PY2, code, md

PYTHON = "2.7.12"
DATA = {"data/sales.csv": "sales"}

CELLS = [
    md("""
    # Sales of the centre shop

    Daily units sold, summed by month. Does a straight line forecast the second half of 2016?
    """),
    code("""
    %matplotlib inline
    import numpy as np
    import pandas as pd
    import matplotlib.pyplot as plt
    """),
    code(
        """
        start, cutoff = pd.datetime(2015, 1, 1), pd.datetime(2016, 6, 30)
        sales = pd.read_csv('data/sales.csv', parse_dates=['date'])
        centre = sales[sales.shop == 'centre'].set_index('date')['units']
        centre = centre[centre.index >= start]
        print len(centre)
        """,
        new="""
        from datetime import datetime
        start, cutoff = datetime(2015, 1, 1), datetime(2016, 6, 30)
        sales = pd.read_csv('data/sales.csv', parse_dates=['date'])
        centre = sales[sales.shop == 'centre'].set_index('date')['units']
        centre = centre[centre.index >= start]
        print(len(centre))
        """,
        eroded=[(PY2, "print statement"), (PD_API, "pd.datetime (removed in pandas 2.0)")],
        fails="SyntaxError",
    ),
    code(
        """
        monthly = centre.resample('M').sum()
        print monthly.ix[:3].to_string()
        """,
        new="""
        monthly = centre.resample('ME').sum()
        print(monthly.iloc[:3].to_string())
        """,
        eroded=[
            (PD_API, "frequency alias 'M' -> 'ME' (removed in pandas 3.0)"),
            (PD_API, ".ix (removed in pandas 1.0)"),
            (LIVE_OBJECT, ".ix[:3] on a DatetimeIndex is positional: .iloc"),
            (PY2, "print statement"),
        ],
    ),
    code(
        """
        growth = monthly.pct_change().fillna(method='bfill')
        print "mean monthly growth: %.4f" % growth.mean()
        """,
        new="""
        growth = monthly.pct_change().bfill()
        print("mean monthly growth: %.4f" % growth.mean())
        """,
        eroded=[
            (PD_API, "fillna(method='bfill') (removed in pandas 3.0)"),
            (PY2, "print statement"),
        ],
        score=True,
    ),
    md("## A linear trend"),
    code(
        """
        t = np.arange(len(monthly))
        train = monthly.index <= cutoff
        slope, intercept = np.polyfit(t[train], monthly.values[train], 1)
        forecast = intercept + slope * t[~train]
        rmse = np.sqrt(np.mean((forecast - monthly.values[~train]) ** 2))
        print "slope %.1f units/month, forecast RMSE %.1f" % (slope, rmse)
        """,
        new="""
        t = np.arange(len(monthly))
        train = monthly.index <= cutoff
        slope, intercept = np.polyfit(t[train], monthly.values[train], 1)
        forecast = intercept + slope * t[~train]
        rmse = np.sqrt(np.mean((forecast - monthly.values[~train]) ** 2))
        print("slope %.1f units/month, forecast RMSE %.1f" % (slope, rmse))
        """,
        eroded=[(PY2, "print statement")],
        score=True,
    ),
    code("""
    plt.plot(monthly.index, monthly.values, 'o-', label='actual')
    plt.plot(monthly.index[~train], forecast, 'r--', label='trend forecast')
    plt.legend()
    plt.show()
    """),
]
