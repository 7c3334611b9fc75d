"""Clustering wines with a Gaussian mixture: GMM, RandomizedPCA, sklearn.externals.six."""

from nbspec import ATTRS, PARAMS, SK_OBJECTS, VENDORED, code, md

PYTHON = "3.5.2"
DATA = {"wine.csv": "wine"}

CELLS = [
    md("""
    # Do the wines cluster by cultivar?

    Standardise, project on two principal components for a picture, then fit Gaussian mixtures
    with 1 to 5 components and pick one by BIC.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.externals import six
        from sklearn.mixture import GMM
        from sklearn.decomposition import RandomizedPCA
        from sklearn.preprocessing import StandardScaler
        from sklearn.metrics import adjusted_rand_score
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.mixture import GaussianMixture
        from sklearn.decomposition import PCA
        from sklearn.preprocessing import StandardScaler
        from sklearn.metrics import adjusted_rand_score
        """,
        eroded=[
            (VENDORED, "from sklearn.externals import six (removed in 0.23)"),
            (SK_OBJECTS, "sklearn.mixture.GMM -> GaussianMixture (removed in 0.20)"),
            (SK_OBJECTS, "RandomizedPCA -> PCA(svd_solver='randomized') (removed in 0.20)"),
        ],
        fails="ImportError",
    ),
    code("""
    wine = pd.read_csv('wine.csv')
    X = StandardScaler().fit_transform(wine.drop('cultivar', axis=1))
    print(X.shape)
    """),
    code(
        """
        pca = RandomizedPCA(n_components=2, random_state=0)
        X2 = pca.fit_transform(X)
        print("explained variance: %s" % np.round(pca.explained_variance_ratio_, 4))
        plt.scatter(X2[:, 0], X2[:, 1], c=wine.cultivar, s=12)
        plt.show()
        """,
        new="""
        pca = PCA(n_components=2, svd_solver='randomized', iterated_power=2, random_state=0)
        X2 = pca.fit_transform(X)
        print("explained variance: %s" % np.round(pca.explained_variance_ratio_, 4))
        plt.scatter(X2[:, 0], X2[:, 1], c=wine.cultivar, s=12)
        plt.show()
        """,
        eroded=[
            (
                SK_OBJECTS,
                "RandomizedPCA(n_components=2) -> PCA(svd_solver='randomized', iterated_power=2)",
            )
        ],
    ),
    code(
        """
        bics = {}
        for k in range(1, 6):
            gmm = GMM(n_components=k, n_iter=100, random_state=0).fit(X)
            bics[k] = gmm.bic(X)
        for k, bic in six.iteritems(bics):
            print("k = %d  BIC = %.1f" % (k, bic))
        """,
        new="""
        bics = {}
        for k in range(1, 6):
            gmm = GaussianMixture(n_components=k, covariance_type='diag', max_iter=100,
                                  reg_covar=1e-3, random_state=0).fit(X)
            bics[k] = gmm.bic(X)
        for k, bic in bics.items():
            print("k = %d  BIC = %.1f" % (k, bic))
        """,
        eroded=[
            (SK_OBJECTS, "GMM's defaults (covariance_type='diag', min_covar=1e-3) written out"),
            (PARAMS, "GMM(n_iter=) -> GaussianMixture(max_iter=)"),
            (VENDORED, "six.iteritems(d) -> d.items()"),
        ],
        score=True,
    ),
    code(
        """
        gmm = GMM(n_components=3, n_iter=100, random_state=0).fit(X)
        print("mean log-likelihood: %.3f" % gmm.score(X).mean())
        print("adjusted Rand index: %.4f" % adjusted_rand_score(wine.cultivar, gmm.predict(X)))
        """,
        new="""
        gmm = GaussianMixture(n_components=3, covariance_type='diag', max_iter=100,
                              reg_covar=1e-3, random_state=0).fit(X)
        print("mean log-likelihood: %.3f" % gmm.score(X))
        print("adjusted Rand index: %.4f" % adjusted_rand_score(wine.cultivar, gmm.predict(X)))
        """,
        eroded=[
            (ATTRS, "GMM.score(X) gave per-sample values: now score_samples(); score() is the mean")
        ],
        score=True,
    ),
]
