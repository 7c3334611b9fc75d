"""Digits with fetch_mldata (the copy is in data/), RandomizedPCA, Perceptron(n_iter=) and t-SNE
with its old defaults and n_iter=; the PCA and the perceptron were unseeded."""

from nbspec import DEFAULTS, PARAMS, SK_OBJECTS, UNSEEDED, code, md

PYTHON = "3.6.0"
SEEDED = False
DATA = {"data/mnist_small.csv": "digits"}

CELLS = [
    md("""
    # A perceptron on digits, and a t-SNE map

    The small MNIST-style sample the course cached in `data/`: PCA to 30 dimensions, a
    perceptron, and a 2-D t-SNE picture of 300 digits.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import matplotlib.pyplot as plt
        from sklearn.datasets import fetch_mldata
        from sklearn.decomposition import RandomizedPCA
        from sklearn.linear_model import Perceptron
        from sklearn.manifold import TSNE
        from sklearn.model_selection import train_test_split
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from sklearn.decomposition import PCA
        from sklearn.linear_model import Perceptron
        from sklearn.manifold import TSNE
        from sklearn.model_selection import train_test_split
        """,
        eroded=[
            (SK_OBJECTS, "sklearn.datasets.fetch_mldata (removed in 0.22; mldata.org is gone)"),
            (SK_OBJECTS, "RandomizedPCA (removed in 0.20)"),
        ],
        fails="ImportError",
    ),
    code(
        """
        mnist = fetch_mldata('MNIST original', data_home='data')
        X, y = mnist.data / 16.0, mnist.target.astype(int)
        print(X.shape)
        """,
        new="""
        mnist = pd.read_csv('data/mnist_small.csv')
        X, y = mnist.drop('label', axis=1).values / 16.0, mnist['label'].values.astype(int)
        print(X.shape)
        """,
        eroded=[
            (SK_OBJECTS, "fetch_mldata('MNIST original') -> the cached copy data/mnist_small.csv")
        ],
    ),
    code(
        """
        X30 = RandomizedPCA(n_components=30).fit_transform(X)
        X_train, X_test, y_train, y_test = train_test_split(X30, y, test_size=0.3, random_state=0)
        clf = Perceptron(n_iter=10).fit(X_train, y_train)
        print("perceptron test accuracy: %.4f" % clf.score(X_test, y_test))
        """,
        new="""
        X30 = PCA(n_components=30, svd_solver='randomized', iterated_power=2,
                  random_state=0).fit_transform(X)
        X_train, X_test, y_train, y_test = train_test_split(X30, y, test_size=0.3, random_state=0)
        clf = Perceptron(max_iter=10, tol=None, random_state=0).fit(X_train, y_train)
        print("perceptron test accuracy: %.4f" % clf.score(X_test, y_test))
        """,
        eroded=[
            (SK_OBJECTS, "RandomizedPCA -> PCA(svd_solver='randomized', iterated_power=2)"),
            (PARAMS, "Perceptron(n_iter=) -> max_iter=, tol=None (removed in 0.21)"),
            (UNSEEDED, "RandomizedPCA and Perceptron without random_state"),
        ],
        score=True,
    ),
    code(
        """
        tsne = TSNE(n_components=2, n_iter=300, random_state=0)
        emb = tsne.fit_transform(X[:300])
        print("t-SNE KL divergence: %.4f" % tsne.kl_divergence_)
        plt.scatter(emb[:, 0], emb[:, 1], c=y[:300], cmap='tab10', s=10)
        plt.show()
        """,
        new="""
        tsne = TSNE(n_components=2, max_iter=300, init='random', learning_rate=200.0,
                    random_state=0)
        emb = tsne.fit_transform(X[:300])
        print("t-SNE KL divergence: %.4f" % tsne.kl_divergence_)
        plt.scatter(emb[:, 0], emb[:, 1], c=y[:300], cmap='tab10', s=10)
        plt.show()
        """,
        eroded=[
            (PARAMS, "TSNE(n_iter=) -> max_iter= (removed in 1.7)"),
            (DEFAULTS, "TSNE init 'random' -> 'pca', learning_rate 200 -> 'auto' (1.2)"),
        ],
        score=True,
    ),
]
