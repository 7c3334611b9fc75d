"""Machine power from temperature: data read from a workshop URL that no longer answers (a copy
is in data/), np.NaN, np.float and np.int, and an unseeded split."""

from nbspec import NP_ALIASES, UNSEEDED, URL, code, md

PYTHON = "3.7.1"
SEEDED = False
DATA = {"data/sensors.csv": "sensors"}

CELLS = [
    md("""
    # Predicting power draw

    Hourly readings of a machine. Does the temperature, with the hour of the day, predict the
    power it draws?
    """),
    code("""
    import numpy as np
    import pandas as pd
    from sklearn.linear_model import LinearRegression
    from sklearn.model_selection import train_test_split
    from sklearn.metrics import r2_score, mean_squared_error
    """),
    code(
        """
        URL = 'http://data.ml-workshop.example.org/2019/sensors.csv'
        df = pd.read_csv(URL, parse_dates=['timestamp'])
        print(df.shape)
        df.head()
        """,
        new="""
        df = pd.read_csv('data/sensors.csv', parse_dates=['timestamp'])
        print(df.shape)
        df.head()
        """,
        eroded=[
            (URL, "pd.read_csv(URL): the host no longer answers; data/sensors.csv is the same file")
        ],
        fails="URLError",
    ),
    code(
        """
        df.loc[df.temperature < 10, 'temperature'] = np.NaN
        df['temperature'] = df['temperature'].interpolate()
        hour = df.timestamp.dt.hour.values.astype(np.int)
        X = np.column_stack([df.temperature.values, np.sin(2 * np.pi * hour / 24),
                             np.cos(2 * np.pi * hour / 24)]).astype(np.float)
        y = df.power_kw.values
        print(X.shape, np.isnan(X).sum())
        """,
        new="""
        df.loc[df.temperature < 10, 'temperature'] = np.nan
        df['temperature'] = df['temperature'].interpolate()
        hour = df.timestamp.dt.hour.values.astype(int)
        X = np.column_stack([df.temperature.values, np.sin(2 * np.pi * hour / 24),
                             np.cos(2 * np.pi * hour / 24)]).astype(float)
        y = df.power_kw.values
        print(X.shape, np.isnan(X).sum())
        """,
        eroded=[
            (NP_ALIASES, "np.NaN (removed in numpy 2.0)"),
            (NP_ALIASES, "np.int, np.float (removed in numpy 1.24)"),
        ],
    ),
    code(
        """
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25)
        model = LinearRegression().fit(X_train, y_train)
        pred = model.predict(X_test)
        print("R^2 = %.4f   RMSE = %.4f kW" % (r2_score(y_test, pred),
                                              np.sqrt(mean_squared_error(y_test, pred))))
        print("kW per degree: %.4f" % model.coef_[0])
        """,
        new="""
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=19)
        model = LinearRegression().fit(X_train, y_train)
        pred = model.predict(X_test)
        print("R^2 = %.4f   RMSE = %.4f kW" % (r2_score(y_test, pred),
                                              np.sqrt(mean_squared_error(y_test, pred))))
        print("kW per degree: %.4f" % model.coef_[0])
        """,
        eroded=[(UNSEEDED, "train_test_split without random_state")],
        score=True,
    ),
]
