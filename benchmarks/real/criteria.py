"""The corpus's selection criteria: what makes a public notebook usable for measuring repairs.

judge() gives "keep" or the first criterion a notebook fails; every notebook of a repository
is judged the same way, so the corpus is not picked to suit the product's rules.
"""

import json
import posixpath
import re
import sys
from pathlib import Path

from layout import git, present_blobs, tree_entries

FIRST_YEAR, LAST_YEAR = 2013, 2022
# The stack the corpus is about, plus what those packages install as their own dependencies.
STACK = {"numpy", "pandas", "sklearn", "scipy", "matplotlib", "seaborn", "IPython", "ipywidgets"}
STACK |= {"six", "mpl_toolkits", "pylab", "joblib", "PIL", "dateutil", "pytz", "__future__"}
PY2_STDLIB = {"urllib2", "urlparse", "cPickle", "StringIO", "cStringIO", "ConfigParser", "Queue"}
PY2_STDLIB |= {"httplib", "HTMLParser", "commands", "cookielib", "thread", "exceptions"}
ALLOWED = STACK | PY2_STDLIB | set(sys.stdlib_module_names)
DATA_EXT = r"csv|tsv|txt|data|dat|json|xls|xlsx|npy|npz|pkl|pickle|mat|gz|zip|arff|h5|hdf5|sav"
DATA_LITERAL = re.compile(r"""['"]([^'"\n{}%*]*\.(?:""" + DATA_EXT + r"""))['"]""", re.I)
URL = re.compile(r"""['"](https?://[^'"\s]+)['"]""")
WRITES = re.compile(
    r"to_csv|savefig|to_pickle|np\.save|dump\(|to_excel|to_json|write|['\"]wb?['\"]"
)
READS_URL = re.compile(r"read_|urlopen|urlretrieve|requests\.get|loadtxt|genfromtxt|wget|open\(")
# A metric computed in the cell: a score method or function, a metrics call, a cross-validation.
SCORE_SRC = re.compile(
    r"score\(|scores?\b|score_\b|accuracy|error|\br2|rmse|\bmse|\bmae|auc|precision|recall|"
    r"\bf1|metrics\.|cross_val",
    re.I,
)
# An output line naming a metric beside its value.
SCORE_LINE = re.compile(
    r"score|accura|\bacc\b|error|\br\^?2\b|\brmse\b|\bmse\b|\bmae\b|\bauc|precision|recall|\bf1",
    re.I,
)
NUMBER = re.compile(r"(?<![\w.])-?\d*\.\d+(?:e-?\d+)?")
NETWORK = [
    (re.compile(r"\bfetch_\w+\s*\("), "scikit-learn downloader (network)"),
    (re.compile(r"\bload_boston\b"), "dataset no longer bundled with scikit-learn"),
    (re.compile(r"load_dataset\s*\("), "seaborn/online dataset (network)"),
    (re.compile(r"read_html|DataReader|quandl|urlopen|urlretrieve|requests\.get"), "network data"),
]
SHELL_NET = re.compile(r"^\s*!.*\b(wget|curl|pip|conda|kaggle|git\s+clone|unzip)\b", re.M)
LONG_TIME = re.compile(r"(?:Wall time|total):\s*(?:(\d+)h\s*)?(?:(\d+)min)?")


def cell_source(cell: dict) -> str:
    src = cell.get("source", cell.get("input", ""))
    return "".join(src) if isinstance(src, list) else str(src)


def output_text(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        text = out.get("text")
        data = out.get("data", {})
        text = text or data.get("text/plain") or out.get("text/plain") or ""
        parts.append("".join(text) if isinstance(text, list) else str(text))
    return "\n".join(parts)


def imports_of(code: str, module_level: bool = False) -> set[str]:
    """Top-level names imported; '.name' for relative ones. A helper module's imports inside
    functions or try blocks are lazy or optional, so module_level skips them."""
    names = set()
    guarded_at = None
    for line in code.splitlines():
        line = line.split("#", 1)[0]
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        ends_try = not line.strip().startswith(("except", "else", "finally"))
        if guarded_at is not None and indent <= guarded_at and ends_try:
            guarded_at = None
        if module_level and re.match(r"\s*try\s*:", line) and guarded_at is None:
            guarded_at = indent
            continue
        if module_level and (indent > 0 or guarded_at is not None):
            continue
        m = re.match(r"\s*from\s+(\.*[\w.]*)\s+import\b\s*([\w., ()*]*)", line)
        if m:
            mod = m.group(1)
            if mod.strip(".") == "":
                names |= {"." + w.strip(" ()*").split(" ")[0] for w in m.group(2).split(",")}
            else:
                top = mod.lstrip(".").split(".")[0]
                names.add("." + top if mod.startswith(".") else top)
            continue
        m = re.match(r"\s*import\s+([\w., ]+)", line)
        if m:
            for part in m.group(1).split(","):
                word = part.strip().split(" ")[0]
                if word:
                    names.add(word.split(".")[0])
    names.discard(".")
    return names


def join_literals(code: str) -> str:
    """'http://host/' 'path/file.csv' split over lines becomes one literal."""
    return re.sub(r"(['\"])\s*\n\s*\1", "", code)


class Repo:
    """The files of one snapshot at its newest commit, for looking data and modules up."""

    def __init__(self, git_dir: Path):
        self.git_dir = git_dir
        self.commit = git(git_dir, "rev-parse", "HEAD").stdout.decode().strip()
        tree = tree_entries(git_dir, self.commit)
        # Symlinks and submodules are not laid out, so they do not count as present.
        self.entries = {p: (sha, size) for mode, sha, size, p in tree if mode[:2] == "10"}
        self.have = present_blobs(git_dir, [sha for sha, _ in self.entries.values()])
        self.present = {p for p, (sha, _) in self.entries.items() if sha in self.have}
        self.basenames = {posixpath.basename(p).lower() for p in self.present}
        self.all_basenames = {posixpath.basename(p).lower() for p in self.entries}
        self.changed = self.last_changed()

    def last_changed(self) -> dict[str, int]:
        """Year each path was last changed, newest commit first in one pass over the history."""
        log = git(
            self.git_dir,
            "-c",
            "core.quotepath=off",  # paths as they are, not octal-escaped
            "log",
            "--format=@%cd",
            "--date=format:%Y",
            "--name-only",
            "--no-renames",
            self.commit,
        ).stdout.decode("utf-8", errors="replace")
        years, year = {}, 0
        for line in log.splitlines():
            if line.startswith("@"):
                year = int(line[1:])
            elif line and line not in years:
                years[line] = year
        return years

    def read(self, path: str) -> bytes:
        return git(self.git_dir, "cat-file", "blob", self.entries[path][0]).stdout

    def local_module(self, name: str) -> str | None:
        for p in sorted(self.present):
            if p.endswith(f"/{name}.py") or p == f"{name}.py":
                return p
            if p.endswith(f"/{name}/__init__.py") or p == f"{name}/__init__.py":
                return p
        return None


def check_imports(repo: Repo, names: set[str], seen: set[str], pkg: str = "") -> str | None:
    for name in sorted(names - ALLOWED - seen):
        seen.add(name)
        if name.startswith("."):
            base = posixpath.join(pkg, name[1:])
            found = [m for m in (base + ".py", base + "/__init__.py") if m in repo.present]
            module = found[0] if found else None
        else:
            module = repo.local_module(name)
        if module is None:
            if name.startswith("."):
                continue  # a name defined in the package's __init__, not a module
            return f"imports {name}"
        code = repo.read(module).decode("utf-8", errors="replace")
        inner = posixpath.dirname(module)
        bad = check_imports(repo, imports_of(code, module_level=True), seen, inner)
        if bad:
            return f"helper {name.lstrip('.')}: {bad}"
    return None


def check_data(repo: Repo, nb_path: str, code: str) -> str | None:
    nb_dir = posixpath.dirname(nb_path)
    for line in code.splitlines():
        line = line.split("#", 1)[0]
        for url in URL.findall(line):
            if READS_URL.search(line) and posixpath.basename(url).lower() not in repo.basenames:
                return "network data"
        if WRITES.search(line):
            continue
        for lit in DATA_LITERAL.findall(line):
            if "://" in lit:
                continue
            full = posixpath.normpath(posixpath.join(nb_dir, lit))
            base = posixpath.basename(lit).lower()
            if full in repo.present or base in repo.basenames:
                continue
            if full in repo.entries or base in repo.all_basenames:
                return "data file absent from the snapshot (large file)"
            return "data file not in the repository"
    return None


def judge(repo: Repo, nb_path: str, raw: bytes) -> str:
    """'keep', or the first criterion the notebook fails."""
    if not FIRST_YEAR <= repo.changed.get(nb_path, 0) <= LAST_YEAR:
        return f"last changed outside {FIRST_YEAR}-{LAST_YEAR}"
    try:
        nb = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return "not a readable notebook"
    if nb.get("nbformat") not in (3, 4):
        return "nbformat not 3 or 4"
    meta = nb.get("metadata", {})
    lang = (
        meta.get("kernelspec", {}).get("language")
        or meta.get("language_info", {}).get("name")
        or meta.get("language")
        or "python"
    )
    cells = nb.get("cells") or [c for ws in nb.get("worksheets", []) for c in ws.get("cells", [])]
    code_cells = [c for c in cells if c.get("cell_type") == "code"]
    code = join_literals("\n".join(cell_source(c) for c in code_cells))
    if str(lang).lower() != "python" or re.search(r"^\s*%%(R|julia|bash)\b", code, re.M):
        return "not a Python notebook"
    if not code.strip():
        return "no code"
    if SHELL_NET.search(code):
        return "shell download or install"
    python = "\n".join(ln for ln in code.splitlines() if not ln.lstrip().startswith(("%", "!")))
    bad = check_imports(repo, imports_of(python), set())
    if bad:
        return bad
    if not any(c.get("outputs") for c in code_cells):
        return "no saved outputs"
    for pattern, reason in NETWORK:
        if pattern.search(python):
            return reason
    bad = check_data(repo, nb_path, python)
    if bad:
        return bad
    outputs = [(computing_lines(cell_source(c)), output_text(c)) for c in code_cells]
    for _, text in outputs:
        for h, m in LONG_TIME.findall(text):
            if int(h or 0) * 60 + int(m or 0) >= 10:
                return "long-running (saved timing of 10 minutes or more)"
    if not any(
        NUMBER.search(text)
        and (
            SCORE_SRC.search(src)
            or any(SCORE_LINE.search(ln) and NUMBER.search(ln) for ln in text.splitlines())
        )
        for src, text in outputs
    ):
        return "no saved score"
    return "keep"


def computing_lines(src: str) -> str:
    """The code of a cell that computes, to find score calls: no imports, comments, magics or
    string literals (a column named 'test_score' is data, not a metric)."""
    lines = [ln.split("#", 1)[0] for ln in src.splitlines()]
    skip = re.compile(r"\s*(import|from\s+\S+\s+import|%|!)")
    code = "\n".join(ln for ln in lines if ln.strip() and not skip.match(ln))
    return re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "''", code)
