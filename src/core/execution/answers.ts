import type * as nbformat from '@jupyterlab/nbformat';

// What JupyterLab shows for a password typed at a `getpass` prompt, in place of it.
export const HIDDEN = '········';

/**
 * What a reader typed at each `input()` prompt of a cell when the notebook was saved, by
 * cell id: JupyterLab keeps each answer as a `stdin` stream output, `prompt value`, one
 * line per answer (consecutive ones merged into one output). A run answers the cell's
 * prompts with them in order, as the reader did.
 */
export function savedAnswers(
  cells: readonly {
    readonly id: string;
    readonly cellType: string;
    readonly outputs: readonly nbformat.IOutput[];
  }[]
): ReadonlyMap<string, readonly string[]> {
  const found = new Map<string, string[]>();
  for (const cell of cells) {
    const lines = cell.outputs.flatMap(output => {
      if (output.output_type !== 'stream' || output.name !== 'stdin') {
        return [];
      }
      const raw = (output as nbformat.IStream).text;
      const text = Array.isArray(raw) ? raw.join('') : (raw ?? '');
      return text.replace(/\n$/, '').split('\n');
    });
    if (cell.cellType === 'code' && lines.length > 0) {
      found.set(cell.id, lines);
    }
  }
  return found;
}

/** An answer typed at a prompt, as JupyterLab keeps it in a `stdin` stream output. */
export function typedLine(prompt: string, value: string): string {
  return `${prompt} ${value}\n`;
}

/**
 * The value a saved line (`prompt value`) gives at `prompt`, or null when it answers
 * another prompt or hid a password.
 */
export function answerAt(prompt: string, line: string): string | null {
  if (!line.startsWith(`${prompt} `)) {
    return null;
  }
  const value = line.slice(prompt.length + 1);
  return value === HIDDEN ? null : value;
}
