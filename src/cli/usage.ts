/** The commands of the command line. */
export type CommandName = 'check' | 'run' | 'scores';

export const COMMANDS: readonly CommandName[] = ['check', 'run', 'scores'];

const NAME = 'jupyterlab-modernizer';

const SERVER_OPTIONS = `Server options:
  --server-url URL     run against this Jupyter server (default: start a local one)
  --token TOKEN        the server's token (default: $JUPYTER_TOKEN)
  --jupyter PATH       the jupyter executable for the local server (default: from PATH)
  --gateway-url URL    take the kernels from this Jupyter Enterprise Gateway instead
                       (its kernels API; each kernel is started in its notebook's
                       folder through KERNEL_WORKING_DIR, which the kernels must see at
                       the same path; not with --server-url)
  --gateway-token TOKEN  the gateway's token (default: $JUPYTER_GATEWAY_AUTH_TOKEN)
  --budget S           time budget for the whole run, in seconds (default 600)
  --cell-timeout S     time limit per cell, in seconds (default: none, the budget
                       left bounds each cell)
  --json FILE          write a JSON report (versions, per-cell results, verdict)`;

const HELP = `  -h, --help           show this help`;

/** What `NAME --help` prints: the commands, and where each one's options are. */
export const OVERVIEW = `Usage: ${NAME} COMMAND [options]

Brings old machine-learning notebooks back to life in today's environment.

Commands:
  check    run every code cell of a notebook in a fresh kernel; change nothing
  run      modernize notebooks: fix, rerun, compare the scores, verify
  scores   print the scores a notebook's saved outputs hold, or compare two runs

Run "${NAME} COMMAND --help" for a command's options.
  -h, --help           show this help
  -v, --version        show the version`;

/** What `NAME COMMAND --help` prints. */
export const COMMAND_HELP: Readonly<Record<CommandName, string>> = {
  check: `Usage: ${NAME} check NOTEBOOK.ipynb [options]

Runs every code cell of the notebook in order, in a fresh kernel, and stops at the
first cell that fails. Nothing in the notebook is changed.

Options:
  --server-path PATH   the notebook's path on that server, which sets the kernel's
                       working directory (default: the file name)
${HELP}

${SERVER_OPTIONS}

Exit codes: 0 every cell ran, 1 a cell failed (error, timeout, kernel died, budget),
2 bad input (not a notebook, unsupported format or kernel), 3 could not run (server or
kernel did not start), 130 interrupted.`,

  run: `Usage: ${NAME} run NOTEBOOK.ipynb... --out DIR [options]

Modernizes each notebook in its own kernel (working directory: the notebook's folder):
applies the migration rules' fixes, runs the cells, repairs failing ones, pins changed
defaults when a score moved, then verifies with a restart and a run from the top.
Writes DIR/NAME.modernized.ipynb (the original is never changed), changed local modules
under DIR, and DIR/NAME.report.md; with notebooks from several folders, each keeps its
path relative to their common folder under DIR. It never writes over a file it did not
write itself, and keeps at most 1 MB of outputs per cell (a note says what was cut).
A run locks DIR (and, with --write-modules, the notebooks' folders): a second run on
them meanwhile is refused with exit 3.

Options:
  --out DIR            where to write the results (required); not a notebook's own
                       folder, unless with --out-in-place
  --out-in-place       allow --out to be the notebooks' own folder
  --offline            use the migration rules only, even with an LLM configured
  --model NAME         the LLM's model (default: $MODERNIZER_MODEL, else the first
                       model the endpoint lists)
  --token-budget N     LLM tokens (prompt and reply) per notebook; a fix that would
                       pass the budget is not asked for (default: no limit)
  --allow-installs     let the LLM's fixes install missing packages with %pip (never
                       auto-accepted: they are flagged unsafe)
  --whole-notebook     show the LLM every cell, not only the ones the fix depends on
  --auto-accept        apply every proposal that is not flagged unsafe (without it,
                       proposals are shown and none is applied)
  --tolerance X        relative score tolerance (default 0.1, i.e. 10%)
  --verification-runs N  runs from a restart that verify the notebook (default 1);
                       with more, each score is their mean, shown with its spread
  --write-modules      change local modules in place, keeping NAME.py.orig (written
                       once: an existing .orig is the original and is kept)
  --jobs N             modernize N notebooks at once, each in its own kernel on the
                       one server (default 1); each notebook's output is printed
                       whole when it ends, with the batch's progress, and a table
                       ends the run
${HELP}

${SERVER_OPTIONS}

A failing cell is fixed by the migration rules first, else by an LLM when one is
configured: OPENAI_BASE_URL (any OpenAI-compatible endpoint) and, if it needs one,
OPENAI_API_KEY.

Exit codes: 0 every notebook reproducible, 1 a notebook failed or its scores are off,
2 bad input (not a notebook, --out or --json not usable, a result that would overwrite
a file; all found before a server starts), 3 could not run (server or kernel did not
start, a gateway's kernel not in its notebook's folder, another run holds the lock),
4 blocked (a notebook needs a package installed or data downloaded, and none failed
otherwise), 130 interrupted.`,

  scores: `Usage: ${NAME} scores ORIGINAL.ipynb [EXECUTED.ipynb] [options]

Prints the scores ORIGINAL's saved outputs hold (by the rule run uses) and, with
EXECUTED (the same notebook as it ran now), each one against the score printed in its
place now.

Options:
  --tolerance X        relative score tolerance (default 0.1, i.e. 10%)
  --json FILE          write the scores as JSON (- writes them to stdout instead)
${HELP}

Exit codes: 0 every score within tolerance, 1 one is out of tolerance, 2 bad input.`
};
