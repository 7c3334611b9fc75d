"""Ensembles and clustering on wine: base_estimator=, AdaBoost algorithm=, affinity=."""

from nbspec import PARAMS, code, md

PYTHON = "3.7.2"
DATA = {"wine.csv": "wine"}

CELLS = [
    md("""
    # Boosting, bagging and hierarchical clustering

    Boosted stumps and bagged nearest neighbours on standardised wine measurements; then an
    average-linkage clustering with the Manhattan distance.
    """),
    code("""
    import pandas as pd
    from sklearn.preprocessing import StandardScaler
    from sklearn.model_selection import train_test_split, cross_val_score
    from sklearn.tree import DecisionTreeClassifier
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.ensemble import AdaBoostClassifier, BaggingClassifier
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.metrics import adjusted_rand_score
    wine = pd.read_csv('wine.csv')
    X = StandardScaler().fit_transform(wine.drop('cultivar', axis=1))
    y = wine.cultivar.values
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=2)
    """),
    code(
        """
        ada = AdaBoostClassifier(base_estimator=DecisionTreeClassifier(max_depth=1),
                                 n_estimators=50, algorithm='SAMME', random_state=0)
        ada.fit(X_train, y_train)
        print("AdaBoost test accuracy: %.4f" % ada.score(X_test, y_test))
        print("AdaBoost CV accuracy:   %.4f" % cross_val_score(ada, X, y, cv=5).mean())
        """,
        new="""
        ada = AdaBoostClassifier(estimator=DecisionTreeClassifier(max_depth=1),
                                 n_estimators=50, random_state=0)
        ada.fit(X_train, y_train)
        print("AdaBoost test accuracy: %.4f" % ada.score(X_test, y_test))
        print("AdaBoost CV accuracy:   %.4f" % cross_val_score(ada, X, y, cv=5).mean())
        """,
        eroded=[
            (PARAMS, "AdaBoostClassifier(base_estimator=) -> estimator= (removed in 1.4)"),
            (PARAMS, "AdaBoostClassifier(algorithm=) (removed; SAMME is the only algorithm)"),
        ],
        fails="TypeError",
        score=True,
    ),
    code(
        """
        bag = BaggingClassifier(base_estimator=KNeighborsClassifier(3), n_estimators=10,
                                max_samples=0.7, random_state=0)
        bag.fit(X_train, y_train)
        print("Bagged 3-NN test accuracy: %.4f" % bag.score(X_test, y_test))
        """,
        new="""
        bag = BaggingClassifier(estimator=KNeighborsClassifier(3), n_estimators=10,
                                max_samples=0.7, random_state=0)
        bag.fit(X_train, y_train)
        print("Bagged 3-NN test accuracy: %.4f" % bag.score(X_test, y_test))
        """,
        eroded=[(PARAMS, "BaggingClassifier(base_estimator=) -> estimator= (removed in 1.4)")],
        score=True,
    ),
    code(
        """
        agg = AgglomerativeClustering(n_clusters=3, affinity='manhattan', linkage='average')
        labels = agg.fit_predict(X)
        print("adjusted Rand index: %.4f" % adjusted_rand_score(y, labels))
        """,
        new="""
        agg = AgglomerativeClustering(n_clusters=3, metric='manhattan', linkage='average')
        labels = agg.fit_predict(X)
        print("adjusted Rand index: %.4f" % adjusted_rand_score(y, labels))
        """,
        eroded=[(PARAMS, "AgglomerativeClustering(affinity=) -> metric= (removed in 1.4)")],
        score=True,
    ),
]
