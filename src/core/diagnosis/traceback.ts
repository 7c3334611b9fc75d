import type { ICellResult } from '../execution/types';

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks).
const ANSI =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

// Frames in the kernel's own machinery say nothing about the user's code.
const INTERNAL_FRAME =
  /^\s*File\s+\S*[/\\](?:site-packages|dist-packages)[/\\](?:ipykernel|IPython|jupyter_client|traitlets|tornado|zmq)[/\\]/;
const RULE = /^-{20,}$/;
// Frames in installed libraries and the standard library (not the user's own files).
const LIBRARY_FRAME =
  /^\s*File\s+\S*[/\\](?:site-packages|dist-packages|lib[/\\]python\d[\d.]*)[/\\]/i;

// IPython prints one of these between the exceptions of a chain.
const CHAIN_SEPARATOR =
  /^(?:During handling of the above exception, another exception occurred|The above exception was the direct cause of the following exception):$/;
// `Cell In[3], line 2` or `Cell In[3], line 2, in f(x)`: a frame in a notebook cell.
const CELL_FRAME = /^Cell In\[(\d+)\], line (\d+)(?:, in (.+))?$/;
// The line that raised, as IPython marks it: `----> 2 df = pd.read_csv(url)`.
const RAISING_LINE = /^-*> *\d+ ?(.*)$/;
// `File ~/nb/mlutils.py:12, in f(x)` (IPython 8+) or `File "/nb/mlutils.py", line 12`;
// a folder's name may hold spaces (`File /home/me/ML course/tools.py:3`).
export const FILE_FRAME = /^\s*File\s+"?(.+?\.py)"?(?::(\d+)|, line (\d+))/;

/** A frame in the notebook's own code: a cell, identified by its execution count. */
export interface ICellFrame {
  /** The `n` of `In[n]`: the execution count of the cell the code was run from. */
  executionCount: number;
  /** 1-based line in that cell. */
  line: number;
  /** The function the line is in, when it is not the cell's top level. */
  functionName?: string;
  /** The line that raised, as written in the cell. */
  code: string;
}

/**
 * The entries of the last exception of a chain. When a library turns one error into
 * another (a socket error into a URLError), the last one is raised where the user's
 * code stands; the earlier ones are inside the library.
 */
export function finalException(traceback: string[]): string[] {
  let start = 0;
  traceback.forEach((entry, i) => {
    if (CHAIN_SEPARATOR.test(stripAnsi(entry).trim())) {
      start = i + 1;
    }
  });
  return traceback.slice(start);
}

/**
 * The lines (1-based) the final exception's frames in the file `path` (relative to the
 * notebook, `lib/tools.py`) were at, outermost first.
 */
export function moduleLines(traceback: string[], path: string): number[] {
  const lines: number[] = [];
  for (const entry of finalException(traceback)) {
    for (const line of stripAnsi(entry).split('\n')) {
      const frame = FILE_FRAME.exec(line);
      const file = frame?.[1].replace(/\\/g, '/');
      if (frame && (file === path || file!.endsWith(`/${path}`))) {
        lines.push(Number(frame[2] ?? frame[3]));
      }
    }
  }
  return lines;
}

/**
 * The frames of the final exception that lie in notebook cells, outermost first: the
 * first is the line of the running cell that failed; later ones are in functions, which
 * may have been defined in cells run earlier.
 */
export function cellFrames(traceback: string[]): ICellFrame[] {
  const frames: ICellFrame[] = [];
  for (const entry of finalException(traceback)) {
    const [header, ...body] = stripAnsi(entry).trim().split('\n');
    const match = CELL_FRAME.exec(header.trim());
    if (!match) {
      continue;
    }
    const raising = body
      .map(line => RAISING_LINE.exec(line))
      .find(found => found !== null);
    frames.push({
      executionCount: Number(match[1]),
      line: Number(match[2]),
      ...(match[3] ? { functionName: match[3] } : {}),
      code: raising ? raising[1].trim() : ''
    });
  }
  return frames;
}

/**
 * The traceback to show a person first: the final exception of a chain, library frames
 * on one line each, and a note of how many chained exceptions were left out.
 */
export function readableTraceback(traceback: string[]): string {
  const final = finalException(traceback);
  const text = cleanTraceback(final, { brief: true });
  const hidden = traceback.filter(entry =>
    CHAIN_SEPARATOR.test(stripAnsi(entry).trim())
  ).length;
  if (hidden === 0) {
    return text;
  }
  const what = hidden === 1 ? 'exception' : 'exceptions';
  return `${text}\n(raised while handling ${hidden} earlier ${what}; the cell's output shows them all)`;
}

/** Removes ANSI escape sequences (colours, hyperlinks) from kernel text. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * A traceback a person can read: no ANSI colours, no ruler line, no frames inside
 * ipykernel/IPython; the user's frames, library frames and the final error line stay.
 * `brief` shortens library frames to their `File ..., in function(...)` line.
 */
export function cleanTraceback(
  traceback: string[],
  options: { brief?: boolean } = {}
): string {
  const parts: string[] = [];
  for (const entry of traceback) {
    let text = stripAnsi(entry).replace(/\s+$/, '');
    if (text === '' || RULE.test(text.trim()) || INTERNAL_FRAME.test(text)) {
      continue;
    }
    if (options.brief && LIBRARY_FRAME.test(text)) {
      text = text
        .split('\n')[0]
        .replace(/, in (\S+)\(.{40,}\)$/, ', in $1(...)');
    }
    parts.push(text);
  }
  return parts.join('\n');
}

/** One line on why a cell did not finish, e.g. `ZeroDivisionError: division by zero`. */
export function summarizeError(result: ICellResult): string {
  const seconds = (result.durationMs / 1000).toFixed(1);
  switch (result.status) {
    case 'ok':
      return 'ok';
    case 'error':
      if (!result.ename) {
        return 'error';
      }
      return result.evalue ? `${result.ename}: ${result.evalue}` : result.ename;
    case 'aborted':
      return 'aborted by the kernel (an earlier request failed)';
    case 'timeout':
      return `timed out after ${seconds}s`;
    case 'kernel-died':
      return `the kernel died after ${seconds}s (crash or out of memory?)`;
    case 'cancelled':
      return 'cancelled';
  }
}
