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
