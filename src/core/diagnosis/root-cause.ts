import type { ProposalTarget } from '../model/types';
import type { ICellResult } from '../execution/types';
import { READ_ONLY, writtenInPlace } from '../rules/pandas-read-only';
import { figureCell, raisedWhileDrawing } from './figure-source';
import { FILE_FRAME, finalException, stripAnsi } from './traceback';

// `Cell In[3], line 2` (IPython 8+): a frame in a notebook cell.
const CELL_FRAME = /^Cell In\[(\d+)\], line \d+/;
// Installed libraries and the standard library are not the notebook's to fix.
const LIBRARY_PATH =
  /[/\\](?:site-packages|dist-packages|lib[/\\]python\d[\d.]*)[/\\]/i;
const DRAWN_HERE =
  "the error is raised while the cell's figure is drawn, after its code ran";
const NAME_ERROR = /^name '([A-Za-z_]\w*)' is not defined/;
// `---->  5     depth[mask] = ...`: the line a cell frame failed on.
const FAILED_LINE = /^-+>\s*(\d+)\s?(.*)$/m;

/** A code cell as diagnosis sees it. */
export interface IDiagnosisCell {
  id: string;
  source: string;
}

/** What diagnosis needs to know about the failure and the session so far. */
export interface IDiagnosisInput {
  /** The cell that failed. */
  cellId: string;
  result: ICellResult;
  /** The non-empty code cells in order. */
  cells: readonly IDiagnosisCell[];
  /** Which cell ran with each execution count in the current kernel (`In[n]`). */
  executionCounts: ReadonlyMap<number, string>;
  /** Cells that ran without error in the current kernel. */
  ran: ReadonlySet<string>;
  /** Files beside the notebook, relative to its folder (`mlutils.py`, `lib/util.py`). */
  files: ReadonlySet<string>;
}

/** Where the fix belongs, and why there. */
export interface IDiagnosis {
  /** The cell that failed. */
  failingCellId: string;
  target: ProposalTarget;
  /** One line for the views: why this target. */
  reason: string;
}

/**
 * The place to fix for a failure, in this order:
 * - the innermost frame of the final exception that lies in the notebook's own code: a
 *   local `.py` module beside the notebook, or an earlier cell (a function defined there,
 *   found by its `In[n]` execution count);
 * - for a NameError, the last earlier cell whose code binds the name (its definition
 *   failed or was skipped there); a name bound nowhere earlier is the failing cell's;
 * - for an error raised while a figure was drawn (no frame of the notebook's), the
 *   earlier cell defining the function that made the figure, called by the failing cell;
 * - otherwise the failing cell.
 */
export function diagnose(input: IDiagnosisInput): IDiagnosis {
  const failing = input.cellId;
  const here = (reason: string): IDiagnosis => ({
    failingCellId: failing,
    target: { kind: 'cell', cellId: failing },
    reason
  });
  const frame = Private.innermostOwnFrame(input);
  if (frame?.kind === 'module') {
    return {
      failingCellId: failing,
      target: frame,
      reason: `the error is raised in the local module ${frame.path}`
    };
  }
  if (frame?.kind === 'cell' && frame.cellId !== failing) {
    return {
      failingCellId: failing,
      target: frame,
      reason: 'the error is raised in a function defined in an earlier cell'
    };
  }
  if (!frame && raisedWhileDrawing(input.result.traceback ?? [])) {
    return Private.drawing(input) ?? here(DRAWN_HERE);
  }
  const name =
    input.result.ename === 'NameError'
      ? NAME_ERROR.exec(input.result.evalue ?? '')?.[1]
      : undefined;
  if (name) {
    const binding = Private.lastBinding(input, name);
    if (binding) {
      return {
        failingCellId: failing,
        target: { kind: 'cell', cellId: binding.id },
        reason: input.ran.has(binding.id)
          ? `'${name}' is defined in an earlier cell, but that definition did not take`
          : `'${name}' is defined in an earlier cell that did not run`
      };
    }
    return here(`'${name}' is not defined in any earlier cell`);
  }
  const written =
    input.result.ename === 'ValueError' &&
    READ_ONLY.test(input.result.evalue ?? '')
      ? Private.writtenOn(input)
      : undefined;
  const maker =
    written && !Private.bindsBefore(input, written)
      ? Private.lastBinding(input, written.name)
      : undefined;
  if (written && maker) {
    return {
      failingCellId: failing,
      target: { kind: 'cell', cellId: maker.id },
      reason: `'${written.name}' is written in place, and the earlier cell that makes it makes a read-only array`
    };
  }
  return here('the error is raised in the failing cell');
}

namespace Private {
  /** The last cell above the failing one whose code binds a name, if any. */
  export function lastBinding(
    input: IDiagnosisInput,
    name: string
  ): IDiagnosisCell | undefined {
    const position = input.cells.findIndex(cell => cell.id === input.cellId);
    for (let i = position - 1; i >= 0; i--) {
      if (binds(input.cells[i].source, name)) {
        return input.cells[i];
      }
    }
    return undefined;
  }

  /**
   * The array the failing cell's line writes into, and that line's number: read from the
   * traceback's frame of the failing cell.
   */
  export function writtenOn(
    input: IDiagnosisInput
  ): { name: string; line: number } | undefined {
    let failed: RegExpExecArray | null = null;
    for (const entry of finalException(input.result.traceback ?? [])) {
      const text = stripAnsi(entry);
      const cell = CELL_FRAME.exec(text.trim().split('\n')[0].trim());
      if (cell && input.executionCounts.get(Number(cell[1])) === input.cellId) {
        failed = FAILED_LINE.exec(text) ?? failed;
      }
    }
    const [name] = failed ? writtenInPlace(failed[2]) : [];
    return name && failed ? { name, line: Number(failed[1]) } : undefined;
  }

  /** Whether the failing cell binds the written name on a line above the one that failed. */
  export function bindsBefore(
    input: IDiagnosisInput,
    written: { name: string; line: number }
  ): boolean {
    const cell = input.cells.find(c => c.id === input.cellId);
    const above = (cell?.source ?? '')
      .split('\n')
      .slice(0, written.line - 1)
      .join('\n');
    return binds(above, written.name);
  }

  /** The earlier cell whose function made the figure that failed to draw, if there is one. */
  export function drawing(input: IDiagnosisInput): IDiagnosis | undefined {
    const position = input.cells.findIndex(cell => cell.id === input.cellId);
    const made =
      position < 0
        ? undefined
        : figureCell(input.cells[position], input.cells.slice(0, position));
    return made
      ? {
          failingCellId: input.cellId,
          target: { kind: 'cell', cellId: made.cellId },
          reason: `the error is raised while the figure is drawn, and \`${made.name}\`, defined in an earlier cell, made it`
        }
      : undefined;
  }

  /** The innermost frame in the notebook's own code: a cell, or a module beside it. */
  export function innermostOwnFrame(
    input: IDiagnosisInput
  ): ProposalTarget | undefined {
    let found: ProposalTarget | undefined;
    for (const entry of finalException(input.result.traceback ?? [])) {
      const text = stripAnsi(entry).trim();
      const header = text.split('\n')[0].trim();
      const cell = CELL_FRAME.exec(header);
      if (cell) {
        const cellId = input.executionCounts.get(Number(cell[1]));
        found = cellId ? { kind: 'cell', cellId } : found;
        continue;
      }
      // A SyntaxError in an imported module names the file on a line of its own.
      for (const line of text.split('\n')) {
        const file = FILE_FRAME.exec(line);
        if (file && !LIBRARY_PATH.test(file[1])) {
          const path = localPath(file[1], input.files);
          if (path) {
            found = { kind: 'module', path };
          }
        }
      }
    }
    return found;
  }

  /** The path relative to the notebook's folder of a file the traceback names, if it is one. */
  export function localPath(
    file: string,
    files: ReadonlySet<string>
  ): string | undefined {
    const normalized = file.replace(/\\/g, '/');
    let best: string | undefined;
    let bestScore = 0;
    for (const candidate of files.values()) {
      if (!candidate.endsWith('.py')) {
        continue;
      }
      // `../lib/util.py` lies elsewhere in the repository: the traceback names it by a
      // path that ends in `/lib/util.py`. A path as written beside the notebook wins.
      const inTree = candidate.replace(/^(\.\.\/)+/, '');
      const score =
        normalized === candidate || normalized.endsWith(`/${candidate}`)
          ? 100_000 + candidate.length
          : inTree !== candidate && normalized.endsWith(`/${inTree}`)
            ? inTree.length
            : 0;
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }

  /**
   * Whether a cell's code binds a name: an assignment, def, class, import, `as` or `for`
   * target. Read from the text (no scoping): good enough to point at a cell.
   */
  export function binds(source: string, name: string): boolean {
    const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const patterns = [
      new RegExp(`^\\s*(?:async\\s+)?(?:def|class)\\s+${n}\\b`, 'm'),
      new RegExp(`^\\s*(?:[\\w.]+\\s*,\\s*)*${n}\\s*(?:,[^=\\n]*)?=(?!=)`, 'm'),
      new RegExp(`^\\s*import\\s+.*\\b${n}\\b`, 'm'),
      new RegExp(`^\\s*from\\s+\\S+\\s+import\\s+.*\\b${n}\\b`, 'm'),
      new RegExp(`\\bas\\s+${n}\\b`),
      new RegExp(`\\bfor\\s+(?:[\\w\\s,()]*\\b)?${n}\\b[\\w\\s,()]*\\bin\\b`)
    ];
    return patterns.some(pattern => pattern.test(source));
  }
}
