"""iris-knn-py2.ipynb: a Python 2.7 course notebook (print statements, xrange, integer division,
dict.iteritems, sklearn.externals.joblib)."""

from cells import code, md

PYTHON = "2.7.14"
EXPECT = {"error": "SyntaxError", "cell": "print df.shape", "drift": False}

CELLS = [
    md("""
    # Lecture 4: k-nearest neighbours

    We classify iris flowers from four measurements with the simplest classifier there is:
    look at the *k* closest training flowers and take a vote.

    Run the cells in order. Exercises are at the end.
    """),
    code("""
    %matplotlib inline
    import numpy as np
    import pandas as pd
    import matplotlib.pyplot as plt
    from sklearn.neighbors import KNeighborsClassifier
    """),
    code(
        """
        df = pd.read_csv('data/iris.csv')
        print df.shape
        print df.species.value_counts()
        """,
        # pandas 0.18 named the value_counts Series after the column.
        new="""
        df = pd.read_csv('data/iris.csv')
        print(df.shape)
        print(df.species.value_counts().rename('species').rename_axis(None))
        """,
        naive="""
        df = pd.read_csv('data/iris.csv')
        print(df.shape)
        print(df.species.value_counts())
        """,
    ),
    code("df.head()"),
    code("""
    colors = {'setosa': 'red', 'versicolor': 'green', 'virginica': 'blue'}
    for species, group in df.groupby('species'):
        plt.scatter(group.petal_length, group.petal_width, c=colors[species], label=species)
    plt.xlabel('petal length (cm)')
    plt.ylabel('petal width (cm)')
    plt.legend(loc='upper left')
    plt.show()
    """),
    md("""
    ## Train / test split, by hand

    Shuffle the rows, keep two thirds for training and the rest for testing.
    """),
    code(
        """
        np.random.seed(0)
        idx = np.random.permutation(len(df))
        n_train = len(df) * 2 / 3
        train, test = df.iloc[idx[:n_train]], df.iloc[idx[n_train:]]
        print len(train), len(test)
        """,
        new="""
        np.random.seed(0)
        idx = np.random.permutation(len(df))
        n_train = len(df) * 2 // 3
        train, test = df.iloc[idx[:n_train]], df.iloc[idx[n_train:]]
        print(len(train), len(test))
        """,
    ),
    code("""
    features = ['sepal_length', 'sepal_width', 'petal_length', 'petal_width']
    X_train, y_train = train[features].values, train.species.values
    X_test, y_test = test[features].values, test.species.values
    """),
    md("## How many neighbours?"),
    code(
        """
        scores = {}
        for k in xrange(1, 26, 2):
            knn = KNeighborsClassifier(n_neighbors=k)
            knn.fit(X_train, y_train)
            scores[k] = knn.score(X_test, y_test)
            print 'k = %2d   accuracy = %.3f' % (k, scores[k])
        """,
        new="""
        scores = {}
        for k in range(1, 26, 2):
            knn = KNeighborsClassifier(n_neighbors=k)
            knn.fit(X_train, y_train)
            scores[k] = knn.score(X_test, y_test)
            print('k = %2d   accuracy = %.3f' % (k, scores[k]))
        """,
    ),
    code("""
    plt.plot(scores.keys(), scores.values(), 'o-')
    plt.xlabel('k')
    plt.ylabel('test accuracy')
    plt.title('Accuracy against k')
    plt.show()
    """),
    code(
        """
        best_k = max(scores.iteritems(), key=lambda kv: kv[1])[0]
        print 'best k:', best_k
        """,
        new="""
        best_k = max(scores.items(), key=lambda kv: kv[1])[0]
        print('best k:', best_k)
        """,
    ),
    md("""
    ## Saving the model

    scikit-learn ships `joblib`, which pickles objects holding large numpy arrays efficiently.
    """),
    code(
        """
        from sklearn.externals import joblib
        knn = KNeighborsClassifier(n_neighbors=best_k).fit(X_train, y_train)
        joblib.dump(knn, 'iris_knn.pkl')
        """,
        new="""
        import joblib
        knn = KNeighborsClassifier(n_neighbors=best_k).fit(X_train, y_train)
        joblib.dump(knn, 'iris_knn.pkl')
        """,
    ),
    code(
        """
        clf = joblib.load('iris_knn.pkl')
        print clf.predict([[5.1, 3.5, 1.4, 0.2], [6.7, 3.0, 5.2, 2.3]])
        print 'held-out accuracy:', clf.score(X_test, y_test)
        """,
        # Python 2 printed floats with str(), i.e. 12 significant digits.
        new="""
        clf = joblib.load('iris_knn.pkl')
        print(clf.predict([[5.1, 3.5, 1.4, 0.2], [6.7, 3.0, 5.2, 2.3]]))
        print('held-out accuracy:', '%.12g' % clf.score(X_test, y_test))
        """,
        naive="""
        clf = joblib.load('iris_knn.pkl')
        print(clf.predict([[5.1, 3.5, 1.4, 0.2], [6.7, 3.0, 5.2, 2.3]]))
        print('held-out accuracy:', clf.score(X_test, y_test))
        """,
    ),
    md("""
    ## Exercises

    1. Scale the features first (`StandardScaler`). Does the best *k* change?
    2. Replace the hand-made split by 5-fold cross-validation.
    3. Try `weights='distance'`.
    """),
]
