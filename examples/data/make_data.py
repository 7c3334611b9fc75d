"""Write the small data files the example notebooks read.

Everything here is either generated with a fixed seed or taken from the data sets bundled with
scikit-learn (public domain / BSD), so running this script again gives byte-identical files:

    python examples/data/make_data.py
"""

import os

import numpy as np
import pandas as pd
from sklearn.datasets import load_breast_cancer, load_iris

HERE = os.path.dirname(os.path.abspath(__file__))
# One seed per data set, so that changing one generator leaves the other files alone.
SEEDS = {"titanic": 2029, "breast_cancer": 2017, "housing": 2018}

SURNAMES = [
    "Abbott", "Baxter", "Carter", "Dalton", "Ellis", "Fischer", "Graham", "Hansen", "Ivers",
    "Jensen", "Keller", "Larsen", "Morgan", "Nilsson", "OConnell", "Peters", "Quinn", "Reilly",
    "Sutton", "Turner", "Underwood", "Vance", "Walsh", "Young", "Zimmer",
]
MALE = ["John", "William", "Thomas", "James", "George", "Charles", "Henry", "Arthur", "Frank"]
FEMALE = ["Mary", "Anna", "Elizabeth", "Margaret", "Alice", "Helen", "Edith", "Florence", "Ada"]


def passengers(rng, n, first_id):
    """Passenger-like records in the layout of the well-known shipwreck competition."""
    pclass = rng.choice([1, 2, 3], size=n, p=[0.24, 0.21, 0.55])
    male = rng.random(n) < 0.64
    age = rng.normal(np.select([pclass == 1, pclass == 2], [38.0, 30.0], 25.0), 13.0)
    child = rng.random(n) < 0.08
    age = np.where(child, rng.uniform(0.5, 12, n), age).round(0).clip(1, 80)
    sibsp = np.minimum(rng.poisson(np.where(child, 1.5, 0.45)), 8)
    parch = np.minimum(rng.poisson(np.where(child, 1.6, 0.3)), 6)
    fare = np.exp(rng.normal(np.select([pclass == 1, pclass == 2], [4.2, 3.0], 2.2), 0.45))
    fare = (fare * (1 + 0.15 * (sibsp + parch))).round(4)
    embarked = rng.choice(["S", "C", "Q"], size=n, p=[0.72, 0.19, 0.09])

    titles = np.where(
        male,
        np.where(age < 13, "Master", np.where(rng.random(n) < 0.03, "Dr", "Mr")),
        np.where((age < 25) | (rng.random(n) < 0.3), "Miss", "Mrs"),
    )
    names = [
        f"{rng.choice(SURNAMES)}, {t}. {rng.choice(MALE if m else FEMALE)}"
        for t, m in zip(titles, male, strict=True)
    ]

    # Survival chances in the spirit of the historical record: "women and children first",
    # but much less so in third class and for large families.
    family = sibsp + parch
    p = np.select(
        [
            ~male & (pclass < 3),
            ~male & (family >= 4),
            ~male,
            male & child & (pclass < 3),
            male & child & (family >= 4),
            male & child,
            male & (pclass == 1) & (age < 40),
            male & (pclass == 1),
        ],
        [0.95, 0.15, 0.55, 0.95, 0.1, 0.4, 0.5, 0.25],
        0.1,
    )
    p = np.clip(p + 0.06 * (embarked == "C"), 0, 1)
    survived = (rng.random(n) < p).astype(int)

    age_missing = rng.random(n) < 0.2
    df = pd.DataFrame(
        {
            "PassengerId": np.arange(first_id, first_id + n),
            "Survived": survived,
            "Pclass": pclass,
            "Name": names,
            "Sex": np.where(male, "male", "female"),
            "Age": np.where(age_missing, np.nan, age),
            "SibSp": sibsp,
            "Parch": parch,
            "Fare": fare,
            "Embarked": embarked,
        }
    )
    return df


def titanic(rng):
    train = passengers(rng, 640, 1)
    test = passengers(rng, 260, 641).drop(columns="Survived")
    train.loc[[61, 407], "Embarked"] = np.nan
    test.loc[[152], "Fare"] = np.nan
    train.to_csv(os.path.join(HERE, "passengers_train.csv"), index=False)
    test.to_csv(os.path.join(HERE, "passengers_test.csv"), index=False)


def breast_cancer_with_gaps(rng):
    """scikit-learn's bundled Wisconsin breast cancer data with some values blanked out."""
    data = load_breast_cancer()
    cols = [c.replace(" ", "_") for c in data.feature_names[:10]]
    df = pd.DataFrame(data.data[:, :10], columns=cols)
    for col in ["mean_texture", "mean_smoothness", "mean_concavity"]:
        df.loc[rng.random(len(df)) < 0.06, col] = np.nan
    df["diagnosis"] = np.where(data.target == 0, "M", "B")
    df.to_csv(os.path.join(HERE, "breast_cancer.csv"), index=False, float_format="%.5g")


def iris():
    data = load_iris()
    df = pd.DataFrame(
        data.data, columns=["sepal_length", "sepal_width", "petal_length", "petal_width"]
    )
    df["species"] = data.target_names[data.target]
    df.to_csv(os.path.join(HERE, "iris.csv"), index=False)


def housing(rng):
    """Houses in five neighbourhoods of a made-up city; prices in thousands of dollars."""
    centres = np.array([[2.0, 3.0], [8.5, 2.0], [5.0, 7.5], [11.0, 9.0], [6.5, 4.5]])
    sizes = [140, 90, 120, 60, 110]
    spread = [1.2, 1.0, 1.4, 0.9, 1.6]
    hood = np.repeat(np.arange(5), sizes)
    n = len(hood)
    xy = centres[hood] + rng.normal(0, 1, (n, 2)) * np.take(spread, hood)[:, None]
    dist = np.hypot(xy[:, 0] - 6.0, xy[:, 1] - 5.0)
    rooms = (rng.normal(6.2, 0.7, n) + 0.3 * np.take([0, 1, -1, 2, 0], hood)).clip(3.5, 9.5)
    age = rng.uniform(2, 100, n).round(0)
    crime = np.exp(rng.normal(np.take([-0.5, 0.8, 0.0, -1.5, 1.2], hood), 0.8))
    price = 22 + 9.0 * (rooms - 6.2) - 1.1 * dist - 0.06 * age - 1.8 * np.log(crime)
    price = (price + rng.normal(0, 3.0, n)).clip(5, 50)
    order = rng.permutation(n)
    df = pd.DataFrame(
        {
            "x_km": xy[:, 0],
            "y_km": xy[:, 1],
            "rooms": rooms,
            "age": age,
            "crime_rate": crime,
            "dist_centre": dist,
            "price": price,
        }
    ).iloc[order]
    df.to_csv(os.path.join(HERE, "housing.csv"), index=False, float_format="%.3f")


def main():
    titanic(np.random.default_rng(SEEDS["titanic"]))
    breast_cancer_with_gaps(np.random.default_rng(SEEDS["breast_cancer"]))
    iris()
    housing(np.random.default_rng(SEEDS["housing"]))


if __name__ == "__main__":
    main()
