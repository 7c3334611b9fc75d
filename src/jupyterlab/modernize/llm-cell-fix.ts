import type { NotebookPanel } from '@jupyterlab/notebook';
import type { LLMFixEvent } from '../../core';
import type { NotebookKernel } from '../kernel/notebook-kernel';
import type { LLMAccess } from '../llm/llm-access';
import { cellError, liveCodeCells } from '../review/notebook-cells';
import type { PreflightScanner } from '../review/preflight';
import type { ReviewController } from '../inline-diff/review-controller';

/**
 * Shows an LLM fix in its cell while the model writes it: a streaming proposal under the
 * id the finished one will have (which then replaces it), dropped if nothing comes of it.
 */
export function streamIntoCell(
  review: ReviewController,
  event: LLMFixEvent,
  options: { model: string; position: number; fromLoop: boolean }
): void {
  if (event.target.kind !== 'cell') {
    return;
  }
  const live = review.proposals.registry.live(event.target);
  if (live && live.id !== event.proposalId) {
    // The cell shows a proposal already: the finished fix joins it, if the run makes one.
    return;
  }
  if (event.kind === 'partial') {
    if (!review.proposals.pending(event.proposalId)) {
      const before = review.notebook.source(event.target.cellId) ?? '';
      const trans = review.trans;
      review.proposals.add({
        proposal: {
          id: event.proposalId,
          target: event.target,
          kind: event.fix,
          before,
          after: before,
          rationale: trans.__('%1 is writing this fix…', options.model),
          ruleIds: [],
          fixer: 'llm',
          unsafe: []
        },
        status: 'pending',
        position: options.position,
        fromLoop: options.fromLoop,
        streaming: true
      });
    }
    review.updateProposal(event.proposalId, event.source);
  } else if (
    event.kind === 'error' ||
    (event.kind === 'finished' && !event.proposal)
  ) {
    review.proposals.drop(event.proposalId);
  }
}

/** What {@link fixCellWithLLM} works with. */
export interface ILLMCellFixOptions {
  llm: LLMAccess;
  review: ReviewController;
  scanner: PreflightScanner;
  panel: NotebookPanel;
  /** The notebook's kernel, which answers the fixer's questions about values. */
  kernel: NotebookKernel;
  cellId: string;
  /** The cell's number as the panel shows it. */
  position: number;
}

/**
 * Fix with Modernizer, when no rule has a fix: asks the LLM about the cell with the error
 * its outputs hold, streaming the fix into the cell. Resolves to what the panel should
 * say when no proposal came of it (null when one did, or when there is no LLM).
 */
export async function fixCellWithLLM(
  options: ILLMCellFixOptions
): Promise<string | null> {
  const { llm, review, scanner, panel, kernel, cellId, position } = options;
  const trans = review.trans;
  const failure = cellError(panel, cellId);
  const source = review.notebook.source(cellId);
  const environment = await scanner.probedEnvironment(liveCodeCells(panel));
  if (!failure || source === null || !environment) {
    return null;
  }
  let model = '';
  const fixer = await llm.fixer((event, name) => {
    model = name;
    streamIntoCell(review, event, {
      model: name,
      position,
      fromLoop: false
    });
  });
  if (!fixer) {
    return null;
  }
  const proposal = await fixer.propose({
    kind: 'error-repair',
    target: { kind: 'cell', cellId },
    source,
    failure,
    findings: [],
    environment,
    document: review.notebook,
    probe: kernel.probe() ?? undefined
  });
  if (proposal) {
    const offer = review.proposals.offer(
      { proposal, status: 'pending', position },
      review.notebook.source(cellId)
    );
    return offer.kind === 'decided'
      ? model
        ? trans.__(
            "You decided %1's fix for cell %2 already; it is proposed again once the cell changes.",
            model,
            position
          )
        : trans.__(
            "You decided the LLM's fix for cell %1 already; it is proposed again once the cell changes.",
            position
          )
      : null;
  }
  const reason =
    fixer.error?.message ?? fixer.lastReason ?? trans.__('no reason given');
  return model
    ? trans.__('%1 has no fix for cell %2: %3', model, position, reason)
    : trans.__('The LLM has no fix for cell %1: %2', position, reason);
}
