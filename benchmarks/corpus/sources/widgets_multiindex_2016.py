"""Machine readings by day and period: IPython.html.widgets, resample('6H'), level= reductions
and MultiIndex(labels=)."""

from nbspec import IPY, PD_API, code, md

PYTHON = "3.5.2"
DATA = {"sensors.csv": "sensors"}

CELLS = [
    md("""
    # Three weeks of a machine

    Temperature and power, day against night. Move the slider to look at one day.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from IPython.html.widgets import interact
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        """,
        eroded=[(IPY, "IPython.html.widgets (removed in IPython 4; ipywidgets not installed)")],
        fails="ModuleNotFoundError",
    ),
    code(
        """
        df = pd.read_csv('sensors.csv', parse_dates=['timestamp']).set_index('timestamp')
        df = df.interpolate()
        six_hourly = df.resample('6H').mean()
        print(six_hourly.head(4).round(2).to_string())
        """,
        new="""
        df = pd.read_csv('sensors.csv', parse_dates=['timestamp']).set_index('timestamp')
        df = df.interpolate()
        six_hourly = df.resample('6h').mean()
        print(six_hourly.head(4).round(2).to_string())
        """,
        eroded=[(PD_API, "frequency alias 'H' -> 'h' (removed in pandas 3.0)")],
    ),
    code(
        """
        df['day'] = df.index.normalize()
        df['period'] = np.where((df.index.hour >= 8) & (df.index.hour < 20), 'day', 'night')
        power = df.set_index(['day', 'period'])['power_kw']
        print("mean power by period:")
        print(power.mean(level='period').round(4).to_string())
        print("busiest day: %s" % power.sum(level='day').idxmax().date())
        """,
        new="""
        df['day'] = df.index.normalize()
        df['period'] = np.where((df.index.hour >= 8) & (df.index.hour < 20), 'day', 'night')
        power = df.set_index(['day', 'period'])['power_kw']
        print("mean power by period:")
        print(power.groupby(level='period').mean().round(4).to_string())
        print("busiest day: %s" % power.groupby(level='day').sum().idxmax().date())
        """,
        eroded=[(PD_API, "Series.mean(level=) / sum(level=) -> groupby(level=) (removed in 2.0)")],
        score=True,
    ),
    code(
        """
        stats = df.groupby('period')[['temperature', 'power_kw']].agg(['mean', 'max'])
        stats.columns = pd.MultiIndex(levels=[['temperature', 'power_kw'], ['mean', 'max']],
                                      labels=[[0, 0, 1, 1], [0, 1, 0, 1]])
        stats.round(2)
        """,
        new="""
        stats = df.groupby('period')[['temperature', 'power_kw']].agg(['mean', 'max'])
        stats.columns = pd.MultiIndex(levels=[['temperature', 'power_kw'], ['mean', 'max']],
                                      codes=[[0, 0, 1, 1], [0, 1, 0, 1]])
        stats.round(2)
        """,
        eroded=[(PD_API, "MultiIndex(labels=) -> codes= (removed in 1.0)")],
    ),
    code(
        """
        slope, intercept = np.polyfit(df.temperature, df.power_kw, 1)
        print("power = %.4f + %.4f * temperature" % (intercept, slope))
        """,
        score=True,
    ),
    code(
        """
        days = sorted(df['day'].unique())

        @interact(i=(0, len(days) - 1))
        def show_day(i=4):
            one = df[df['day'] == days[i]]
            one[['temperature', 'power_kw']].plot(secondary_y='power_kw', figsize=(6, 3))
            plt.show()
        """,
        new="""
        days = sorted(df['day'].unique())

        def show_day(i=4):
            one = df[df['day'] == days[i]]
            one[['temperature', 'power_kw']].plot(secondary_y='power_kw', figsize=(6, 3))
            plt.show()

        show_day()
        """,
        eroded=[(IPY, "@interact slider: the widget shows its default (day 4) when saved")],
    ),
]
