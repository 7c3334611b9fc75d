"""How bench_real pairs the cells of a modernized notebook with its original's."""

import filecmp
import json
import os


def code_sources(path):
    with open(path) as f:
        cells = json.load(f)["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def same_code(original_path, modernized_path):
    """Whether the two notebooks hold the same code, cell for cell."""
    return code_sources(original_path) == code_sources(modernized_path)


def modules_changed(original_folder, modernized_folder):
    """Whether a Python module of the repository differs in its modernized copy (a fix another
    notebook's run wrote there)."""
    for root, _, files in os.walk(modernized_folder):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(root, name)
            original = os.path.join(original_folder, os.path.relpath(path, modernized_folder))
            if not os.path.exists(original) or not filecmp.cmp(path, original, shallow=False):
                return True
    return False


def original_cell(original_path, modernized_path, cell):
    """The original's number of a cell of the modernized notebook (paired by id, else position)."""
    if cell is None:
        return None
    with open(original_path) as f:
        original = json.load(f)["cells"]
    with open(modernized_path) as f:
        modernized = json.load(f)["cells"]
    ids = {c.get("id"): i for i, c in enumerate(original) if c.get("id")}
    found = ids.get(modernized[cell].get("id")) if cell < len(modernized) else None
    if found is None and len(original) == len(modernized):
        found = cell
    return found
