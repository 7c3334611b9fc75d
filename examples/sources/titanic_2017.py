"""titanic-2017.ipynb: a first Kaggle-style kernel on passenger data (pandas 0.20, sklearn 0.19)."""

from cells import code, md

PYTHON = "3.6.3"
# Stored notebook on today's stack: first failure, and a printed score that moves once fixed.
EXPECT = {"error": "AttributeError", "cell": ".ix[:5", "drift": True}

FEATURES = """\
features = ['Pclass', 'Sex', 'Age', 'SibSp', 'Parch', 'Fare', 'FamilySize', 'IsAlone',
            'Embarked_C', 'Embarked_Q', 'Embarked_S',
            'Title_Master', 'Title_Miss', 'Title_Mr', 'Title_Mrs', 'Title_Rare']
n_train = len(train)
"""

CV_WARNING = """\
/opt/conda/lib/python3.6/site-packages/sklearn/cross_validation.py:41: DeprecationWarning: \
This module was deprecated in version 0.18 in favor of the model_selection module into which \
all the refactored classes and functions are moved. Also note that the interface of the new CV \
iterators are different from that of this module. This module will be removed in 0.20.
  "This module will be removed in 0.20.", DeprecationWarning)
"""

CELLS = [
    md("""
    # Titanic: who survives?

    My first kernel. We explore the passenger list, engineer a few features (titles, family
    size), fill in the missing values and compare a logistic regression with a random forest.
    Feedback welcome!
    """),
    code("""
    import numpy as np
    import pandas as pd
    import matplotlib.pyplot as plt
    import seaborn as sns
    %matplotlib inline

    sns.set_style('whitegrid')
    """),
    md("## Load the data"),
    code("""
    train = pd.read_csv('data/passengers_train.csv')
    test = pd.read_csv('data/passengers_test.csv')
    print(train.shape, test.shape)
    train.head()
    """),
    code("train.describe()"),
    md("""
    ## Exploration

    A look at a few passengers, then survival by sex and by class.
    """),
    code(
        "train.ix[:5, ['Name', 'Sex', 'Age', 'Survived']]",
        new="train.loc[:5, ['Name', 'Sex', 'Age', 'Survived']]",
    ),
    code("""
    train[['Sex', 'Survived']].groupby(['Sex'], as_index=False).mean().sort_values(
        by='Survived', ascending=False)
    """),
    code(
        """
        sns.factorplot('Pclass', 'Survived', hue='Sex', data=train, size=3.5, aspect=1.4)
        plt.show()
        """,
        new="""
        sns.catplot(x='Pclass', y='Survived', hue='Sex', data=train, kind='point',
                    height=3.5, aspect=1.4, errorbar=('ci', 95), seed=0)
        plt.show()
        """,
    ),
    code("""
    g = sns.FacetGrid(train, col='Survived', size=3)
    g.map(plt.hist, 'Age', bins=20)
    plt.show()
    """,
         new="""
    g = sns.FacetGrid(train, col='Survived', height=3)
    g.map(plt.hist, 'Age', bins=20)
    plt.show()
    """),
    md("""
    ## Feature engineering

    Train and test are put together so that the same transformations apply to both.
    """),
    code(
        """
        full = train.append(test, ignore_index=True)
        print(full.shape)
        """,
        # pandas < 0.23 sorted the columns when the frames' columns differed.
        new="""
        full = pd.concat([train, test], ignore_index=True, sort=True)
        print(full.shape)
        """,
        naive="""
        full = pd.concat([train, test], ignore_index=True)
        print(full.shape)
        """,
    ),
    code("""
    full['Title'] = full.Name.str.extract(' ([A-Za-z]+)\\.', expand=False)
    full['Title'] = full['Title'].replace(['Dr', 'Rev', 'Col', 'Major'], 'Rare')
    pd.crosstab(full['Title'], full['Sex'])
    """),
    code(
        """
        full['Embarked'] = full['Embarked'].fillna(method='ffill')
        full['Fare'] = full['Fare'].fillna(full['Fare'].median())
        full['Age'] = full.groupby(['Sex', 'Pclass'])['Age'].transform(lambda s: s.fillna(s.median()))
        full.isnull().sum()
        """,
        new="""
        full['Embarked'] = full['Embarked'].ffill()
        full['Fare'] = full['Fare'].fillna(full['Fare'].median())
        full['Age'] = full.groupby(['Sex', 'Pclass'])['Age'].transform(lambda s: s.fillna(s.median()))
        full.isnull().sum()
        """,
    ),
    code(
        """
        full['Sex'] = full['Sex'].map({'male': 0, 'female': 1}).astype(int)
        full['FamilySize'] = full['SibSp'] + full['Parch'] + 1
        full['IsAlone'] = (full['FamilySize'] == 1).astype(int)
        full = pd.concat([full,
                          pd.get_dummies(full['Embarked'], prefix='Embarked'),
                          pd.get_dummies(full['Title'], prefix='Title')], axis=1)
        full.head()
        """,
        # get_dummies returned uint8 columns then.
        new="""
        full['Sex'] = full['Sex'].map({'male': 0, 'female': 1}).astype(int)
        full['FamilySize'] = full['SibSp'] + full['Parch'] + 1
        full['IsAlone'] = (full['FamilySize'] == 1).astype(int)
        full = pd.concat([full,
                          pd.get_dummies(full['Embarked'], prefix='Embarked', dtype=np.uint8),
                          pd.get_dummies(full['Title'], prefix='Title', dtype=np.uint8)], axis=1)
        full.head()
        """,
        naive="""
        full['Sex'] = full['Sex'].map({'male': 0, 'female': 1}).astype(int)
        full['FamilySize'] = full['SibSp'] + full['Parch'] + 1
        full['IsAlone'] = (full['FamilySize'] == 1).astype(int)
        full = pd.concat([full,
                          pd.get_dummies(full['Embarked'], prefix='Embarked'),
                          pd.get_dummies(full['Title'], prefix='Title')], axis=1)
        full.head()
        """,
    ),
    md("## Modelling"),
    code(
        """
        from sklearn.cross_validation import cross_val_score, train_test_split
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.linear_model import LogisticRegression
        """,
        new="""
        from sklearn.model_selection import cross_val_score, train_test_split
        from sklearn.ensemble import RandomForestClassifier
        from sklearn.linear_model import LogisticRegression
        """,
        stderr=CV_WARNING,
    ),
    code(
        FEATURES
        + """\
X = full.ix[:n_train - 1, features].values
y = train['Survived'].values
X_test = full.ix[n_train:, features].values
print(X.shape, X_test.shape)
""",
        new=FEATURES
        + """\
X = full.loc[:n_train - 1, features].values
y = train['Survived'].values
X_test = full.loc[n_train:, features].values
print(X.shape, X_test.shape)
""",
    ),
    code(
        """
        logreg = LogisticRegression()
        scores = cross_val_score(logreg, X, y, cv=5)
        print("Logistic regression CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(logreg, X, y, cv=5, scoring='roc_auc')
        print("Logistic regression CV ROC AUC:  %.4f" % auc.mean())
        """,
        new="""
        logreg = LogisticRegression(solver='liblinear')
        scores = cross_val_score(logreg, X, y, cv=5)
        print("Logistic regression CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(logreg, X, y, cv=5, scoring='roc_auc')
        print("Logistic regression CV ROC AUC:  %.4f" % auc.mean())
        """,
        naive="""
        logreg = LogisticRegression()
        scores = cross_val_score(logreg, X, y, cv=5)
        print("Logistic regression CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(logreg, X, y, cv=5, scoring='roc_auc')
        print("Logistic regression CV ROC AUC:  %.4f" % auc.mean())
        """,
    ),
    code(
        """
        rf = RandomForestClassifier(random_state=0)
        scores = cross_val_score(rf, X, y, cv=5)
        print("Random forest CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(rf, X, y, cv=5, scoring='roc_auc')
        print("Random forest CV ROC AUC:  %.4f" % auc.mean())
        """,
        new="""
        rf = RandomForestClassifier(n_estimators=10, random_state=0)
        scores = cross_val_score(rf, X, y, cv=5)
        print("Random forest CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(rf, X, y, cv=5, scoring='roc_auc')
        print("Random forest CV ROC AUC:  %.4f" % auc.mean())
        """,
        naive="""
        rf = RandomForestClassifier(random_state=0)
        scores = cross_val_score(rf, X, y, cv=5)
        print("Random forest CV accuracy: %.4f (+/- %.4f)" % (scores.mean(), scores.std() * 2))
        auc = cross_val_score(rf, X, y, cv=5, scoring='roc_auc')
        print("Random forest CV ROC AUC:  %.4f" % auc.mean())
        """,
    ),
    code("""
    X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.25, random_state=42)
    rf.fit(X_tr, y_tr)
    print("Random forest validation accuracy: %.4f" % rf.score(X_val, y_val))
    """),
    code("""
    importances = pd.Series(rf.feature_importances_, index=features).sort_values()
    importances.plot(kind='barh', figsize=(6, 4), color='steelblue')
    plt.title('Random forest feature importance')
    plt.show()
    """),
    md("## Submission"),
    code("""
    rf.fit(X, y)
    submission = pd.DataFrame({'PassengerId': test['PassengerId'],
                               'Survived': rf.predict(X_test).astype(int)})
    submission.to_csv('submission.csv', index=False)
    submission.head()
    """),
    md("""
    Surprisingly, the plain logistic regression beats the random forest in cross-validation;
    the forest leans on fare and age, where it can overfit. Next steps: tune the forest
    (more trees, shallower), try gradient boosting.
    """),
]
