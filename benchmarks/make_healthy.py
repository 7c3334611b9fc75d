"""Write benchmarks/healthy-50.ipynb: a healthy notebook of 50 code cells for bench_check.py.

It runs cleanly on today's stack (numpy, pandas, scikit-learn, matplotlib), is deterministic,
reads and writes no files and needs no network. Total compute is about 15 s on 2 cores,
spread over many small cells (fits, cross-validation, pandas group-bys, small Python loops), so
that a per-cell overhead shows.

    .venv/bin/python benchmarks/make_healthy.py
"""

import os

import nbformat

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "healthy-50.ipynb")

CELLS = [
    """
import os

# One thread per library: steadier timings on a shared machine.
os.environ["OMP_NUM_THREADS"] = "1"
os.environ["OPENBLAS_NUM_THREADS"] = "1"
""",
    """
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from threadpoolctl import threadpool_limits

%matplotlib inline
threadpool_limits(1)
t0 = time.time()
""",
    """
from sklearn.datasets import make_blobs, make_classification, make_regression
from sklearn.model_selection import KFold, cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
""",
    """
X, y = make_classification(
    n_samples=4000, n_features=30, n_informative=12, n_redundant=6, random_state=0
)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
X.shape, y.mean()
""",
    """
Xr, yr = make_regression(
    n_samples=4000, n_features=40, n_informative=15, noise=10.0, random_state=0
)
Xr.shape
""",
    """
rng = np.random.default_rng(0)
n = 300_000
df = pd.DataFrame(
    {
        "store": rng.integers(0, 200, n),
        "product": rng.integers(0, 500, n),
        "day": rng.integers(0, 365, n),
        "qty": rng.poisson(3, n),
        "price": rng.gamma(2.0, 10.0, n).round(2),
    }
)
df["revenue"] = df["qty"] * df["price"]
df.shape
""",
    """
df.head()
""",
    """
df.describe().round(2)
""",
    """
df.groupby("store")["revenue"].sum().sort_values(ascending=False).head()
""",
    """
df.groupby(["store", "product"])["qty"].sum().unstack(fill_value=0).shape
""",
    """
df.pivot_table(index="day", columns=df["store"] % 10, values="revenue", aggfunc="mean").iloc[:5]
""",
    """
top = df.groupby("product")["revenue"].agg(["sum", "mean", "count"])
top.nlargest(5, "sum")
""",
    """
df["week"] = df["day"] // 7
weekly = df.groupby("week")["revenue"].sum()
weekly.tail()
""",
    """
weekly.rolling(4).mean().dropna().round(1).head()
""",
    """
stores = pd.DataFrame({"store": np.arange(200), "region": rng.integers(0, 8, 200)})
merged = df.merge(stores, on="store")
merged.groupby("region")["revenue"].mean().round(3)
""",
    """
merged.sort_values(["region", "revenue"], ascending=[True, False]).groupby("region").head(1)
""",
    """
A = rng.standard_normal((600, 600))
u, s, vt = np.linalg.svd(A)
s[:5].round(3)
""",
    """
w = np.linalg.eigvalsh(A @ A.T)
w[-3:].round(1)
""",
    """
np.linalg.solve(A + 600 * np.eye(600), np.ones(600))[:5].round(5)
""",
    """
def monte_carlo_pi(k, seed):
    g = np.random.default_rng(seed)
    p = g.random((k, 2))
    return 4 * np.mean((p**2).sum(axis=1) < 1)


[round(monte_carlo_pi(2_000_000, s), 4) for s in range(5)]
""",
    """
boot = np.array([rng.choice(y, size=len(y)).mean() for _ in range(5000)])
boot.mean().round(4), boot.std().round(4)
""",
    """
total = 0
for i in range(2_000_000):
    total += i % 7
total
""",
    """
np.percentile(rng.standard_normal(1_000_000), [1, 5, 50, 95, 99]).round(3)
""",
    """
from sklearn.linear_model import LogisticRegression

logreg = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
logreg.fit(X_train, y_train)
print(f"logistic regression: {logreg.score(X_test, y_test):.4f}")
""",
    """
scores = cross_val_score(logreg, X, y, cv=5)
print(f"logistic regression CV: {scores.mean():.4f} (+/- {scores.std() * 2:.4f})")
""",
    """
from sklearn.ensemble import RandomForestClassifier

forest = RandomForestClassifier(n_estimators=200, random_state=0, n_jobs=1)
forest.fit(X_train, y_train)
print(f"random forest: {forest.score(X_test, y_test):.4f}")
""",
    """
importances = pd.Series(forest.feature_importances_).sort_values(ascending=False)
importances.head(8).round(4)
""",
    """
from sklearn.ensemble import HistGradientBoostingClassifier

hgb = HistGradientBoostingClassifier(max_iter=100, random_state=0)
hgb.fit(X_train, y_train)
print(f"hist gradient boosting: {hgb.score(X_test, y_test):.4f}")
print(f"hist gradient boosting CV: {cross_val_score(hgb, X, y, cv=3).mean():.4f}")
""",
    """
from sklearn.svm import SVC

svc = make_pipeline(StandardScaler(), SVC(C=1.0))
svc.fit(X_train, y_train)
print(f"SVC: {svc.score(X_test, y_test):.4f}")
""",
    """
from sklearn.neighbors import KNeighborsClassifier

for k in (1, 5, 15, 31):
    knn = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=k))
    print(k, round(knn.fit(X_train, y_train).score(X_test, y_test), 4))
""",
    """
from sklearn.tree import DecisionTreeClassifier

depths = range(2, 16, 2)
tree_scores = [
    cross_val_score(DecisionTreeClassifier(max_depth=d, random_state=0), X, y, cv=3).mean()
    for d in depths
]
dict(zip(depths, np.round(tree_scores, 4), strict=False))
""",
    """
plt.figure(figsize=(5, 3))
plt.plot(list(depths), tree_scores, "o-")
plt.xlabel("max_depth")
plt.ylabel("CV accuracy")
plt.show()
""",
    """
from sklearn.metrics import classification_report, confusion_matrix

pred = forest.predict(X_test)
confusion_matrix(y_test, pred)
""",
    """
print(classification_report(y_test, pred, digits=3))
""",
    """
from sklearn.metrics import roc_auc_score

proba = {
    name: m.predict_proba(X_test)[:, 1]
    for name, m in [("logreg", logreg), ("forest", forest), ("hgb", hgb)]
}
{name: round(roc_auc_score(y_test, p), 4) for name, p in proba.items()}
""",
    """
from sklearn.linear_model import Lasso, Ridge

for alpha in (0.1, 1.0, 10.0, 100.0):
    r2 = cross_val_score(Ridge(alpha=alpha), Xr, yr, cv=KFold(5, shuffle=True, random_state=0))
    print(f"ridge alpha={alpha:<6g} R^2 = {r2.mean():.4f}")
""",
    """
lasso = Lasso(alpha=1.0, max_iter=5000).fit(Xr, yr)
print("non-zero coefficients:", int(np.sum(lasso.coef_ != 0)))
""",
    """
from sklearn.ensemble import RandomForestRegressor

rfr = RandomForestRegressor(n_estimators=60, max_features=0.5, random_state=0, n_jobs=1)
r2 = cross_val_score(rfr, Xr[:2000], yr[:2000], cv=3)
print(f"random forest regressor R^2: {r2.mean():.4f}")
""",
    """
from sklearn.ensemble import GradientBoostingRegressor

gbr = GradientBoostingRegressor(n_estimators=150, max_depth=3, random_state=0)
gbr.fit(Xr[:3000], yr[:3000])
print(f"gradient boosting R^2: {gbr.score(Xr[3000:], yr[3000:]):.4f}")
""",
    """
residuals = yr[3000:] - gbr.predict(Xr[3000:])
plt.figure(figsize=(5, 3))
plt.hist(residuals, bins=40)
plt.title("residuals")
plt.show()
""",
    """
from sklearn.model_selection import GridSearchCV

grid = GridSearchCV(Ridge(), {"alpha": np.logspace(-2, 3, 12)}, cv=5)
grid.fit(Xr, yr)
grid.best_params_, round(grid.best_score_, 4)
""",
    """
from sklearn.linear_model import LinearRegression

poly = np.column_stack([Xr[:, :8], Xr[:, :8] ** 2])
cross_val_score(LinearRegression(), poly, yr, cv=5).mean().round(4)
""",
    """
from sklearn.decomposition import PCA

pca = PCA(n_components=10).fit(StandardScaler().fit_transform(X))
pca.explained_variance_ratio_.cumsum().round(3)
""",
    """
from sklearn.cluster import KMeans

Xb, yb = make_blobs(n_samples=5000, centers=6, n_features=8, random_state=0)
inertias = [KMeans(n_clusters=k, n_init=5, random_state=0).fit(Xb).inertia_ for k in range(2, 10)]
np.round(inertias, 1)
""",
    """
from sklearn.metrics import adjusted_rand_score

km = KMeans(n_clusters=6, n_init=5, random_state=0).fit(Xb)
round(adjusted_rand_score(yb, km.labels_), 4)
""",
    """
from sklearn.mixture import GaussianMixture

gm = GaussianMixture(n_components=6, random_state=0).fit(Xb)
round(gm.score(Xb), 4)
""",
    """
from sklearn.datasets import make_swiss_roll
from sklearn.manifold import Isomap

roll, _ = make_swiss_roll(n_samples=1500, random_state=0)
emb = Isomap(n_components=2, n_neighbors=10).fit_transform(roll)
emb.shape
""",
    """
from sklearn.neural_network import MLPClassifier

mlp = make_pipeline(
    StandardScaler(),
    MLPClassifier(hidden_layer_sizes=(32,), max_iter=300, early_stopping=True, random_state=0),
)
mlp.fit(X_train, y_train)
print(f"MLP: {mlp.score(X_test, y_test):.4f}")
""",
    """
summary = pd.DataFrame(
    {
        "model": ["logreg", "forest", "hgb", "svc", "mlp"],
        "accuracy": [m.score(X_test, y_test) for m in (logreg, forest, hgb, svc, mlp)],
    }
).sort_values("accuracy", ascending=False)
summary.round(4)
""",
    """
print("done in %.1f s of kernel time" % (time.time() - t0))
""",
]


def main():
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    for i, source in enumerate(CELLS):
        cell = nbformat.v4.new_code_cell(source.strip("\n"))
        cell.id = f"cell-{i + 1:02d}"
        nb.cells.append(cell)
    nb.cells.insert(
        0,
        nbformat.v4.new_markdown_cell(
            "# Healthy benchmark notebook\n\n"
            "50 code cells of ordinary numpy / pandas / scikit-learn work that run cleanly "
            "on today's stack. Generated by `make_healthy.py`; used by `bench_check.py`.",
        ),
    )
    nb.cells[0].id = "intro"
    nbformat.validate(nb)
    with open(PATH, "w", encoding="utf-8") as f:
        nbformat.write(nb, f)
    print(f"wrote {os.path.relpath(PATH)}: {len(CELLS)} code cells")


if __name__ == "__main__":
    main()
