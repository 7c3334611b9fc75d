"""Cell helpers for the example-notebook sources (see ../build_examples.py).

A code cell has up to three versions of its source:

old     what the notebook was saved with (the eroded code the user opens);
new     the same computation on today's stack with the old behaviour written out (old defaults
        pinned, removed APIs replaced by their exact equivalents). Its outputs are stored under
        the old code. Defaults to ``old``.
naive   the obvious modern fix, without pinning old defaults: what a user gets by fixing only
        the errors. Used by ``build_examples.py --verify`` to show drift. Defaults to ``new``.

``stderr`` is the warning text the old libraries printed (stored as a stderr stream before the
cell's other outputs); ``result`` replaces the text of the cell's execute_result, for reprs
whose format changed since (e.g. an estimator's full parameter list).
"""

import textwrap


def _clean(src):
    return textwrap.dedent(src).strip("\n") if src is not None else None


def md(text):
    return {"cell_type": "markdown", "source": _clean(text)}


def code(old, new=None, naive=None, stderr=None, result=None):
    old = _clean(old)
    new = _clean(new) if new is not None else old
    naive = _clean(naive) if naive is not None else new
    return {
        "cell_type": "code",
        "old": old,
        "new": new,
        "naive": naive,
        "stderr": _clean(stderr) + "\n" if stderr else None,
        "result": _clean(result),
    }
