"""Spam filter on messages: sklearn.cross_validation, get_feature_names(), LogisticRegression."""

from nbspec import ATTRS, DEFAULTS, SK_MODULES, code, md

PYTHON = "3.6.4"
DATA = {"data/messages.csv": "messages"}

CELLS = [
    md("""
    # A tiny spam filter

    Bag of words, then naive Bayes and logistic regression. Which words give spam away?
    """),
    code(
        """
        import numpy as np
        import pandas as pd
        from sklearn.feature_extraction.text import CountVectorizer
        from sklearn.naive_bayes import MultinomialNB
        from sklearn.linear_model import LogisticRegression
        from sklearn.cross_validation import train_test_split
        from sklearn.metrics import roc_auc_score, accuracy_score
        """,
        new="""
        import numpy as np
        import pandas as pd
        from sklearn.feature_extraction.text import CountVectorizer
        from sklearn.naive_bayes import MultinomialNB
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import train_test_split
        from sklearn.metrics import roc_auc_score, accuracy_score
        """,
        eroded=[(SK_MODULES, "from sklearn.cross_validation import train_test_split")],
        fails="ModuleNotFoundError",
    ),
    code("""
    sms = pd.read_csv('data/messages.csv')
    print(sms.label.value_counts())
    sms.head()
    """),
    code("""
    y = (sms.label == 'spam').astype(int).values
    text_train, text_test, y_train, y_test = train_test_split(sms.text, y, random_state=42)
    vect = CountVectorizer()
    X_train = vect.fit_transform(text_train)
    X_test = vect.transform(text_test)
    print(X_train.shape)
    """),
    code(
        """
        nb = MultinomialNB().fit(X_train, y_train)
        print("Naive Bayes accuracy: %.4f" % accuracy_score(y_test, nb.predict(X_test)))
        logreg = LogisticRegression(C=0.1).fit(X_train, y_train)
        print("Logistic regression accuracy: %.4f" % accuracy_score(y_test, logreg.predict(X_test)))
        auc = roc_auc_score(y_test, logreg.decision_function(X_test))
        print("Logistic regression AUC: %.4f" % auc)
        """,
        new="""
        nb = MultinomialNB().fit(X_train, y_train)
        print("Naive Bayes accuracy: %.4f" % accuracy_score(y_test, nb.predict(X_test)))
        logreg = LogisticRegression(C=0.1, solver='liblinear').fit(X_train, y_train)
        print("Logistic regression accuracy: %.4f" % accuracy_score(y_test, logreg.predict(X_test)))
        auc = roc_auc_score(y_test, logreg.decision_function(X_test))
        print("Logistic regression AUC: %.4f" % auc)
        """,
        eroded=[(DEFAULTS, "LogisticRegression() solver liblinear -> lbfgs (0.22)")],
        score=True,
    ),
    code(
        """
        words = np.array(vect.get_feature_names())
        order = np.argsort(logreg.coef_[0])
        print("most ham-like: ", list(words[order[:5]]))
        print("most spam-like:", list(words[order[-5:]]))
        """,
        new="""
        words = np.array(vect.get_feature_names_out())
        order = np.argsort(logreg.coef_[0])
        print("most ham-like: ", [str(w) for w in words[order[:5]]])
        print("most spam-like:", [str(w) for w in words[order[-5:]]])
        """,
        eroded=[(ATTRS, "CountVectorizer.get_feature_names() -> get_feature_names_out() (1.2)")],
    ),
]
