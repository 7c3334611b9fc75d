import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import {
  blockerOf,
  blockerText,
  targetKey,
  type ICheckCell,
  type ILoopEnvironment,
  type IProposal
} from '../../core';
import type { NotebookKernel } from '../kernel/notebook-kernel';
import type { LiveNotebook } from '../live-notebook';
import { cellError, cellPositions, liveCodeCells } from './notebook-cells';
import {
  offlineProposals,
  tallyText,
  type IOfflineTally
} from './offline-fixes';
import type { PreflightScanner } from './preflight';
import type { ProposalsModel } from './proposals-model';

/**
 * The user's requests for fixes outside a run: Fix all offline (the rules' rewrite of
 * every eroded cell at once) and a failed cell's Fix with Modernizer (the rules, then the
 * LLM). Each offers its proposals to the proposals model, which keeps one live proposal
 * per target and does not offer again what the user decided on the same text; what
 * came of the request is the model's message.
 */
export class FixRequests {
  constructor(options: FixRequests.IOptions) {
    this._panel = options.panel;
    this._proposals = options.proposals;
    this._notebook = options.notebook;
    this._scanner = options.scanner;
    this._kernel = options.kernel;
    this._askLLM = options.askLLM ?? null;
    this._trans = options.trans;
  }

  /**
   * Proposes the rules' fixes of every eroded cell at once. Rules that depend on a live
   * object ask the notebook's kernel, when it has one.
   */
  async fixAll(): Promise<void> {
    const trans = this._trans;
    const made = await this._offlineProposals(
      trans.__('Making the proposals…')
    );
    if (!made) {
      return;
    }
    const positions = cellPositions(made.cells);
    const covered = new Set(made.proposals.map(p => targetKey(p.target)));
    // A proposal left from an earlier batch whose cell the rules no longer rewrite goes.
    for (const entry of this._proposals.entries) {
      if (
        entry.status === 'pending' &&
        !entry.fromLoop &&
        !covered.has(targetKey(entry.proposal.target))
      ) {
        this._proposals.drop(entry.proposal.id);
      }
    }
    let decided = 0;
    for (const proposal of made.proposals) {
      const { target } = proposal;
      const offer = this._proposals.offer(
        {
          proposal,
          status: 'pending',
          position:
            target.kind === 'cell' ? (positions.get(target.cellId) ?? 0) : 0
        },
        target.kind === 'cell' ? this._notebook.source(target.cellId) : null
      );
      decided += offer.kind === 'decided' ? 1 : 0;
    }
    this._proposals.setBusy(
      false,
      made.proposals.length === 0
        ? trans.__(
            'No line the rules can rewrite without running the notebook.'
          )
        : [
            tallyText(made.tally, made.proposals.length, trans),
            decided > 0
              ? trans.__(
                  '%1 fix(es) you decided before are not proposed again while their cells are unchanged.',
                  decided
                )
              : null
          ]
            .filter(Boolean)
            .join(' ') || null
    );
  }

  /**
   * Proposes the rules' fix of one cell (its error output's Fix with Modernizer), shown
   * in the cell; a proposal already pending there is kept, and a fix decided on the
   * cell's text as it is is not proposed again. Resolves to what to say beside the
   * button when no proposal came (null when one did).
   */
  async fixCell(cellId: string): Promise<string | null> {
    if (this._proposals.pendingFor(cellId)) {
      return null;
    }
    const trans = this._trans;
    const made = await this._offlineProposals(trans.__('Making the proposal…'));
    if (!made) {
      return this._proposals.message;
    }
    const position = cellPositions(made.cells).get(cellId) ?? 0;
    const proposal = made.proposals.find(
      p => p.target.kind === 'cell' && p.target.cellId === cellId
    );
    const offer = proposal
      ? this._proposals.offer(
          { proposal, status: 'pending', position },
          this._notebook.source(cellId)
        )
      : null;
    if (offer?.kind === 'decided') {
      this._proposals.setBusy(
        false,
        trans.__(
          'You decided this fix of cell %1 already; it is proposed again once the cell changes.',
          position
        )
      );
      return this._proposals.message;
    }
    // An error that is not the code's (a package, a program, a prompt): as in a run,
    // neither the rules nor the LLM are asked to write around it.
    const failure = proposal ? null : cellError(this._panel, cellId);
    const blocker =
      failure &&
      blockerOf(
        failure,
        this._notebook.source(cellId) ?? '',
        made.environment.files
      );
    if (blocker) {
      this._proposals.setBusy(
        false,
        trans.__(
          'Blocked in cell %1, not by its code: %2.',
          position,
          blockerText(blocker)
        )
      );
      return this._proposals.message;
    }
    // No rule has it: the LLM, when the server has one, with the cell's error.
    const llm =
      proposal || !this._askLLM
        ? null
        : await this._askLLM(cellId, position).catch(
            (error: Error) => error.message
          );
    const rules = trans.__(
      'No migration rule rewrites cell %1: its error needs another fix.',
      position
    );
    const pending = this._proposals.pendingFor(cellId) !== null;
    this._proposals.setBusy(
      false,
      proposal ? null : (llm ?? (pending ? null : rules))
    );
    return pending ? null : this._proposals.message;
  }

  /**
   * The rules' proposals for the cells as they are now, the kernel answering the rules'
   * questions; null (and a message) when they cannot be made. Leaves the model busy.
   */
  private async _offlineProposals(busyMessage: string): Promise<{
    cells: ICheckCell[];
    proposals: IProposal[];
    tally: IOfflineTally;
    environment: ILoopEnvironment;
  } | null> {
    if (this._proposals.busy) {
      return null;
    }
    this._proposals.setBusy(true, busyMessage);
    const environment = await this._scanner.probedEnvironment(
      liveCodeCells(this._panel)
    );
    if (!environment) {
      this._proposals.setBusy(
        false,
        this._trans.__(
          'The kernel did not tell the library versions: check the Libraries section, then try again.'
        )
      );
      return null;
    }
    // The cells as they are once the versions are known (the user may have typed since).
    const cells = liveCodeCells(this._panel);
    try {
      const tally = { lines: 0, waiting: 0, pointOnly: 0, leftOut: 0 };
      const proposals = await offlineProposals({
        cells,
        environment,
        tally,
        probe: this._kernel.probe()
      });
      return { cells, proposals, tally, environment };
    } catch (error) {
      this._proposals.setBusy(
        false,
        this._trans.__('The proposals could not be made: %1', String(error))
      );
      return null;
    }
  }

  private _panel: NotebookPanel;
  private _proposals: ProposalsModel;
  private _notebook: LiveNotebook;
  private _scanner: PreflightScanner;
  private _kernel: NotebookKernel;
  private _askLLM: FixRequests.IOptions['askLLM'] | null;
  private _trans: TranslationBundle;
}

/** Options of {@link FixRequests}. */
export namespace FixRequests {
  export interface IOptions {
    panel: NotebookPanel;
    /** Where the proposals go. */
    proposals: ProposalsModel;
    /** The open notebook, whose cells' text a decision was made on. */
    notebook: LiveNotebook;
    /** Knows the library versions the rules need. */
    scanner: PreflightScanner;
    /** The notebook's kernel, which answers the rules' questions about values. */
    kernel: NotebookKernel;
    /**
     * Asks the LLM for a fix of a failed cell that no rule fixes; resolves to what to
     * say when none came (null when one did, or when there is no LLM).
     */
    askLLM?:
      ((cellId: string, position: number) => Promise<string | null>) | null;
    trans: TranslationBundle;
  }
}
