"""Small helpers shared by the course notebooks."""
import numpy as np
from sklearn.cross_validation import train_test_split


def load_xy(df, target):
    X = df.drop(target, axis=1).as_matrix().astype(np.float)
    y = df[target].as_matrix()
    return X, y


def split(X, y, seed=0):
    return train_test_split(X, y, test_size=0.3, random_state=seed)


def report(name, model, X_test, y_test):
    print("%-14s test accuracy %.4f" % (name, model.score(X_test, y_test)))
