"""What bench_real concludes from the runs of a notebook: reproduced or not, why not, regression."""

import re

# First-failure categories, in the order they are printed.
CATEGORIES = [
    "module missing",
    "import of a removed name",
    "error after the cell ran (status ok, e.g. drawing a figure)",
    "attribute error",
    "type error",
    "name error",
    "data file missing",
    "timeout",
    "kernel died",
    "runner failed",
    "scores out of tolerance",
    "refused by the CLI: nbformat 3",
    "no result from the CLI",
]

# An ImportError for a package that is not installed: Python's own, and pandas' for an optional
# dependency (`Missing optional dependency 'xlrd'`, since 3.0 `` `Import openpyxl` failed ``).
MISSING = re.compile(r"No module named|^Missing optional dependency|^`Import [\w.-]+` failed")


def category(failure):
    """The category of a first failure from execute.py: one of CATEGORIES or 'other: Type'."""
    kind = failure["kind"]
    if kind == "timeout":
        return "timeout"
    if kind == "kernel-died":
        return "kernel died"
    if kind == "runner":
        return "runner failed"
    ename, evalue = failure["ename"] or "", failure["evalue"] or ""
    if failure.get("status") == "ok":
        return "error after the cell ran (status ok, e.g. drawing a figure)"
    if ename == "ModuleNotFoundError" or (ename == "ImportError" and MISSING.search(evalue)):
        return "module missing"
    if ename == "ImportError":
        return "import of a removed name"
    missing = ename in ("OSError", "IOError") and "No such file" in evalue
    if ename == "FileNotFoundError" or missing:
        return "data file missing"
    named = {
        "AttributeError": "attribute error",
        "TypeError": "type error",
        "NameError": "name error",
        "UnboundLocalError": "name error",
    }
    return named.get(ename, f"other: {ename}")


def saved_scores_compared(comparison):
    """(rows, rows out of tolerance) of a `scores` comparison."""
    rows = comparison["rows"] if comparison else []
    return rows, [row for row in rows if not row["withinTolerance"]]


def verdict(run, comparison):
    """
    Whether a run reproduced its notebook: no unexpected failure, and every saved score has
    its counterpart within tolerance. Returns (reproduced, category or None).
    """
    if run["first_failure"]:
        return False, category(run["first_failure"])
    _, out = saved_scores_compared(comparison)
    if out:
        return False, "scores out of tolerance"
    return True, None


def regression(original, modernized):
    """
    A description when the modernized notebook first fails at an earlier cell than the
    original did (or fails where the original ran clean), else None. Cells are compared in
    the original's numbering.
    """
    new = modernized["first_failure"]
    if not new or new["kind"] == "runner" or modernized.get("original_cell") is None:
        return None
    old = original["first_failure"]
    if old and (old["cell"] is None or old["cell"] <= modernized["original_cell"]):
        return None
    return {
        "original": describe(old) if old else "ran clean",
        "modernized": describe(new),
    }


def describe(failure):
    cell = "?" if failure["cell"] is None else failure["cell"] + 1
    if failure["kind"] != "error":
        what = failure["kind"] + (f" ({failure['evalue']})" if failure["evalue"] else "")
    else:
        what = f"{failure['ename']}: {failure['evalue']}"
    return f"cell {cell}: {what}"
