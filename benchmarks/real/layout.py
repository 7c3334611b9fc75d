"""Lay out the real-world corpus from git snapshots of its repositories.

usage: layout.py --snapshots DIR --out OUT [--manifest TSV] [--split dev|heldout] [--reserved PATH]
                 [--max-mb 20]

DIR holds one snapshot per repository, named OWNER+NAME (a bare git directory, a folder holding
one, or a work tree with a .git). For each repository of the manifest the tree at the pinned
commit is written to OUT/OWNER+NAME/, blob by blob, so data and helper modules elsewhere in the
repository are there too. Reserved notebooks are dropped; OUT/corpus.json lists the rest.
"""

import argparse
import csv
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_MANIFEST = HERE / "manifest.tsv"
# The reserved list lives beside the checkout, not in it.
DEFAULT_RESERVED = HERE.parents[2] / "shared" / "corpus" / "reserved.py"


def is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def find_git_dir(root: Path) -> Path | None:
    """The git directory in or under root (bare, .git, or a folder a few levels down)."""
    if not root.is_dir():
        return None
    queue = [(root, 0)]
    while queue:
        path, depth = queue.pop(0)
        if is_git_dir(path):
            return path
        if is_git_dir(path / ".git"):
            return path / ".git"
        if depth < 3:
            children = sorted(p for p in path.iterdir() if p.is_dir() and p.name != "objects")
            queue.extend((p, depth + 1) for p in children)
    return None


def git(git_dir: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", *args], capture_output=True, check=False, **kw
    )


def tree_entries(git_dir: Path, commit: str) -> list[tuple[str, str, int | None, str]]:
    """(mode, sha, size, path) of every blob at commit; size None where git cannot tell."""
    out = git(git_dir, "ls-tree", "-r", "-l", "-z", commit)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.decode(errors="replace").strip())
    rows = []
    for item in out.stdout.decode("utf-8", errors="surrogateescape").split("\0"):
        if not item:
            continue
        meta, path = item.split("\t", 1)
        mode, kind, sha, size = meta.split()
        if kind == "blob":
            rows.append((mode, sha, int(size) if size.isdigit() else None, path))
    return rows


def present_blobs(git_dir: Path, shas: list[str]) -> set[str]:
    """The blobs the snapshot actually holds (snapshots may lack large files)."""
    out = git(git_dir, "cat-file", "--batch-check", input="\n".join(shas).encode())
    have = set()
    for line in out.stdout.decode().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == "blob":
            have.add(parts[0])
    return have


def blob_id(path: Path) -> str:
    """The git id of a file's content, to tell whether an earlier run already wrote it."""
    data = path.read_bytes()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def write_tree(git_dir: Path, commit: str, dest: Path, max_bytes: int) -> list[str]:
    """Write every blob at commit under dest; return what was skipped and why."""
    entries = tree_entries(git_dir, commit)
    have = present_blobs(git_dir, [sha for _, sha, _, _ in entries])
    skipped, wanted = [], []
    for mode, sha, size, rel in entries:
        target = dest / rel
        if mode == "160000" or mode == "120000":
            skipped.append(f"{rel}: {'submodule' if mode == '160000' else 'symlink'}")
        elif sha not in have:
            skipped.append(f"{rel}: not in the snapshot")
        elif size is not None and size > max_bytes:
            skipped.append(f"{rel}: {size} bytes, over the cap")
        elif not (target.is_file() and blob_id(target) == sha):
            wanted.append((sha, target))
    # One git process streams every blob: one process per file is far slower on big trees.
    cmd = ["git", f"--git-dir={git_dir}", "cat-file", "--batch"]
    with subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE) as proc:
        for sha, target in wanted:
            proc.stdin.write(f"{sha}\n".encode())
            proc.stdin.flush()
            header = proc.stdout.readline().split()
            if len(header) != 3 or header[1] != b"blob":
                skipped.append(f"{target.relative_to(dest)}: unreadable blob")
                continue
            data = proc.stdout.read(int(header[2]))
            proc.stdout.read(1)  # the newline after each object
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        proc.stdin.close()
    return skipped


def read_manifest(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def reserved_notebooks(reserved: Path, out: Path) -> set[Path]:
    res = subprocess.run(
        [sys.executable, str(reserved), str(out)], capture_output=True, text=True, check=False
    )
    if res.returncode not in (0, 1):
        raise RuntimeError(f"{reserved} failed: {res.stderr.strip()}")
    prefix = "reserved notebook: "
    return {
        Path(line[len(prefix) :]).resolve()
        for line in res.stdout.splitlines()
        if line.startswith(prefix)
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--snapshots", required=True, type=Path, help="folder of OWNER+NAME snapshots")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--manifest", type=Path, default=DEFAULT_MANIFEST)
    ap.add_argument("--split", choices=("dev", "heldout"), help="lay out only this split")
    ap.add_argument("--reserved", type=Path, default=DEFAULT_RESERVED)
    ap.add_argument("--max-mb", type=float, default=20.0, help="skip files larger than this")
    args = ap.parse_args(argv)
    if not args.reserved.is_file():
        print(
            f"error: reserved-notebook check not found: {args.reserved} (pass --reserved)",
            file=sys.stderr,
        )
        return 2
    rows = [r for r in read_manifest(args.manifest) if args.split in (None, r["split"])]
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    repos = {}
    for row in rows:
        repos.setdefault((row["repository"], row["commit"]), []).append(row)
    laid, missing = [], []
    slugs = {repo.replace("/", "+") for repo, _ in repos}
    for (repo, commit), nbs in sorted(repos.items()):
        slug = repo.replace("/", "+")
        check = subprocess.run(
            [sys.executable, str(args.reserved), "--repo", repo], capture_output=True, check=False
        )
        if check.returncode != 0:
            print(f"REFUSED (reserved repository, dropped): {repo}")
            continue
        git_dir = find_git_dir(args.snapshots / slug)
        if git_dir is None:
            print(
                f"MISSING SNAPSHOT: {repo} (expected {args.snapshots / slug}); "
                f"its {len(nbs)} notebooks skipped"
            )
            missing.append(repo)
            continue
        if git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
            print(
                f"MISSING COMMIT: {repo}: snapshot {git_dir} lacks {commit}; "
                f"its {len(nbs)} notebooks skipped"
            )
            missing.append(repo)
            continue
        skipped = write_tree(git_dir, commit, out / slug, int(args.max_mb * 1024 * 1024))
        print(f"{repo} @ {commit[:10]}: {len(nbs)} notebooks, {len(skipped)} files skipped")
        for s in skipped:
            print(f"  skipped {s}")
        for row in nbs:
            path = f"{slug}/{row['notebook']}"
            if (out / path).is_file():
                laid.append(
                    {k: row[k] for k in ("split", "repository", "commit", "notebook")}
                    | {"path": path}
                )
            else:
                print(f"  MISSING NOTEBOOK: {repo}: {row['notebook']} not laid out")
    reserved = reserved_notebooks(args.reserved, out)
    listed = {(out / nb["path"]).resolve() for nb in laid}
    for path in reserved:
        # Reserved notebooks are kept aside to measure the product: not even left on disk.
        path.unlink(missing_ok=True)
    unlisted = len(reserved - listed)
    if unlisted:
        print(f"removed {unlisted} reserved notebooks that are not in the manifest")
    kept = []
    for nb in laid:
        if (out / nb["path"]).resolve() in reserved:
            print(f"REFUSED (reserved notebook, dropped): {nb['repository']}: {nb['notebook']}")
        else:
            kept.append(nb)
    (out / "corpus.json").write_text(
        json.dumps({"notebooks": kept}, indent=1) + "\n", encoding="utf-8"
    )
    stale = sorted(
        d.name for d in out.iterdir() if d.is_dir() and "+" in d.name and d.name not in slugs
    )
    if stale:
        print(f"folders of repositories no longer in the manifest, left as they are: {stale}")
    counts = {s: sum(nb["split"] == s for nb in kept) for s in ("dev", "heldout")}
    print(
        f"{len(kept)} notebooks laid out "
        f"({counts['dev']} dev, {counts['heldout']} heldout) in {out}"
    )
    if missing:
        print(f"{len(missing)} repositories missing: {', '.join(missing)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
