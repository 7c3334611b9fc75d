"""Handwritten digits with an SVM and k-means; runs, but SVC's gamma and KMeans' n_init defaults
changed, so every printed score moves."""

from nbspec import DEFAULTS, code, md

PYTHON = "3.6.2"
DATA = {"data/digits.csv": "digits"}

CELLS = [
    md("""
    # Digits: a support vector machine, then clusters

    8x8 images of handwritten digits, pixel values 0-16, scaled to [0, 1]. An RBF-kernel SVM
    with the default settings, then k-means with ten clusters: do they find the digits?
    """),
    code("""
    import numpy as np
    import pandas as pd
    from sklearn.model_selection import train_test_split, cross_val_score
    from sklearn.svm import SVC
    from sklearn.cluster import KMeans
    from sklearn.metrics import accuracy_score, adjusted_rand_score
    """),
    code("""
    digits = pd.read_csv('data/digits.csv')
    X = digits.drop('label', axis=1).values / 16.0
    y = digits['label'].values
    print(X.shape, np.bincount(y))
    """),
    code("""
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=1)
    """),
    code(
        """
        clf = SVC(C=1.0)
        clf.fit(X_train, y_train)
        print("Test accuracy: %.4f" % accuracy_score(y_test, clf.predict(X_test)))
        print("CV accuracy:   %.4f" % cross_val_score(SVC(C=1.0), X, y, cv=3).mean())
        """,
        new="""
        clf = SVC(C=1.0, gamma='auto')
        clf.fit(X_train, y_train)
        print("Test accuracy: %.4f" % accuracy_score(y_test, clf.predict(X_test)))
        print("CV accuracy:   %.4f" % cross_val_score(SVC(C=1.0, gamma='auto'), X, y, cv=3).mean())
        """,
        eroded=[(DEFAULTS, "SVC() gamma 'auto' -> 'scale' (0.22)")],
        score=True,
    ),
    md("## Ten clusters"),
    code(
        """
        km = KMeans(n_clusters=10, random_state=3).fit(X)
        print("inertia: %.2f" % km.inertia_)
        print("adjusted Rand index against the labels: %.4f" % adjusted_rand_score(y, km.labels_))
        """,
        new="""
        km = KMeans(n_clusters=10, n_init=10, random_state=3).fit(X)
        print("inertia: %.2f" % km.inertia_)
        print("adjusted Rand index against the labels: %.4f" % adjusted_rand_score(y, km.labels_))
        """,
        eroded=[(DEFAULTS, "KMeans n_init 10 -> 'auto' (1.4)")],
        score=True,
    ),
    md("The SVM does well enough for a first try; k-means confuses several digits."),
]
