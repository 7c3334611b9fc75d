"""k-means on 2-D points: samples_generator path, KMeans n_init, cm.get_cmap, a figures/ folder."""

from nbspec import DEFAULTS, MPL, OUTPUT_DIR, PRIVATE, code, md

PYTHON = "3.7.3"
DATA = {"points.csv": "points"}

CELLS = [
    md("""
    # Choosing k for k-means

    Part 1 clusters synthetic blobs, where we know the answer; part 2 the field survey points.
    The figures go into `figures/` for the report.
    """),
    code(
        """
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib.pyplot as plt
        from matplotlib import cm
        from sklearn.datasets.samples_generator import make_blobs
        from sklearn.cluster import KMeans
        """,
        new="""
        %matplotlib inline
        import numpy as np
        import pandas as pd
        import matplotlib
        import matplotlib.pyplot as plt
        from sklearn.datasets import make_blobs
        from sklearn.cluster import KMeans
        """,
        eroded=[(PRIVATE, "sklearn.datasets.samples_generator (private since 0.22, removed 0.24)")],
        fails="ModuleNotFoundError",
    ),
    code(
        """
        X, true_labels = make_blobs(n_samples=300, centers=4, cluster_std=1.2, random_state=3)
        km = KMeans(n_clusters=4, random_state=0).fit(X)
        print("Blobs, k = 4: inertia %.2f" % km.inertia_)
        """,
        new="""
        X, true_labels = make_blobs(n_samples=300, centers=4, cluster_std=1.2, random_state=3)
        km = KMeans(n_clusters=4, n_init=10, random_state=0).fit(X)
        print("Blobs, k = 4: inertia %.2f" % km.inertia_)
        """,
        eroded=[(DEFAULTS, "KMeans n_init 10 -> 'auto' (1.4)")],
        score=True,
    ),
    code("""
    points = pd.read_csv('points.csv')
    P = points[['x', 'y']].values
    print(P.shape)
    """),
    code(
        """
        inertias = []
        for k in range(1, 9):
            inertias.append(KMeans(n_clusters=k, random_state=0).fit(P).inertia_)
        for k, inertia in zip(range(1, 9), inertias):
            print("k = %d  inertia = %.1f" % (k, inertia))
        """,
        new="""
        inertias = []
        for k in range(1, 9):
            inertias.append(KMeans(n_clusters=k, n_init=10, random_state=0).fit(P).inertia_)
        for k, inertia in zip(range(1, 9), inertias):
            print("k = %d  inertia = %.1f" % (k, inertia))
        """,
        eroded=[(DEFAULTS, "KMeans n_init 10 -> 'auto' (1.4)")],
        score=True,
    ),
    code(
        """
        plt.plot(range(1, 9), inertias, 'o-')
        plt.xlabel('k')
        plt.ylabel('inertia')
        plt.savefig('figures/elbow.png', dpi=80)
        plt.show()
        """,
        new="""
        import os
        os.makedirs('figures', exist_ok=True)
        plt.plot(range(1, 9), inertias, 'o-')
        plt.xlabel('k')
        plt.ylabel('inertia')
        plt.savefig('figures/elbow.png', dpi=80)
        plt.show()
        """,
        eroded=[(OUTPUT_DIR, "savefig into figures/, which is not in the repository")],
    ),
    code(
        """
        km = KMeans(n_clusters=5, random_state=0).fit(P)
        colors = cm.get_cmap('viridis', 5)
        plt.scatter(P[:, 0], P[:, 1], c=colors(km.labels_), s=10)
        plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], c='red', marker='x')
        plt.savefig('figures/clusters.png', dpi=80)
        plt.show()
        """,
        new="""
        km = KMeans(n_clusters=5, n_init=10, random_state=0).fit(P)
        colors = matplotlib.colormaps['viridis'].resampled(5)
        plt.scatter(P[:, 0], P[:, 1], c=colors(km.labels_), s=10)
        plt.scatter(km.cluster_centers_[:, 0], km.cluster_centers_[:, 1], c='red', marker='x')
        plt.savefig('figures/clusters.png', dpi=80)
        plt.show()
        """,
        eroded=[
            (MPL, "matplotlib.cm.get_cmap (removed in 3.9)"),
            (DEFAULTS, "KMeans n_init 10 -> 'auto' (1.4)"),
        ],
    ),
    md("The elbow is at k = 5, as the survey team expected."),
]
