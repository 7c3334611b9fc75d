"""Cells of an eroded notebook, erosion categories, and outputs shaped as the old libraries
printed them. Shared by every description in sources/ and by build_corpus.py.

A code cell has two versions of its source:

old     what the notebook was saved with (the eroded code the user opens);
new     the same computation on today's stack with the old behaviour written out (old defaults
        pinned, removed APIs replaced by exact equivalents). Its outputs are stored under the
        old code. Defaults to ``old``.

and what the benchmark needs to know about it:

eroded  (category, what) pairs: the eroded lines of the cell;
fails   the exception name this cell raises when it is the first failing cell on today's stack
        (set on that cell only);
cause   this earlier cell is the root cause of that failure (it runs, but leaves wrong state);
score   its printed lines are the notebook's scores (recorded in the manifest);
stderr  warning text the old libraries printed (stored before the cell's other outputs);
result  replaces the text of the cell's execute_result, for reprs whose format changed.

examples/build_examples.py takes its old-style outputs and language_info from here too.
"""

import copy
import hashlib
import re
import textwrap

import nbformat

# The erosion categories of the survey of old notebooks on today's stack, by their names there.
DEFAULTS = "Changed defaults: runs, different numbers"
PARAMS = "Removed or renamed estimator parameters"
SK_MODULES = "Removed scikit-learn modules"
PD_API = "Removed pandas APIs"
SK_OBJECTS = "Removed scikit-learn objects"
MPL = "matplotlib"
IPY = "IPython and helpers"
PD_BEHAVIOUR = "pandas 2/3 behaviour"
PY2 = "Python 2 syntax"
ATTRS = "Renamed attributes"
PRIVATE = "Private module paths"
VENDORED = "Vendored copies removed"
NP_ALIASES = "numpy aliases"
STDLIB = "Python stdlib"
SCIPY = "scipy"
URL = "Data at a URL that no longer answers, copy in the repo"
CATEGORIES = [
    DEFAULTS, PARAMS, SK_MODULES, PD_API, SK_OBJECTS, MPL, IPY, PD_BEHAVIOUR, PY2, ATTRS,
    PRIVATE, VENDORED, NP_ALIASES, STDLIB, SCIPY, URL,
]  # fmt: skip
# Also seen in the survey, beside the categories.
HELPER = "Also seen: eroded code in a helper module beside the notebook"
OUTPUT_DIR = "Also seen: writes into an output folder that does not exist"
LIVE_OBJECT = "Also seen: right rewrite depends on a live object"
REPR = "Also seen: printed repr changed"
UNSEEDED = "Also seen: unseeded randomness"
ALSO_SEEN = [HELPER, OUTPUT_DIR, LIVE_OBJECT, REPR, UNSEEDED]


def _clean(src):
    return textwrap.dedent(src).strip("\n") if src is not None else None


def md(text):
    return {"cell_type": "markdown", "source": _clean(text)}


def code(old, new=None, eroded=(), fails=None, cause=False, score=False, stderr=None, result=None):
    old = _clean(old)
    return {
        "cell_type": "code",
        "old": old,
        "new": _clean(new) if new is not None else old,
        "eroded": [list(e) for e in eroded],
        "fails": fails,
        "cause": cause,
        "score": score,
        "stderr": _clean(stderr) + "\n" if stderr else None,
        "result": _clean(result),
    }


def notebook(cells, version):
    """A notebook of the given source version of the cells, without outputs."""
    nb = nbformat.v4.new_notebook()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell["source"]))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(cell[version]))
    return nb


ADDRESS = re.compile(r" at 0x[0-9a-f]+>")
FIGURE = re.compile(r"<Figure size \d+x\d+ with \d+ Axes>")


def _fake_address(key):
    return "0x7f" + hashlib.sha1(key.encode()).hexdigest()[:10]


def old_style_outputs(cell, executed, key):
    """Outputs of the modern run, shaped as the old libraries printed them."""
    outputs = []
    if cell["stderr"]:
        outputs.append(nbformat.v4.new_output("stream", name="stderr", text=cell["stderr"]))
    for i, out in enumerate(executed.outputs):
        out = copy.deepcopy(out)
        if out.output_type == "stream":
            if out.name == "stderr":
                continue  # today's warnings did not exist then
            if outputs and outputs[-1].output_type == "stream" and outputs[-1].name == out.name:
                outputs[-1].text += out.text
                continue
        if out.output_type == "execute_result" and cell["result"]:
            out.data = {"text/plain": cell["result"]}
        data = out.get("data", {})
        if "text/plain" in data:
            address = f"{key}-{i}"
            text = FIGURE.sub(
                lambda m, a=address: f"<matplotlib.figure.Figure at {_fake_address(a)}>",
                data["text/plain"],
            )
            data["text/plain"] = ADDRESS.sub(lambda m, a=address: f" at {_fake_address(a)}>", text)
        outputs.append(out)
    return outputs


def language_info(version):
    major = version.split(".")[0]
    return {
        "codemirror_mode": {"name": "ipython", "version": int(major)},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython" + major,
        "version": version,
    }
