"""bench_real's figures from its rows (one per notebook), and the printed report."""

from collections import Counter

from real_bench import steps
from real_bench.verdicts import CATEGORIES, describe

SPLITS = ("dev", "heldout")

# First failures that no change to the code can mend here: a package this environment lacks,
# or a data file that is in neither the notebook's folder nor its repository.
OUTSIDE_THE_CODE = ("module missing", "data file missing")


def progress_line(row, n, total):
    verdict = "reproduced" if row["reproduced"] else row["category"]
    cli = row["cli"]["verdict"] or "no report"
    return f"[{n}/{total}] {row['path']}: {verdict} (CLI: {cli}, {row['cli']['seconds']:.0f}s)"


def figures(rows, seconds, args, cli):
    rows = sorted(rows, key=lambda row: row["path"])
    splits = {}
    for split in SPLITS:
        chosen = [row for row in rows if row["split"] == split]
        if not chosen:
            continue
        no_scores = [row for row in chosen if row["saved_scores"] == 0]
        runnable = [row for row in chosen if row["category"] not in OUTSIDE_THE_CODE]
        splits[split] = {
            "notebooks": len(chosen),
            "reproduced": sum(row["reproduced"] for row in chosen),
            "share_reproduced": sum(row["reproduced"] for row in chosen) / len(chosen),
            "original_reproduced": sum(row["original_reproduced"] for row in chosen),
            "without_saved_scores": len(no_scores),
            "without_saved_scores_reproduced": sum(row["reproduced"] for row in no_scores),
            "not_stopped_outside_the_code": len(runnable),
            "categories": counted(row["category"] for row in chosen if not row["reproduced"]),
            "original_categories": counted(
                row["original_category"] for row in chosen if not row["original_reproduced"]
            ),
        }
    regressions = [
        {"path": row["path"], **row["regression"]} for row in rows if row.get("regression")
    ]
    disagreements = [
        {
            "path": row["path"],
            "cli": row["cli"]["outcome"],
            "independent": "reproduced" if row["reproduced"] else row["category"],
            **({"detail": detail(row)} if detail(row) else {}),
        }
        for row in rows
        if row["cli_says_reproducible"] != row["reproduced"]
    ]
    return {
        "split": args.split,
        "budget": args.budget,
        "jobs": args.jobs,
        "cli_commit": args.commit,
        "checkout_head": steps.resolve("HEAD"),
        "cli_sha256": steps.sha256(cli),
        "seconds": round(seconds, 1),
        "splits": splits,
        "regressions": regressions,
        "cli_agrees": len(rows) - len(disagreements),
        "disagreements": disagreements,
        "notebooks": rows,
    }


def counted(categories):
    counts = Counter(categories)
    order = CATEGORIES + sorted(c for c in counts if c not in CATEGORIES)
    return {c: counts[c] for c in order if counts[c]}


def detail(row):
    """What the independent run saw: its first failure or the scores out of tolerance."""
    run = row["modernized"]
    if not run:
        return ""
    if run["first_failure"]:
        return describe(run["first_failure"])
    comparison = run["scores"].get("comparison") or {"rows": []}
    out = [r for r in comparison["rows"] if not r["withinTolerance"]]
    return "; ".join(
        f"cell {r['cellIndex'] + 1} {r['label']}: {r['original']} -> {r['now']}" for r in out[:3]
    )


def print_report(figures):
    for split, figure in figures["splits"].items():
        n, total = figure["reproduced"], figure["notebooks"]
        print(f"{split}: reproduced {n}/{total} ({100 * n / total:.0f}%)")
        print(
            f"  as they are, before modernization: {figure['original_reproduced']}/{total}; "
            f"{figure['without_saved_scores']} notebooks have no saved score "
            f"(reproduced when they run clean: {figure['without_saved_scores_reproduced']} did)"
        )
        runnable = figure["not_stopped_outside_the_code"]
        print(
            f"  of the {runnable} not stopped by a missing module or data file: "
            f"{n}/{runnable} ({100 * n / max(runnable, 1):.0f}%)"
        )
        for title, counts in (
            ("first failure of the modernized notebooks not reproduced", figure["categories"]),
            ("first failure of the originals, run as they are", figure["original_categories"]),
        ):
            print(f"  {title}:{'' if counts else ' none'}")
            for category, count in counts.items():
                print(f"    {count:3d}  {category}")
    regressions = figures["regressions"]
    print(f"\nRegressions (modernized fails at an earlier cell): {len(regressions)}")
    for item in regressions:
        print(f"  {item['path']}\n    original:   {item['original']}")
        print(f"    modernized: {item['modernized']}")
    disagreements = figures["disagreements"]
    total = figures["cli_agrees"] + len(disagreements)
    print(f"\nThe CLI's verdict agrees with the independent one on {figures['cli_agrees']}/{total}")
    for item in disagreements:
        print(f"  {item['path']}\n    CLI: {item['cli']}; independent: {item['independent']}")
        if item.get("detail"):
            print(f"    {item['detail']}")
    print(f"\nWall time: {figures['seconds'] / 60:.1f} min ({figures['jobs']} at once)")
