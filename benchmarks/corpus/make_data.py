"""The small data files the corpus notebooks read.

Each data set is either generated with its own fixed seed or taken from the data sets bundled
with scikit-learn (public domain / BSD), so writing it again gives a byte-identical file.
build_corpus.py calls write(name, path) for the files a notebook's description lists.
"""

import os
import zlib

import numpy as np
import pandas as pd
from sklearn import datasets


def _rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def _bundled(loader, target_name="target", target_labels=False):
    data = loader()
    cols = [c.replace(" ", "_").replace("(cm)", "").strip("_") for c in data.feature_names]
    df = pd.DataFrame(data.data, columns=cols)
    df[target_name] = data.target_names[data.target] if target_labels else data.target
    return df


def iris():
    return _bundled(datasets.load_iris, "species", target_labels=True)


def wine():
    return _bundled(datasets.load_wine, "cultivar")


def breast_cancer():
    df = _bundled(datasets.load_breast_cancer, "diagnosis")
    df["diagnosis"] = np.where(df["diagnosis"] == 0, "M", "B")
    return df.iloc[:, list(range(10)) + [-1]]


def diabetes():
    return _bundled(lambda: datasets.load_diabetes(scaled=False), "progression")


def digits():
    data = datasets.load_digits()
    df = pd.DataFrame(data.data[:1000].astype(int), columns=[f"px{i}" for i in range(64)])
    df["label"] = data.target[:1000]
    return df


def housing():
    """Houses in the layout of the old Boston housing table (generated, not the original)."""
    rng = _rng("housing")
    n = 420
    crim = np.exp(rng.normal(-0.5, 1.4, n))
    zn = np.where(rng.random(n) < 0.7, 0.0, rng.choice([12.5, 20, 25, 40, 80], n))
    indus = rng.uniform(0.5, 27, n)
    chas = (rng.random(n) < 0.07).astype(int)
    nox = 0.38 + 0.012 * indus + rng.normal(0, 0.04, n)
    rm = rng.normal(6.3, 0.7, n)
    age = rng.uniform(3, 100, n)
    dis = np.exp(rng.normal(1.2, 0.5, n))
    rad = rng.choice([1, 2, 3, 4, 5, 6, 8, 24], n)
    tax = (200 + 12 * indus + 5 * rad + rng.normal(0, 30, n)).round(0)
    ptratio = rng.uniform(12.6, 22, n)
    lstat = np.clip(30 - 3.5 * (rm - 4) + 0.05 * age + rng.normal(0, 4, n), 1.7, 38)
    medv = 22 + 6.5 * (rm - 6.3) - 0.45 * (lstat - 12) - 0.4 * (ptratio - 18) - 1.2 * np.log(crim)
    medv += 3 * chas - 1.1 * (dis - 3.5) + rng.normal(0, 3, n)
    return pd.DataFrame(
        {
            "CRIM": crim, "ZN": zn, "INDUS": indus, "CHAS": chas, "NOX": nox, "RM": rm,
            "AGE": age, "DIS": dis, "RAD": rad, "TAX": tax, "PTRATIO": ptratio,
            "LSTAT": lstat, "MEDV": np.clip(medv, 5, 50),
        }
    ).round(4)  # fmt: skip


def customers():
    """Subscribers of a made-up phone company, with whether they left (churn)."""
    rng = _rng("customers")
    n = 600
    plan = rng.choice(["basic", "plus", "premium"], n, p=[0.5, 0.35, 0.15])
    region = rng.choice(["north", "south", "east", "west"], n)
    tenure = rng.integers(1, 72, n)
    monthly = np.select([plan == "basic", plan == "plus"], [25.0, 55.0], 95.0)
    monthly = (monthly + rng.normal(0, 8, n)).round(2)
    calls = rng.poisson(1.5, n)
    logit = -1.0 - 0.05 * tenure + 0.5 * calls + 0.02 * (monthly - 50) + 0.4 * (region == "south")
    churn = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    total = (monthly * tenure).round(2)
    return pd.DataFrame(
        {
            "customer_id": [f"C{i:04d}" for i in range(n)],
            "gender": rng.choice(["female", "male"], n),
            "region": region,
            "plan": plan,
            "tenure": tenure,
            "monthly_charges": monthly,
            "total_charges": np.where(rng.random(n) < 0.04, np.nan, total),
            "support_calls": calls,
            "churn": churn,
        }
    )


SURNAMES = [
    "Abbott",
    "Baxter",
    "Carter",
    "Dalton",
    "Ellis",
    "Fischer",
    "Graham",
    "Hansen",
    "Jensen",
    "Keller",
    "Larsen",
    "Morgan",
    "Nilsson",
    "Peters",
    "Quinn",
    "Reilly",
]
FIRST = {
    "male": ["John", "William", "Thomas", "James", "George", "Henry", "Arthur"],
    "female": ["Mary", "Anna", "Elizabeth", "Margaret", "Alice", "Helen", "Edith"],
}


def passengers():
    """Passenger-like records of a shipwreck, in the layout of the well-known competition."""
    rng = _rng("passengers")
    n = 500
    pclass = rng.choice([1, 2, 3], n, p=[0.25, 0.2, 0.55])
    sex = np.where(rng.random(n) < 0.64, "male", "female")
    age = np.clip(rng.normal(np.select([pclass == 1, pclass == 2], [38, 30], 25), 13), 1, 80)
    fare = np.exp(rng.normal(np.select([pclass == 1, pclass == 2], [4.2, 3.0], 2.2), 0.45))
    sibsp = np.minimum(rng.poisson(0.5, n), 5)
    embarked = rng.choice(["S", "C", "Q"], n, p=[0.72, 0.19, 0.09])
    p = np.where(sex == "female", np.where(pclass < 3, 0.93, 0.5), np.where(age < 12, 0.5, 0.15))
    p = p + 0.1 * (pclass == 1) * (sex == "male")
    names = [f"{rng.choice(SURNAMES)}, {rng.choice(FIRST[s])} {i}" for i, s in enumerate(sex)]
    return pd.DataFrame(
        {
            "PassengerId": np.arange(1, n + 1),
            "Name": names,
            "Pclass": pclass,
            "Sex": sex,
            "Age": np.where(rng.random(n) < 0.18, np.nan, age.round(0)),
            "SibSp": sibsp,
            "Fare": fare.round(2),
            "Embarked": np.where(rng.random(n) < 0.01, None, embarked),
            "Survived": (rng.random(n) < p).astype(int),
        }
    )


def sales():
    """Daily units sold by two shops over two years."""
    rng = _rng("sales")
    days = pd.date_range("2015-01-01", "2016-12-31", freq="D")
    rows = []
    for shop, base in [("centre", 120), ("harbour", 80)]:
        t = np.arange(len(days))
        season = 1 + 0.25 * np.sin(2 * np.pi * (t - 80) / 365.25)
        weekend = np.where(days.dayofweek >= 5, 1.3, 1.0)
        units = rng.poisson(base * season * weekend * (1 + t / 2000))
        price = (9.5 + rng.normal(0, 0.3, len(t))).round(2)
        rows.append(
            pd.DataFrame(
                {"date": days.strftime("%Y-%m-%d"), "shop": shop, "units": units, "price": price}
            )
        )
    return pd.concat(rows, ignore_index=True)


def sensors():
    """Hourly temperature and power readings of a machine over three weeks."""
    rng = _rng("sensors")
    hours = pd.date_range("2017-03-01", periods=24 * 21, freq="h")
    t = np.arange(len(hours))
    temp = 20 + 4 * np.sin(2 * np.pi * t / 24) + rng.normal(0, 0.6, len(t))
    power = 3.2 + 0.15 * temp + rng.normal(0, 0.2, len(t))
    temp[rng.random(len(t)) < 0.03] = np.nan
    return pd.DataFrame(
        {
            "timestamp": hours.strftime("%Y-%m-%d %H:%M"),
            "temperature": temp.round(2),
            "power_kw": power.round(3),
        }
    )


HAM = [
    "meet",
    "lunch",
    "tomorrow",
    "call",
    "home",
    "later",
    "ok",
    "see",
    "you",
    "soon",
    "thanks",
    "dinner",
    "tonight",
    "running",
    "late",
    "when",
    "are",
    "you",
    "back",
    "class",
    "notes",
    "weekend",
    "plan",
    "movie",
    "bus",
    "train",
    "office",
    "mum",
    "birthday",
]
SPAM = [
    "free",
    "win",
    "winner",
    "prize",
    "cash",
    "claim",
    "now",
    "urgent",
    "offer",
    "txt",
    "reply",
    "stop",
    "call",
    "mobile",
    "award",
    "guaranteed",
    "voucher",
    "credit",
    "selected",
    "bonus",
    "click",
]


def messages():
    """Short text messages labelled spam or ham."""
    rng = _rng("messages")
    rows = []
    for _ in range(500):
        spam = rng.random() < 0.3
        n = rng.integers(4, 12)
        mix = 0.7 if spam else 0.08
        words = [rng.choice(SPAM) if rng.random() < mix else rng.choice(HAM) for _ in range(n)]
        rows.append(("spam" if spam else "ham", " ".join(words)))
    return pd.DataFrame(rows, columns=["label", "text"])


def points():
    """2-D points around five centres (for clustering)."""
    rng = _rng("points")
    centres = np.array([[1, 1], [6, 2], [3, 7], [8, 8], [5, 4.5]])
    idx = rng.integers(0, 5, 400)
    xy = centres[idx] + rng.normal(0, 0.9, (400, 2))
    return pd.DataFrame({"x": xy[:, 0].round(3), "y": xy[:, 1].round(3)})


DATASETS = {
    f.__name__: f
    for f in (iris, wine, breast_cancer, diabetes, digits, housing, customers, passengers)
    + (sales, sensors, messages, points)
}


def write(name, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    df = DATASETS[name]()
    df.to_csv(path, index=False, float_format="%.6g", lineterminator="\n")
