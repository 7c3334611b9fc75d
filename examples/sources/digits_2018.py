"""digits-2018.ipynb: runs without error on today's stack, but three printed scores move because
scikit-learn changed defaults (SVC gamma, LogisticRegression solver and multi_class,
RandomForestClassifier n_estimators)."""

from cells import code, md

PYTHON = "3.6.4"
EXPECT = {"error": None, "drift": True}

CELLS = [
    md("""
    # Handwritten digits: comparing three classifiers

    The 8x8 digit images bundled with scikit-learn, three classifiers with their default
    settings, and what scaling the pixels changes for the SVM.
    """),
    code("""
    %matplotlib inline
    import numpy as np
    import matplotlib.pyplot as plt
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split, cross_val_score
    from sklearn.preprocessing import StandardScaler
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import SVC
    from sklearn.linear_model import LogisticRegression
    from sklearn.ensemble import RandomForestClassifier
    """),
    code("""
    digits = load_digits()
    X, y = digits.data, digits.target
    print(X.shape, np.bincount(y))
    """),
    code("""
    fig, axes = plt.subplots(2, 8, figsize=(8, 2.4))
    for ax, image, label in zip(axes.ravel(), digits.images, digits.target):
        ax.imshow(image, cmap=plt.cm.gray_r, interpolation='nearest')
        ax.set_title(label)
        ax.axis('off')
    plt.show()
    """),
    code("X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)"),
    md("## Three classifiers, default settings"),
    code(
        """
        svm = SVC().fit(X_train, y_train)
        print('SVM                  test accuracy: %.4f' % svm.score(X_test, y_test))
        """,
        new="""
        svm = SVC(gamma='auto').fit(X_train, y_train)
        print('SVM                  test accuracy: %.4f' % svm.score(X_test, y_test))
        """,
        naive="""
        svm = SVC().fit(X_train, y_train)
        print('SVM                  test accuracy: %.4f' % svm.score(X_test, y_test))
        """,
    ),
    code(
        """
        logreg = LogisticRegression().fit(X_train, y_train)
        print('Logistic regression  test accuracy: %.4f' % logreg.score(X_test, y_test))
        """,
        # scikit-learn 0.19: liblinear, one-vs-rest.
        new="""
        from sklearn.multiclass import OneVsRestClassifier
        logreg = OneVsRestClassifier(LogisticRegression(solver='liblinear')).fit(X_train, y_train)
        print('Logistic regression  test accuracy: %.4f' % logreg.score(X_test, y_test))
        """,
        naive="""
        logreg = LogisticRegression().fit(X_train, y_train)
        print('Logistic regression  test accuracy: %.4f' % logreg.score(X_test, y_test))
        """,
    ),
    code(
        """
        forest = RandomForestClassifier(random_state=0).fit(X_train, y_train)
        print('Random forest        test accuracy: %.4f' % forest.score(X_test, y_test))
        """,
        new="""
        forest = RandomForestClassifier(n_estimators=10, random_state=0).fit(X_train, y_train)
        print('Random forest        test accuracy: %.4f' % forest.score(X_test, y_test))
        """,
        naive="""
        forest = RandomForestClassifier(random_state=0).fit(X_train, y_train)
        print('Random forest        test accuracy: %.4f' % forest.score(X_test, y_test))
        """,
    ),
    md("""
    The SVM is by far the worst: its RBF kernel works on raw pixel intensities (0 to 16), so the
    distances between images are large and the kernel is almost zero everywhere. Scaling the
    pixels fixes that.
    """),
    code(
        """
        scaled_svm = make_pipeline(StandardScaler(), SVC())
        scores = cross_val_score(scaled_svm, X, y, cv=5)
        print('Scaled SVM  5-fold CV accuracy: %.4f (+/- %.4f)' % (scores.mean(), scores.std() * 2))
        """,
        new="""
        scaled_svm = make_pipeline(StandardScaler(), SVC(gamma='auto'))
        scores = cross_val_score(scaled_svm, X, y, cv=5)
        print('Scaled SVM  5-fold CV accuracy: %.4f (+/- %.4f)' % (scores.mean(), scores.std() * 2))
        """,
        naive="""
        scaled_svm = make_pipeline(StandardScaler(), SVC())
        scores = cross_val_score(scaled_svm, X, y, cv=5)
        print('Scaled SVM  5-fold CV accuracy: %.4f (+/- %.4f)' % (scores.mean(), scores.std() * 2))
        """,
    ),
    md("""
    With scaled pixels the SVM is as good as the other two. Lesson: always scale your
    features before an RBF SVM.
    """),
]
