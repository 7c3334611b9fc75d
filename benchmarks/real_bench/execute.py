"""Runs a notebook with nbclient, apart from the CLI, and records its first unexpected failure.

    python execute.py NOTEBOOK --out EXECUTED.ipynb --result RESULT.json
                      [--expected-from SAVED.ipynb] [--budget 600] [--pid-file FILE]

A fresh python3 kernel whose working directory is the notebook's folder runs every code cell
in order; errors do not stop the run. The whole notebook gets `--budget` seconds (each cell
gets what is left of it). A failure is *unexpected* when its exception type is not in that
cell's saved outputs (teaching notebooks raise on purpose): the saved outputs are those of
SAVED.ipynb (by default NOTEBOOK itself), its cells paired by id, else by position. The
answers a reader typed at a cell's `input()` prompts, which those outputs keep as `stdin`
streams, are typed again in order (an empty line where none is kept). A timeout or a dead
kernel stops the run and is the failure. RESULT.json holds:

    {"first_failure": null | {"cell", "kind": "error"|"timeout"|"kernel-died",
                              "ename", "evalue", "status"},
     "errors": [{"cell", "ename", "evalue", "expected", "status"}], "ran", "code_cells",
     "seconds"}

`status` is the kernel's reply to the cell: "ok" with an error output is a traceback shown
after the cell ran (a figure that fails to draw), which counts as a failure too.

Cells are numbered from 0, markdown cells included, in NOTEBOOK's numbering; EXECUTED.ipynb
is NOTEBOOK with the new outputs (a cell not run has none).
"""

import argparse
import asyncio
import json
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError


def saved_outputs(notebook, saved):
    """For each cell of `notebook`, the outputs of its saved counterpart."""
    by_id = {cell.get("id"): cell for cell in saved.cells if cell.get("id")}
    same_length = len(saved.cells) == len(notebook.cells)
    found = []
    for index, cell in enumerate(notebook.cells):
        twin = by_id.get(cell.get("id")) if cell.get("id") else None
        if twin is None and same_length:
            twin = saved.cells[index]
        found.append(twin.get("outputs", []) if twin is not None else [])
    return found


def expected_errors(outputs):
    """The exception types a cell's saved outputs show."""
    return {o.get("ename") for o in outputs if o.get("output_type") == "error"}


def saved_answers(outputs):
    """What a reader typed at the cell's input() prompts: its stdin outputs, a line each."""
    lines = []
    for output in outputs:
        if output.get("output_type") == "stream" and output.get("name") == "stdin":
            text = output.get("text", "")
            text = "".join(text) if isinstance(text, list) else text
            lines += text.removesuffix("\n").split("\n")
    return lines


def answer_at(prompt, line):
    """The value a saved line (`prompt value`) gives at `prompt`; '' for another prompt."""
    value = line[len(prompt) + 1 :] if line.startswith(prompt + " ") else ""
    return "" if value == HIDDEN else value


async def type_answers(kc, lines):
    """Answers each input request of the running cell with the next saved line."""
    lines = list(lines)
    while True:
        msg = await kc.get_stdin_msg()
        if msg["header"]["msg_type"] == "input_request":
            content = msg["content"]
            line = lines.pop(0) if lines else None
            hidden = content.get("password") or line is None
            kc.input("" if hidden else answer_at(content.get("prompt", ""), line))


# What JupyterLab saves for a password typed at a getpass prompt.
HIDDEN = "········"


def last_line(text, limit=300):
    text = (text or "").strip().splitlines()
    return text[-1][:limit] if text else ""


async def run(notebook, folder, saved, budget, pid_file):
    client = NotebookClient(
        notebook,
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=False,
        timeout=budget,
        startup_timeout=120,
        resources={"metadata": {"path": folder}},
    )
    result = {"first_failure": None, "errors": [], "ran": 0}
    # The kernel's own word on each cell: an error output may come with a reply of "ok" (a
    # figure that fails to draw after the cell ran), which a user still sees as a traceback.
    status = {}

    replies = {}

    def replied(cell, cell_index, execute_reply):
        replies[cell_index] = execute_reply.get("content", {})
        status[cell_index] = replies[cell_index].get("status")

    client.on_cell_executed = replied
    started = time.monotonic()
    async with client.async_setup_kernel():
        if pid_file:
            provisioner = client.km.provisioner
            with open(pid_file, "w") as f:
                json.dump({"pid": provisioner.pid, "pgid": provisioner.pgid}, f)
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code" or not cell.source.strip():
                continue
            left = budget - (time.monotonic() - started)
            failure = None
            if left <= 0:
                failure = {"cell": index, "kind": "timeout", "ename": None, "evalue": ""}
            else:
                client.timeout = max(1, int(left))
                # The answers a reader typed at the cell's prompts, typed again.
                answers = saved_answers(saved[index])
                client.kc.allow_stdin = bool(answers)
                typing = asyncio.ensure_future(type_answers(client.kc, answers))
                try:
                    await client.async_execute_cell(cell, index)
                    result["ran"] += 1
                except CellTimeoutError:
                    failure = {"cell": index, "kind": "timeout", "ename": None, "evalue": ""}
                except DeadKernelError as error:
                    failure = {
                        "cell": index,
                        "kind": "kernel-died",
                        "ename": None,
                        "evalue": last_line(str(error)),
                    }
                finally:
                    typing.cancel()
            if failure:
                result["first_failure"] = result["first_failure"] or failure
                break
            shown = [output for output in cell.outputs if output.output_type == "error"]
            if not shown and status.get(index) == "error":
                # A failing reply with no traceback shown: a UsageError prints to stderr only.
                reply = replies[index]
                shown = [
                    nbformat.from_dict(
                        {
                            "ename": reply.get("ename") or "error",
                            "evalue": reply.get("evalue") or "",
                        }
                    )
                ]
            for output in shown:
                error = {
                    "cell": index,
                    "ename": output.ename,
                    "evalue": last_line(output.evalue),
                    "expected": output.ename in expected_errors(saved[index]),
                    "status": status.get(index),
                }
                result["errors"].append(error)
                if not error["expected"] and result["first_failure"] is None:
                    result["first_failure"] = {
                        "cell": index,
                        "kind": "error",
                        "ename": output.ename,
                        "evalue": error["evalue"],
                        "status": error["status"],
                    }
    result["seconds"] = round(time.monotonic() - started, 1)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebook")
    parser.add_argument("--out", required=True)
    parser.add_argument("--result", required=True)
    parser.add_argument("--expected-from")
    parser.add_argument("--budget", type=float, default=600)
    parser.add_argument("--pid-file")
    args = parser.parse_args()

    notebook = nbformat.read(args.notebook, as_version=4)
    saved = nbformat.read(args.expected_from, as_version=4) if args.expected_from else notebook
    outputs = saved_outputs(notebook, saved)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            # A cell the run does not reach must not show its saved outputs as new ones.
            cell.outputs = []
            cell.execution_count = None
    folder = os.path.dirname(os.path.abspath(args.notebook))
    try:
        result = asyncio.run(run(notebook, folder, outputs, args.budget, args.pid_file))
    finally:
        nbformat.write(notebook, args.out)
    result["code_cells"] = sum(
        1 for cell in notebook.cells if cell.cell_type == "code" and cell.source.strip()
    )
    with open(args.result, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
