import { createTwoFilesPatch } from 'diff';
import type { IChange, IEditableNotebook, IProposal } from '../model/types';
import type { IOriginalNotebook } from '../notebook/original';

/** A proposal as a unified diff, labelled with its cell (by 1-based index) or module. */
export function unifiedDiff(
  proposal: Pick<IProposal, 'target' | 'before' | 'after'>,
  cellLabel?: string
): string {
  const label =
    proposal.target.kind === 'module'
      ? proposal.target.path
      : (cellLabel ?? `cell ${proposal.target.cellId}`);
  const patch = createTwoFilesPatch(
    `a/${label}`,
    `b/${label}`,
    Private.withNewline(proposal.before),
    Private.withNewline(proposal.after),
    undefined,
    undefined,
    { context: 3 }
  );
  // jsdiff starts with a line of `=`; git-style patches start at `---`.
  return patch.replace(/^=+\n/, '');
}

/** What Revert all writes back: each changed cell's and module's original source. */
export interface IRevertPlan {
  cells: { cellId: string; source: string }[];
  modules: { path: string; source: string }[];
}

/**
 * What to restore to undo a session: every code cell whose source differs from the
 * original notebook, and every module the session changed (its content before the first
 * change, kept in the change log).
 */
export function revertAll(
  original: IOriginalNotebook,
  document: Pick<IEditableNotebook, 'source'>,
  changes: readonly IChange[]
): IRevertPlan {
  const cells = original.cells
    .filter(cell => cell.cellType === 'code')
    .filter(cell => {
      const now = document.source(cell.id);
      return now !== null && now !== cell.source;
    })
    .map(cell => ({ cellId: cell.id, source: cell.source }));
  const modules = new Map<string, string>();
  for (const { proposal } of changes) {
    if (
      proposal.target.kind === 'module' &&
      !modules.has(proposal.target.path)
    ) {
      modules.set(proposal.target.path, proposal.before);
    }
  }
  return {
    cells,
    modules: [...modules].map(([path, source]) => ({ path, source }))
  };
}

namespace Private {
  // Without it every diff of a cell (which has no final newline) ends in a warning line.
  export function withNewline(text: string): string {
    return text.endsWith('\n') ? text : `${text}\n`;
  }
}
