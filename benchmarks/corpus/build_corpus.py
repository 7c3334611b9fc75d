"""Build, and check, the eroded-notebook corpus of the repair-rate benchmark.

Each notebook is described in sources/<name>.py (see nbspec.py): its cells in the old code and in
the modern equivalent with the old behaviour written out, its data files, its helper modules,
and what eroded where. The builder writes the data (make_data.py) and the helper modules into
<name>/, runs the modern equivalent in a fresh kernel in a scratch copy of that folder, stores its
outputs under the old code with the metadata of the time in <name>/<name>.ipynb, and writes
manifest.json from the descriptions and the stored notebooks.

    python build_corpus.py                  # rebuild everything (byte-identical on the same stack)
    python build_corpus.py wine-forest-2018 # rebuild one notebook (and the manifest)
    python build_corpus.py --verify         # run the corpus on today's stack and check it

``--verify`` runs each stored notebook as it is and checks that it fails at the manifest's cell
with the manifest's error (or, for "runs, score moves", that it runs and a printed score moved),
then runs the modern equivalent and checks that it runs cleanly and, when the notebook is seeded,
prints the stored scores again. Runs happen in scratch copies: the corpus folders stay clean.
"""

import argparse
import contextlib
import copy
import glob
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
from multiprocessing import Pool

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "sources")
sys.path.insert(0, HERE)

import make_data  # noqa: E402
import nbspec  # noqa: E402

KERNEL = "python3"
JOBS = 2


def load_spec(name):
    path = os.path.join(SOURCES, name.replace("-", "_") + ".py")
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.NAME = name
    return module


def all_names():
    paths = sorted(glob.glob(os.path.join(SOURCES, "*.py")))
    return [os.path.basename(p)[:-3].replace("_", "-") for p in paths]


def folder(name):
    return os.path.join(HERE, name)


def stored_path(name):
    return os.path.join(folder(name), name + ".ipynb")


def write_files(spec):
    """Data files and helper modules (as saved then) into the notebook's folder."""
    os.makedirs(folder(spec.NAME), exist_ok=True)
    for relpath, dataset in getattr(spec, "DATA", {}).items():
        make_data.write(dataset, os.path.join(folder(spec.NAME), relpath))
    for relpath, (old, _new) in getattr(spec, "FILES", {}).items():
        with open(os.path.join(folder(spec.NAME), relpath), "w", encoding="utf-8") as f:
            f.write(nbspec._clean(old) + "\n")


def run(name, nb, version):
    """Run nb in a scratch copy of the notebook's folder; its helper modules in `version`."""
    spec = load_spec(name)
    with tempfile.TemporaryDirectory(prefix=f"corpus-{name}-") as scratch:
        for relpath in getattr(spec, "DATA", {}):
            dest = os.path.join(scratch, relpath)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(os.path.join(folder(name), relpath), dest)
        for relpath, (old, new) in getattr(spec, "FILES", {}).items():
            with open(os.path.join(scratch, relpath), "w", encoding="utf-8") as f:
                f.write(nbspec._clean(old if version == "old" else new) + "\n")
        client = NotebookClient(
            nb, timeout=120, kernel_name=KERNEL, resources={"metadata": {"path": scratch}}
        )
        with contextlib.suppress(CellExecutionError):
            client.execute()
    return nb


def build(name):
    spec = load_spec(name)
    started = time.time()
    write_files(spec)
    executed = run(name, nbspec.notebook(spec.CELLS, "new"), "new")
    failed = first_error(executed)
    if failed:
        raise RuntimeError(f"{name}: modern equivalent fails at cell {failed[0]}: {failed[1]}")
    nb = nbformat.v4.new_notebook()
    nb.nbformat_minor = 2
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": nbspec.language_info(spec.PYTHON),
    }
    for i, (cell, ran) in enumerate(zip(spec.CELLS, executed.cells, strict=True)):
        if cell["cell_type"] == "markdown":
            new = nbformat.v4.new_markdown_cell(cell["source"])
        else:
            new = nbformat.v4.new_code_cell(cell["old"])
            new.execution_count = ran.execution_count
            new.outputs = nbspec.old_style_outputs(cell, ran, f"{name}-{i}")
        new.pop("id", None)  # nbformat 4.2 had no cell ids
        nb.cells.append(new)
    nbformat.validate(nb)
    with open(stored_path(name), "w", encoding="utf-8") as f:
        f.write(nbformat.writes(nb, version=4))
    return f"wrote {os.path.relpath(stored_path(name), HERE)} ({time.time() - started:.1f} s)"


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def first_error(nb):
    """(cell index, ename, evalue's first line) of the first cell whose output is an error."""
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                evalue = ANSI.sub("", out.evalue).strip().splitlines()
                return i, out.ename, evalue[0] if evalue else ""
    return None


def score_lines(spec, nb):
    """(cell index, printed line) for the lines with a number printed by the score cells."""
    lines = []
    for i, (cell, stored) in enumerate(zip(spec.CELLS, nb.cells, strict=True)):
        if cell["cell_type"] != "code" or not cell["score"]:
            continue
        for out in stored.get("outputs", []):
            if out.output_type == "stream" and out.name == "stdout":
                lines += [(i, s.strip()) for s in out.text.splitlines() if re.search(r"\d", s)]
    return lines


def moved(before, after):
    return [(a, b) for a, b in zip(before, after, strict=False) if a[1].split() != b[1].split()]


def expected_failure(spec):
    for i, cell in enumerate(spec.CELLS):
        if cell["cell_type"] == "code" and cell["fails"]:
            return i, cell["fails"]
    return None


def verify(name):
    """Run the stored notebook and the modern equivalent; (ok, report lines)."""
    spec = load_spec(name)
    stored = nbformat.read(stored_path(name), as_version=4)
    scores = score_lines(spec, stored)
    report = [f"== {name} (Python {spec.PYTHON})"]
    ok = True
    ran = run(name, copy.deepcopy(stored), "old")
    err = first_error(ran)
    expected = expected_failure(spec)
    if err is None:
        shifted = moved(scores, score_lines(spec, ran))
        report.append(f"   stored: runs to the end, {len(shifted)} score line(s) moved")
        report += [f"      cell {i}: {a}  ->  {b}" for (i, a), (_, b) in shifted]
        ok = expected is None and bool(shifted)
    else:
        index, ename, evalue = err
        count = stored.cells[index].execution_count
        report.append(f"   stored: fails at cell {index} (In [{count}]) {ename}: {evalue[:90]}")
        ok = expected == (index, ename)
    if not ok:
        report.append(f"   expected: {describe_failure(spec)}")
    modern = run(name, nbspec.notebook(spec.CELLS, "new"), "new")
    err = first_error(modern)
    if err:
        report.append(f"   modern equivalent FAILS at cell {err[0]}: {err[1]}: {err[2][:90]}")
        ok = False
    else:
        shifted = moved(scores, score_lines(spec, modern))
        if not shifted:
            report.append(f"   modern equivalent: runs, {len(scores)} score line(s) as stored")
        else:
            seeded = getattr(spec, "SEEDED", True)
            report.append(
                f"   modern equivalent: runs, {len(shifted)} score line(s) differ"
                + ("" if seeded else " (unseeded notebook)")
            )
            report += [f"      cell {i}: {a}  ->  {b}" for (i, a), (_, b) in shifted]
            ok = ok and not seeded
    report.append("   as expected" if ok else "   NOT AS EXPECTED")
    return ok, report


def describe_failure(spec):
    expected = expected_failure(spec)
    return f"cell {expected[0]}: {expected[1]}" if expected else "runs, score moves"


def manifest_entry(name):
    spec = load_spec(name)
    stored = nbformat.read(stored_path(name), as_version=4)
    eroded = []
    for i, cell in enumerate(spec.CELLS):
        if cell["cell_type"] == "code":
            eroded += [{"cell": i, "category": c, "what": w} for c, w in cell["eroded"]]
    order = nbspec.CATEGORIES + nbspec.ALSO_SEEN
    categories = sorted({e["category"] for e in eroded}, key=order.index)
    expected = expected_failure(spec)
    if expected:
        index, ename = expected
        causes = [i for i, c in enumerate(spec.CELLS) if c.get("cause")]
        first = {
            "cell": index,
            "execution_count": stored.cells[index].execution_count,
            "error": ename,
            "source": spec.CELLS[index]["old"],
            "root_cause": getattr(spec, "ROOT_CAUSE_FILE", None)
            or f"cell {(causes or [index])[0]}",
        }
    else:
        first = "runs, score moves"
    files = sorted(
        os.path.relpath(p, folder(name))
        for p in glob.glob(os.path.join(folder(name), "**", "*"), recursive=True)
        if os.path.isfile(p) and not p.endswith(".ipynb")
    )
    return {
        "name": name,
        "path": os.path.relpath(stored_path(name), HERE),
        "python": spec.PYTHON,
        "seeded": getattr(spec, "SEEDED", True),
        "summary": " ".join(spec.__doc__.split()),
        "categories": categories,
        "eroded": eroded,
        "first_failure": first,
        "scores": [{"cell": i, "line": line} for i, line in score_lines(spec, stored)],
        "files": files,
    }


def write_manifest():
    names = [n for n in all_names() if os.path.exists(stored_path(n))]
    manifest = {
        "description": "Eroded notebooks of the repair-rate benchmark; cells count from 0 "
        "and include markdown cells. See README.md.",
        "stack": "pandas 3, numpy 2.4, scikit-learn 1.9, matplotlib 3.11, seaborn 0.13, "
        "scipy 1.17, IPython 9, Python 3.11",
        "notebooks": [manifest_entry(n) for n in names],
    }
    with open(os.path.join(HERE, "manifest.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return len(names)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebook names (default: all)")
    parser.add_argument("--verify", action="store_true", help="run the corpus and check it")
    parser.add_argument("--jobs", type=int, default=JOBS, help="notebooks run at once")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    names = [n.removesuffix(".ipynb").rstrip("/") for n in args.notebooks] or all_names()
    started = time.time()
    with Pool(args.jobs) as pool:
        if args.verify:
            results = pool.map(verify, names, chunksize=1)
            for _ok, report in results:
                print("\n".join(report))
            good = sum(ok for ok, _ in results)
            print(f"{good}/{len(names)} notebooks as expected ({time.time() - started:.0f} s)")
            sys.exit(0 if good == len(names) else 1)
        for line in pool.imap(build, names, chunksize=1):
            print(line, flush=True)
    print(f"manifest.json: {write_manifest()} notebooks ({time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
