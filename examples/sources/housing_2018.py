"""housing-2018.ipynb: regression and k-means on house prices, data read from a course URL that
no longer answers (a copy sits in data/), matplotlib 2.2 idioms, KMeans(n_init=10) default."""

from cells import code, md

PYTHON = "3.6.5"
EXPECT = {"error": "URLError", "cell": "pd.read_csv(DATA_URL)", "drift": True}

CELLS = [
    md("""
    # House prices: linear models and neighbourhoods

    Workshop notebook, spring 2018. Part 1 predicts the price of a house from a few of its
    characteristics; part 2 finds neighbourhoods by clustering the houses' locations.
    """),
    code("""
    import numpy as np
    import pandas as pd
    import matplotlib.pyplot as plt
    %matplotlib inline
    """),
    md("The data set is published on the course website:"),
    code(
        """
        DATA_URL = 'http://ml-course.example.org/data/housing.csv'
        df = pd.read_csv(DATA_URL)
        print(df.shape)
        df.head()
        """,
        new="""
        df = pd.read_csv('data/housing.csv')
        print(df.shape)
        df.head()
        """,
    ),
    code("df.describe().round(2)"),
    md("## A first look"),
    code(
        """
        plt.style.use('seaborn-whitegrid')
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.5))
        axes[0].hist(df['price'], bins=30, normed=True, alpha=0.7)
        axes[0].set_title('Price (k$)')
        axes[1].scatter(df['rooms'], df['price'], s=8, alpha=0.5)
        axes[1].set_xlabel('rooms')
        axes[1].set_ylabel('price (k$)')
        plt.show()
        """,
        new="""
        plt.style.use('seaborn-v0_8-whitegrid')
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.5))
        axes[0].hist(df['price'], bins=30, density=True, alpha=0.7)
        axes[0].set_title('Price (k$)')
        axes[1].scatter(df['rooms'], df['price'], s=8, alpha=0.5)
        axes[1].set_xlabel('rooms')
        axes[1].set_ylabel('price (k$)')
        plt.show()
        """,
    ),
    code("df.corr()['price'].sort_values(ascending=False)"),
    md("""
    ## Part 1: linear models

    A hold-out split for a quick look, then 5-fold cross-validation for a more reliable estimate.
    """),
    code("""
    from sklearn.model_selection import train_test_split, cross_val_score, KFold
    from sklearn.linear_model import LinearRegression, Ridge
    from sklearn.preprocessing import StandardScaler
    from sklearn.pipeline import make_pipeline
    from sklearn.metrics import mean_squared_error, r2_score

    features = ['rooms', 'age', 'crime_rate', 'dist_centre']
    X = df[features].values
    y = df['price'].values
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=1)
    """),
    code("""
    lr = LinearRegression().fit(X_train, y_train)
    pred = lr.predict(X_test)
    print('Linear regression   test RMSE: %.3f   R^2: %.3f'
          % (np.sqrt(mean_squared_error(y_test, pred)), r2_score(y_test, pred)))
    print(pd.Series(lr.coef_, index=features).round(3))
    """),
    code("""
    ridge = make_pipeline(StandardScaler(), Ridge(alpha=1.0))
    cv = KFold(n_splits=5, shuffle=True, random_state=0)
    rmse = np.sqrt(-cross_val_score(ridge, X, y, cv=cv, scoring='neg_mean_squared_error'))
    print('Ridge   CV RMSE: %.3f (+/- %.3f)' % (rmse.mean(), rmse.std()))
    """),
    md("""
    ## Part 2: neighbourhoods

    k-means on the coordinates of the houses. We try several numbers of clusters and look at
    the inertia (the elbow) and the silhouette score.
    """),
    code(
        """
        from sklearn.cluster import KMeans
        from sklearn.metrics import silhouette_score

        coords = df[['x_km', 'y_km']].values
        inertias = []
        for k in range(2, 9):
            km = KMeans(n_clusters=k, random_state=0).fit(coords)
            inertias.append(km.inertia_)
            print('k = %d   inertia = %8.1f   silhouette = %.3f'
                  % (k, km.inertia_, silhouette_score(coords, km.labels_)))
        """,
        new="""
        from sklearn.cluster import KMeans
        from sklearn.metrics import silhouette_score

        coords = df[['x_km', 'y_km']].values
        inertias = []
        for k in range(2, 9):
            km = KMeans(n_clusters=k, n_init=10, random_state=0).fit(coords)
            inertias.append(km.inertia_)
            print('k = %d   inertia = %8.1f   silhouette = %.3f'
                  % (k, km.inertia_, silhouette_score(coords, km.labels_)))
        """,
        naive="""
        from sklearn.cluster import KMeans
        from sklearn.metrics import silhouette_score

        coords = df[['x_km', 'y_km']].values
        inertias = []
        for k in range(2, 9):
            km = KMeans(n_clusters=k, random_state=0).fit(coords)
            inertias.append(km.inertia_)
            print('k = %d   inertia = %8.1f   silhouette = %.3f'
                  % (k, km.inertia_, silhouette_score(coords, km.labels_)))
        """,
    ),
    code("""
    plt.figure(figsize=(5, 3.5))
    plt.plot(range(2, 9), inertias, 'o-')
    plt.xlabel('number of clusters k')
    plt.ylabel('inertia')
    plt.title('Elbow plot')
    plt.show()
    """),
    md("The silhouette score peaks at four clusters: we keep k = 4."),
    code(
        """
        km = KMeans(n_clusters=4, random_state=0).fit(coords)
        df['hood'] = km.labels_
        plt.figure(figsize=(6, 5))
        plt.scatter(df.x_km, df.y_km, c=df.hood, s=10, cmap=plt.cm.get_cmap('tab10', 4))
        plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], c='black', marker='x', s=80)
        plt.xlabel('x (km)')
        plt.ylabel('y (km)')
        plt.title('Neighbourhoods found by k-means')
        plt.show()
        """,
        new="""
        import matplotlib
        km = KMeans(n_clusters=4, n_init=10, random_state=0).fit(coords)
        df['hood'] = km.labels_
        plt.figure(figsize=(6, 5))
        plt.scatter(df.x_km, df.y_km, c=df.hood, s=10, cmap=matplotlib.colormaps['tab10'].resampled(4))
        plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], c='black', marker='x', s=80)
        plt.xlabel('x (km)')
        plt.ylabel('y (km)')
        plt.title('Neighbourhoods found by k-means')
        plt.show()
        """,
        naive="""
        import matplotlib
        km = KMeans(n_clusters=4, random_state=0).fit(coords)
        df['hood'] = km.labels_
        plt.figure(figsize=(6, 5))
        plt.scatter(df.x_km, df.y_km, c=df.hood, s=10, cmap=matplotlib.colormaps['tab10'].resampled(4))
        plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], c='black', marker='x', s=80)
        plt.xlabel('x (km)')
        plt.ylabel('y (km)')
        plt.title('Neighbourhoods found by k-means')
        plt.show()
        """,
    ),
    code("df.groupby('hood')['price'].agg(['count', 'mean', 'median']).round(2)"),
    md("""
    The small neighbourhood in the north-east is clearly the most expensive. Exercise: add the neighbourhood (one-hot
    encoded) to the features of part 1. Does the cross-validated RMSE improve?
    """),
]
