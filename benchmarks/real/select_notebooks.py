"""Apply the corpus's selection criteria to every notebook of the given repositories' snapshots.

usage: select_notebooks.py --snapshots DIR --out DIR [--cap 8] [--heldout TXT] [--corpus TSV]
                           [OWNER/NAME ...]

Writes OUT/decisions.tsv (every notebook: kept or the first criterion it fails) and
OUT/manifest.tsv (the kept notebooks, with their split). Reserved notebooks are counted, never
read: they are written to a scratch folder only for the reserved-notebook check. A notebook that
copies one of the corpus (--corpus, read from the snapshots at its pinned commit) is dropped.
"""

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from criteria import Repo, judge
from layout import DEFAULT_MANIFEST, DEFAULT_RESERVED, find_git_dir, git, read_manifest

SEED = "real-corpus-2026"
# The repositories of the current held-out draw; every other repository is development data.
DEFAULT_HELDOUT = Path(__file__).resolve().parent / "heldout-repos.txt"


def read_heldout(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return {ln.strip().lower() for ln in lines if ln.strip() and not ln.startswith("#")}


def split_of(repo_name: str, heldout: set[str]) -> str:
    return "heldout" if repo_name.lower() in heldout else "dev"


def corpus_hashes(manifest: Path, snapshots: Path, judged: set[str]) -> set[str]:
    """Code hashes of the corpus's notebooks outside the repositories judged now, so a copy of
    one of them is dropped however the repositories are judged."""
    seen = set()
    for row in read_manifest(manifest) if manifest.is_file() else []:
        if row["repository"].lower() in judged:
            continue
        git_dir = find_git_dir(snapshots / row["repository"].replace("/", "+"))
        blob = (
            git(git_dir, "cat-file", "blob", f"{row['commit']}:{row['notebook']}")
            if git_dir
            else None
        )
        if blob is None or blob.returncode != 0:
            print(f"{row['repository']}: {row['notebook']} not in the snapshots, not copy-checked")
            continue
        seen |= code_hashes(blob.stdout)
    return seen


def reserved_among(paths: dict[str, bytes]) -> set[str]:
    with tempfile.TemporaryDirectory() as tmp:
        for i, raw in enumerate(paths.values()):
            (Path(tmp) / f"{i}.ipynb").write_bytes(raw)
        res = subprocess.run(
            [sys.executable, str(DEFAULT_RESERVED), tmp],
            capture_output=True,
            text=True,
            check=False,
        )
        hit = {Path(ln.split(": ", 1)[1]).name for ln in res.stdout.splitlines() if ": " in ln}
    return {p for i, p in enumerate(paths) if f"{i}.ipynb" in hit}


def code_hashes(raw: bytes) -> set[str]:
    """Hashes of the longer code cells, whitespace removed: copies and light edits match."""
    nb = json.loads(raw.decode("utf-8"))
    cells = nb.get("cells") or [c for ws in nb.get("worksheets", []) for c in ws.get("cells", [])]
    out = set()
    for c in cells:
        if c.get("cell_type") == "code":
            src = c.get("source", c.get("input", ""))
            src = "".join(("".join(src) if isinstance(src, list) else str(src)).split())
            if len(src) >= 80:
                out.add(hashlib.sha256(src.encode()).hexdigest())
    return out


def is_copy(hashes: set[str], seen: set[str]) -> bool:
    hit = len(hashes & seen)
    return hit >= 2 and hit >= 0.4 * len(hashes)


def judge_repo(git_dir: Path) -> tuple[str, list[tuple[str, str]], dict[str, set[str]], int]:
    """The commit, (notebook, reason) of each failing notebook, the code hashes of each
    passing one, and how many are reserved."""
    repo = Repo(git_dir)
    notebooks = {}
    rows = []
    for p in sorted(repo.entries):
        if not p.endswith(".ipynb") or "/.ipynb_checkpoints/" in f"/{p}":
            continue
        sha, size = repo.entries[p]
        if sha not in repo.have:
            rows.append((p, "notebook absent from the snapshot"))
        elif size and size > 20 * 1024 * 1024:
            rows.append((p, "notebook over 20 MB"))
        else:
            notebooks[p] = repo.read(p)
    reserved = reserved_among(notebooks)
    passing = {}
    for p, raw in notebooks.items():
        if p in reserved:
            continue  # counted, never judged
        verdict = judge(repo, p, raw)
        if verdict == "keep":
            passing[p] = code_hashes(raw)
        else:
            rows.append((p, verdict))
    return repo.commit, rows, passing, len(reserved)


def choose(name: str, passing: dict[str, set[str]], seen: set[str], cap: int) -> list:
    """Drop copies of notebooks already chosen (held-out repositories come last, so a copy is
    dropped from heldout, never from the corpus it is drawn against), then draw at most cap of
    the rest."""
    rows, originals, mine = [], [], set()
    for p, hashes in sorted(passing.items()):
        if is_copy(hashes, seen | mine):
            rows.append((p, "copy of another notebook in the corpus"))
        else:
            originals.append(p)
            mine |= hashes
    chosen = set(random.Random(f"{SEED}:{name}").sample(originals, min(cap, len(originals))))
    for p in originals:
        rows.append((p, "keep" if p in chosen else "over the per-repository cap"))
        if p in chosen:
            seen |= passing[p]
    return rows


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--snapshots", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--cap", type=int, default=8)
    ap.add_argument("--heldout", type=Path, default=DEFAULT_HELDOUT, help="held-out repositories")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_MANIFEST, help="corpus to copy-check")
    ap.add_argument("repos", nargs="*", help="OWNER/NAME; default: every snapshot in --snapshots")
    args = ap.parse_args(argv)
    names = args.repos or sorted(
        d.name.replace("+", "/", 1) for d in args.snapshots.iterdir() if "+" in d.name
    )
    heldout = read_heldout(args.heldout)
    names.sort(key=lambda n: (split_of(n, heldout) == "heldout", n.lower()))
    args.out.mkdir(parents=True, exist_ok=True)
    decisions, manifest = [], []
    seen = corpus_hashes(args.corpus, args.snapshots, {n.lower() for n in names})
    for name in names:
        check = [sys.executable, str(DEFAULT_RESERVED), "--repo", name]
        if subprocess.run(check, capture_output=True, check=False).returncode != 0:
            print(f"{name}: reserved, skipped")
            continue
        git_dir = find_git_dir(args.snapshots / name.replace("/", "+"))
        if git_dir is None:
            print(f"{name}: no snapshot")
            continue
        commit, rows, passing, n_reserved = judge_repo(git_dir)
        rows += choose(name, passing, seen, args.cap)
        decisions += [(name, commit, p, why) for p, why in rows]
        decisions += [(name, commit, "-", "reserved notebook")] * n_reserved
        keep = [p for p, why in rows if why == "keep"]
        split = split_of(name, heldout)
        manifest += [(split, name, commit, p) for p in keep]
        print(f"{name}: {len(keep)} kept of {len(rows) + n_reserved} ({split})")
    with open(args.out / "decisions.tsv", "w", encoding="utf-8") as f:
        f.write("repository\tcommit\tnotebook\tdecision\n")
        f.writelines("\t".join(r) + "\n" for r in sorted(decisions))
    with open(args.out / "manifest.tsv", "w", encoding="utf-8") as f:
        f.write("split\trepository\tcommit\tnotebook\n")
        f.writelines("\t".join(r) + "\n" for r in sorted(manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
