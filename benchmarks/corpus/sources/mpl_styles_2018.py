"""Diabetes plots and a regression: seaborn-* style names, data from a URL that no longer answers
(a copy is beside the notebook), axisbg=, hist(normed=), plt.cm.get_cmap, seaborn's positional
data arguments."""

from nbspec import MPL, URL, code, md

PYTHON = "3.6.4"
DATA = {"diabetes.csv": "diabetes"}

CELLS = [
    md("""
    # Body mass index and disease progression

    Some pictures, then a linear model on BMI and the blood serum measurement s5.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        import seaborn as sns
        from sklearn.linear_model import LinearRegression
        from sklearn.model_selection import cross_val_score
        plt.style.use('seaborn-white')
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        import seaborn as sns
        from sklearn.linear_model import LinearRegression
        from sklearn.model_selection import cross_val_score
        plt.style.use('seaborn-v0_8-white')
        """,
        eroded=[(MPL, "style 'seaborn-white' -> 'seaborn-v0_8-white' (3.8)")],
        fails="OSError",
    ),
    code(
        """
        df = pd.read_csv('http://ml-datasets.example.org/diabetes/diabetes.csv')
        print(df[['bmi', 's5', 'progression']].describe().round(2))
        """,
        new="""
        df = pd.read_csv('diabetes.csv')
        print(df[['bmi', 's5', 'progression']].describe().round(2))
        """,
        eroded=[
            (URL, "pd.read_csv(URL): the host no longer answers; diabetes.csv is the same file")
        ],
    ),
    code(
        """
        fig = plt.figure(figsize=(5, 3))
        ax = fig.add_subplot(111, axisbg='#f4f4f4')
        ax.hist(df.bmi, bins=25, normed=True, color='steelblue')
        ax.set_xlabel('BMI')
        plt.show()
        """,
        new="""
        fig = plt.figure(figsize=(5, 3))
        ax = fig.add_subplot(111, facecolor='#f4f4f4')
        ax.hist(df.bmi, bins=25, density=True, color='steelblue')
        ax.set_xlabel('BMI')
        plt.show()
        """,
        eroded=[
            (MPL, "add_subplot(axisbg=) -> facecolor= (removed in 2.2)"),
            (MPL, "hist(normed=) -> density= (removed in 3.1)"),
        ],
    ),
    code(
        """
        cmap = plt.cm.get_cmap('coolwarm')
        plt.scatter(df.bmi, df.s5, c=df.progression, cmap=cmap, s=10)
        plt.colorbar(label='progression')
        plt.show()
        """,
        new="""
        cmap = plt.get_cmap('coolwarm')
        plt.scatter(df.bmi, df.s5, c=df.progression, cmap=cmap, s=10)
        plt.colorbar(label='progression')
        plt.show()
        """,
        eroded=[(MPL, "plt.cm.get_cmap (removed in 3.9)")],
    ),
    code(
        """
        sns.regplot('bmi', 'progression', data=df, scatter_kws={'s': 8})
        plt.show()
        """,
        new="""
        sns.regplot(x='bmi', y='progression', data=df, scatter_kws={'s': 8}, seed=0)
        plt.show()
        """,
        eroded=[(MPL, "seaborn: x and y are keyword-only (0.12)")],
    ),
    code(
        """
        for cols in [['bmi'], ['bmi', 's5']]:
            r2 = cross_val_score(LinearRegression(), df[cols], df.progression, cv=5).mean()
            print("%-12s CV R^2 = %.4f" % ('+'.join(cols), r2))
        """,
        score=True,
    ),
]
