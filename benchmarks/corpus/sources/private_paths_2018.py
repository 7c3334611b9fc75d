"""Kernel density bandwidth and a custom scorer: sklearn.neighbors.kde, sklearn.metrics.scorer,
SCORERS, GridSearchCV(iid=)."""

from nbspec import ATTRS, PARAMS, PRIVATE, code, md

PYTHON = "3.6.3"
DATA = {"diabetes.csv": "diabetes"}

CELLS = [
    md("""
    # Densities and scorers

    Choose a kernel density bandwidth for BMI by cross-validated likelihood, then score a ridge
    regression with mean absolute error.
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.neighbors.kde import KernelDensity
        from sklearn.metrics.scorer import make_scorer
        from sklearn.metrics import SCORERS, mean_absolute_error
        from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
        from sklearn.linear_model import Ridge
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.neighbors import KernelDensity
        from sklearn.metrics import make_scorer
        from sklearn.metrics import get_scorer_names, mean_absolute_error
        from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
        from sklearn.linear_model import Ridge
        """,
        eroded=[
            (PRIVATE, "sklearn.neighbors.kde -> sklearn.neighbors (removed in 0.24)"),
            (PRIVATE, "sklearn.metrics.scorer -> sklearn.metrics (removed in 0.24)"),
            (ATTRS, "sklearn.metrics.SCORERS -> get_scorer_names() (removed in 1.3)"),
        ],
        fails="ModuleNotFoundError",
    ),
    code(
        """
        print(sorted(SCORERS)[:3])
        df = pd.read_csv('diabetes.csv')
        bmi = df[['bmi']].values
        """,
        new="""
        print(sorted(get_scorer_names())[:3])
        df = pd.read_csv('diabetes.csv')
        bmi = df[['bmi']].values
        """,
        eroded=[(ATTRS, "SCORERS dict -> get_scorer_names()")],
    ),
    code(
        """
        grid = GridSearchCV(KernelDensity(), {'bandwidth': np.linspace(0.5, 3.0, 11)},
                            cv=KFold(5, shuffle=True, random_state=0), iid=False)
        grid.fit(bmi)
        print("best bandwidth: %.2f" % grid.best_params_['bandwidth'])
        print("best_score_ (held-out log-likelihood): %.3f" % grid.best_score_)
        """,
        new="""
        grid = GridSearchCV(KernelDensity(), {'bandwidth': np.linspace(0.5, 3.0, 11)},
                            cv=KFold(5, shuffle=True, random_state=0))
        grid.fit(bmi)
        print("best bandwidth: %.2f" % grid.best_params_['bandwidth'])
        print("best_score_ (held-out log-likelihood): %.3f" % grid.best_score_)
        """,
        eroded=[(PARAMS, "GridSearchCV(iid=) (removed in 0.24; iid=False is today's behaviour)")],
        score=True,
    ),
    code(
        """
        mae = make_scorer(mean_absolute_error, greater_is_better=False)
        X, y = df.drop('progression', axis=1).values, df.progression.values
        scores = cross_val_score(Ridge(alpha=1.0), X, y, cv=KFold(5, shuffle=True, random_state=0),
                                 scoring=mae)
        print("ridge CV MAE: %.3f" % -scores.mean())
        """,
        score=True,
    ),
]
