import { diagnose } from '../diagnosis/root-cause';
import type { ICellExecutor, IKernelProbe } from '../execution/types';
import type { IFixer } from '../model/types';
import type { IOriginalNotebook } from '../notebook/original';
import { allRules } from '../rules';
import { scanNotebook } from '../rules/engine';
import type { ProposalRegistry } from '../proposals/registry';
import type { ProposalWriter } from '../proposals/writer';
import type { INotebookEvidence, IRule } from '../rules/types';
import type { IReference, ITolerance } from '../scores';
import type { ICheckCell } from '../model/types';
import { LoopSession } from './loop-session';
import { nextStep } from './policy';
import { guardRegression } from './regression-guard';
import type { LoopEvent, Verdict } from './types';
import type {
  IEditableNotebook,
  IProposal,
  IReviewer,
  ProposalTarget
} from '../model/types';

/** What the loop knows of the environment before anything runs. */
export interface ILoopEnvironment {
  /** Installed versions by distribution, the kernel's Python under `python`. */
  versions: ReadonlyMap<string, string>;
  /** Files and folders beside the notebook, relative to its folder. */
  files: ReadonlySet<string>;
  /** Git LFS pointers in the notebook's repository, relative to its folder: data not here. */
  pointers?: ReadonlySet<string>;
  /** When the notebook was written (evidenceOf). */
  evidence: INotebookEvidence;
}

/** Limits of one session. */
export interface ILoopLimits {
  /** Proposals put to the reviewer after the preflight (whatever the answer); default 16. */
  maxFixes?: number;
  /** Time for the whole session, verification included; default 600 s. */
  budgetMs?: number;
  /** Per-cell timeout; none by default (0 is none): the budget left bounds each cell. */
  cellTimeoutMs?: number;
  /**
   * Runs from a restart that verify the notebook; default 1. With more, each score is
   * their mean (with its spread), and reproducible means the means are within tolerance.
   */
  verificationRuns?: number;
}

/** What a session works on and with. */
export interface ILoopOptions {
  document: IEditableNotebook;
  executor: ICellExecutor & IKernelProbe;
  reviewer: IReviewer;
  /** Tried in order for each fix; the first proposal wins. */
  fixers: readonly IFixer[];
  /** The notebook as opened: its saved outputs hold the scores to reproduce. */
  original: IOriginalNotebook;
  environment: ILoopEnvironment;
  /**
   * The kernel has run nothing yet (the CLI starts one per notebook): a clean first pass
   * of the notebook in it is a restart and run-all, so it counts as the verification.
   * Not so for a live kernel the user ran cells in.
   */
  freshKernel?: boolean;
  /** Restarts the kernel (verification; after a local module changed). */
  restartKernel(): Promise<void>;
  limits?: ILoopLimits;
  tolerance?: Partial<ITolerance>;
  references?: readonly IReference[];
  /** Rules for the preflight scan shown to the user; default allRules. */
  rules?: readonly IRule[];
  /** Aborting stops the session (the running cell is interrupted). */
  signal?: AbortSignal;
  /**
   * The proposals decided outside the run (the panel's): a fix decided on a cell's text
   * as it is now is not proposed again.
   */
  proposals?: ProposalRegistry;
  /**
   * Writes the accepted changes into `document`; by default a writer of its own. In
   * JupyterLab the review's, which wrote the hunks the user accepted one by one already.
   */
  writer?: ProposalWriter;
}

/**
 * One modernization session: Scan → preflight fixes → Run → (Diagnose → Propose →
 * Review → Apply → re-run from the fixed cell)* → Compare scores → (score-calibration)
 * → Verify (restart, every cell from the top). Yields events in order for the views and
 * returns the verdict. Only a clean verification with scores in tolerance is reproducible.
 * A change that makes the notebook fail earlier is taken back as the loop goes, and a
 * final guard makes sure the notebook left never fails earlier than the original.
 */
export async function* runLoop(
  options: ILoopOptions
): AsyncGenerator<LoopEvent, Verdict> {
  const session = new LoopSession(options);
  const cells = session.runnable();
  const scan = scanNotebook(
    cells,
    options.rules ?? allRules,
    session.scanEnvironment()
  );
  session.findings = scan.findings;
  yield { kind: 'scan', findings: scan.findings, skipped: scan.skipped };

  for (;;) {
    session.tick();
    const step = nextStep(session.state);
    yield { kind: 'step', step };
    switch (step.kind) {
      case 'done': {
        const verdict = yield* guardRegression(session, step.verdict);
        yield session.finished(verdict);
        return verdict;
      }
      case 'preflight':
        session.state.preflightDone = true;
        yield* Private.preflight(session);
        break;
      case 'run':
        yield* session.run(step.fromPosition);
        break;
      case 'compare-scores':
        session.state.scores = session.compare();
        yield { kind: 'scores', comparison: session.state.scores };
        break;
      case 'verify':
        yield* session.verify();
        break;
      case 'propose':
        if (step.fix === 'error-repair') {
          yield* Private.repair(session);
        } else if (step.cellId) {
          yield* Private.speedUp(session);
        } else if (step.fix === 'score-calibration') {
          yield* Private.calibrate(session);
        } else {
          // No fixer reduces runtime offline; one that does would be asked here.
          session.state.noRuntimeFix = true;
        }
        break;
    }
  }
}

namespace Private {
  const PREFLIGHT_ROUNDS = 3;

  /** "Fix all offline": each cell's and local module's rule fixes, before the first run. */
  export async function* preflight(
    session: LoopSession
  ): AsyncGenerator<LoopEvent> {
    const targets: ProposalTarget[] = [
      ...session.runnable().map(c => ({ kind: 'cell' as const, cellId: c.id })),
      ...(await session.localModules()).map(path => ({
        kind: 'module' as const,
        path
      }))
    ];
    for (const target of targets) {
      // Two rules' edits may overlap; the second is proposed once the first is in.
      for (let round = 0; round < PREFLIGHT_ROUNDS; round++) {
        const proposal = yield* session.propose('error-repair', target);
        const applied = session.changes.length;
        if (proposal) {
          yield* session.review(proposal);
        }
        if (session.state.stopped) {
          return;
        }
        if (!proposal || session.changes.length === applied) {
          break;
        }
      }
    }
  }

  /** Error-repair of the failed cell: at its root cause, else itself, else an earlier cell. */
  export async function* repair(
    session: LoopSession
  ): AsyncGenerator<LoopEvent> {
    const failure = session.state.failure!;
    const cells = session.runnable();
    const diagnosis = diagnose({
      cellId: failure.cellId,
      result: failure.result,
      cells,
      executionCounts: session.executionCounts,
      ran: session.ran,
      files: session.options.environment.files
    });
    yield { kind: 'diagnosis', diagnosis };
    const position = cells.findIndex(c => c.id === failure.cellId);
    const candidates: ProposalTarget[] = [
      diagnosis.target,
      { kind: 'cell', cellId: failure.cellId },
      ...cells
        .slice(0, Math.max(position, 0))
        .reverse()
        .map(c => ({ kind: 'cell' as const, cellId: c.id }))
    ];
    const tried = new Set<string>();
    for (const target of candidates) {
      const key = JSON.stringify(target);
      if (tried.has(key)) {
        continue;
      }
      tried.add(key);
      const explainedOnly = tried.size > 2;
      const proposal = yield* session.propose(
        'error-repair',
        target,
        failure.result,
        explainedOnly
      );
      if (proposal) {
        session.state.fixes++;
        yield* session.review(proposal);
        return;
      }
    }
    session.state.noFix = true;
    session.state.blocker = session.blocker(failure);
  }

  /** Runtime-reduction of the cell that ran out of time: only that cell can tell. */
  export async function* speedUp(
    session: LoopSession
  ): AsyncGenerator<LoopEvent> {
    const failure = session.state.failure!;
    const proposal = yield* session.propose(
      'runtime-reduction',
      { kind: 'cell', cellId: failure.cellId },
      failure.result
    );
    if (!proposal) {
      session.state.noFix = true;
      return;
    }
    session.state.fixes++;
    yield* session.review(proposal);
  }

  /**
   * Score-calibration: the changed-default pins the evidence allows, up to the last score
   * off. Only when no rule has one, each cell that prints a score off is put to the fixers
   * with its scores (an LLM needs them; the rules have said their piece).
   */
  export async function* calibrate(
    session: LoopSession
  ): AsyncGenerator<LoopEvent> {
    session.state.calibrated = true;
    const offRows = session.state.scores!.rows.filter(
      row => !row.withinTolerance
    );
    const off = new Set(offRows.map(row => row.cellId));
    const cells: ICheckCell[] = session.runnable();
    const last = cells.map(c => off.has(c.id)).lastIndexOf(true);
    const upTo = last < 0 ? cells : cells.slice(0, last + 1);
    let proposed = false;
    for (const cell of upTo) {
      if (session.state.fixes >= session.maxFixes) {
        return;
      }
      const proposal: IProposal | null = yield* session.propose(
        'score-calibration',
        { kind: 'cell', cellId: cell.id }
      );
      if (proposal) {
        proposed = true;
        session.state.fixes++;
        yield* session.review(proposal, { rerun: false });
      }
      if (session.state.stopped) {
        return;
      }
    }
    for (const cell of proposed ? [] : cells.filter(c => off.has(c.id))) {
      if (session.state.fixes >= session.maxFixes) {
        return;
      }
      const rows = offRows.filter(row => row.cellId === cell.id);
      const proposal = yield* session.propose(
        'score-calibration',
        { kind: 'cell', cellId: cell.id },
        undefined,
        false,
        rows
      );
      if (proposal) {
        session.state.fixes++;
        yield* session.review(proposal, { rerun: false });
      }
      if (session.state.stopped) {
        return;
      }
    }
  }
}
