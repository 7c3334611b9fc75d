"""Build, and check, the eroded example notebooks in this folder.

Each notebook is described in sources/<name>.py: markdown, and for every code cell the code as
it was saved (``old``) and the same computation written for today's libraries with the old
behaviour spelled out (``new``: old defaults pinned, removed APIs replaced by exact
equivalents). The builder runs the ``new`` cells in a fresh kernel on today's stack and stores
their outputs under the ``old`` code, with the metadata of the year the notebook was written, so
each notebook looks as it did when it was saved with the old libraries, printed scores included.

    python build_examples.py                  # rebuild every notebook (and the data files)
    python build_examples.py titanic-2017     # rebuild one
    python build_examples.py --verify         # run the stored notebooks on today's stack

``--verify`` runs each stored notebook as it is and reports where it breaks, then runs the
"naive" modern version (errors fixed, today's defaults kept) and prints the printed numbers that
moved against the stored outputs.
"""

import argparse
import copy
import glob
import importlib.util
import os
import re
import subprocess
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "sources")
KERNEL = "python3"
# Outputs shaped as the old libraries printed them: the same code that builds the benchmark corpus.
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks", "corpus"))

from nbspec import language_info, old_style_outputs  # noqa: E402


def load_spec(stem):
    path = os.path.join(SOURCES, stem.replace("-", "_") + ".py")
    sys.path.insert(0, SOURCES)
    try:
        spec = importlib.util.spec_from_file_location(stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(SOURCES)
    module.STEM = stem
    return module


def all_stems():
    stems = []
    for path in sorted(glob.glob(os.path.join(SOURCES, "*.py"))):
        name = os.path.basename(path)[:-3]
        if name != "cells":
            stems.append(name.replace("_", "-"))
    return stems


def execute(cells, version, allow_errors=False):
    """Run cells (spec cells, using the given source version) in a fresh kernel."""
    nb = nbformat.v4.new_notebook()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell["source"]))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(cell[version]))
    return run_notebook(nb, allow_errors=allow_errors)


def run_notebook(nb, allow_errors=False):
    client = NotebookClient(
        nb,
        timeout=300,
        kernel_name=KERNEL,
        allow_errors=allow_errors,
        resources={"metadata": {"path": HERE}},
    )
    client.execute()
    return nb


def build(stem):
    spec = load_spec(stem)
    started = time.time()
    executed = execute(spec.CELLS, "new")
    nb = nbformat.v4.new_notebook()
    nb.nbformat_minor = 2
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": language_info(spec.PYTHON),
    }
    for i, (cell, ran) in enumerate(zip(spec.CELLS, executed.cells, strict=True)):
        if cell["cell_type"] == "markdown":
            new = nbformat.v4.new_markdown_cell(cell["source"])
        else:
            new = nbformat.v4.new_code_cell(cell["old"])
            new.execution_count = ran.execution_count
            new.outputs = old_style_outputs(cell, ran, f"{stem}-{i}")
        new.pop("id", None)  # nbformat 4.2 had no cell ids
        nb.cells.append(new)
    path = os.path.join(HERE, stem + ".ipynb")
    nbformat.validate(nb)
    with open(path, "w", encoding="utf-8") as f:
        f.write(nbformat.writes(nb, version=4))
    print(f"wrote {os.path.relpath(path)} ({time.time() - started:.1f} s)")


def first_error(nb):
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                return i, cell, out
    return None


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def failing_line(cell, error):
    """The source line the traceback points at in the cell (or its first line)."""
    for frame in error.traceback:
        for line in ANSI.sub("", frame).splitlines():
            if line.startswith("---->"):
                return line.split(None, 2)[-1].strip()
    for line in ANSI.sub("", "\n".join(error.traceback)).splitlines():
        if line.strip() and line.strip() in cell.source and not line.startswith("Cell"):
            return line.strip()
    return cell.source.splitlines()[0]


def printed_lines(cell):
    lines = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream" and out.name == "stdout":
            lines += out.text.splitlines()
    return [line for line in lines if re.search(r"\d", line)]


def moved_numbers(stored, ran):
    """(execution count, stored line, line now) for printed lines that differ."""
    moved = []
    for old, new in zip(stored.cells, ran.cells, strict=True):
        if old.cell_type != "code":
            continue
        for a, b in zip(printed_lines(old), printed_lines(new), strict=False):
            if a.split() != b.split():
                moved.append((old.execution_count, a.strip(), b.strip()))
    return moved


def verify(stem):
    spec = load_spec(stem)
    path = os.path.join(HERE, stem + ".ipynb")
    stored = nbformat.read(path, as_version=4)
    print(f"== {stem}.ipynb (saved with Python {spec.PYTHON})")
    ran = copy.deepcopy(stored)
    ok = True
    try:
        run_notebook(ran)
        err = None
    except CellExecutionError:
        err = first_error(ran)
    expected = spec.EXPECT
    if err is None:
        print("   stored notebook: runs to the end on today's stack")
        ok = expected.get("error") is None
    else:
        index, cell, out = err
        count = stored.cells[index].execution_count
        print(f"   stored notebook: fails at cell {index} (In [{count}]): {failing_line(cell, out)}")
        print(f"      {out.ename}: {out.evalue.splitlines()[0] if out.evalue else ''}")
        ok = out.ename == expected.get("error") and expected.get("cell", "") in cell.source
    moved = moved_numbers(stored, ran) if err is None else []
    if err is not None:
        naive = execute(spec.CELLS, "naive")
        print("   errors fixed, today's defaults kept: runs to the end")
        moved = moved_numbers(stored, naive)
    for count, a, b in moved:
        print(f"      In [{count}] saved: {a}")
        print(f"      {' ' * len(str(count))}       now: {b}")
    if expected.get("drift") and not moved:
        ok = False
    print("   as expected" if ok else "   NOT AS EXPECTED")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebook names (default: all)")
    parser.add_argument("--verify", action="store_true", help="run the stored notebooks")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    stems = [s.removesuffix(".ipynb") for s in args.notebooks] or all_stems()
    if args.verify:
        results = [verify(stem) for stem in stems]
        sys.exit(0 if all(results) else 1)
    subprocess.run([sys.executable, os.path.join(HERE, "data", "make_data.py")], check=True)
    for stem in stems:
        build(stem)


if __name__ == "__main__":
    main()
