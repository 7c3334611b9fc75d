import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ProposalWriter,
  type IFixer,
  type IProposal,
  type IReviewer,
  type LoopEvent
} from '../../../src/core';
import { HunkReview } from '../../../src/jupyterlab/inline-diff/hunk-review';
import { ProposalsModel } from '../../../src/jupyterlab/review/proposals-model';
import { SidebarReviewer } from '../../../src/jupyterlab/review/sidebar-reviewer';
import {
  FakeDocument,
  FakeKernel,
  OLD_METHOD_NO_NP,
  session
} from '../core/agent/loop-fakes';

// Two removed imports a line apart: one proposal of two hunks.
const TWO_HUNKS =
  'from sklearn.cross_validation import KFold\ny = 2\nfrom sklearn.cross_validation import train_test_split';
const FIXED =
  'from sklearn.model_selection import KFold\ny = 2\nfrom sklearn.model_selection import train_test_split';

// The first import fixed, the second not yet.
const HALF =
  'from sklearn.model_selection import KFold\ny = 2\nfrom sklearn.cross_validation import train_test_split';

/**
 * The notebook, counting the writes that changed a cell (each one undo step), with a
 * local module beside it.
 */
class CountingDocument extends FakeDocument {
  written = 0;
  modules = new Map([['helpers.py', TWO_HUNKS]]);
  replaceSource(cellId: string, expected: string, source: string): boolean {
    const done = super.replaceSource(cellId, expected, source);
    this.written += done && source !== expected ? 1 : 0;
    return done;
  }
  async readModule(path: string): Promise<string | null> {
    return this.modules.get(path) ?? null;
  }
  async writeModule(
    path: string,
    expected: string,
    source: string
  ): Promise<boolean> {
    if (this.modules.get(path) !== expected) {
      return false;
    }
    this.modules.set(path, source);
    return true;
  }
}

/** The review of one notebook as JupyterLab composes it, on a fake document. */
function review(sources: string[]) {
  const document = new CountingDocument(sources);
  const writer = new ProposalWriter(document);
  const proposals = new ProposalsModel();
  const hunks = new HunkReview({ proposals, writer });
  const sidebar = new SidebarReviewer({
    proposals,
    positionOf: () => 1,
    source: cellId => document.source(cellId)
  });
  return { document, writer, proposals, hunks, sidebar };
}

/** A reviewer that lets `user` act on each proposal shown, then waits for the panel. */
function reviewing(
  sidebar: SidebarReviewer,
  user: (proposal: IProposal) => void
): IReviewer {
  return {
    review(proposal, signal) {
      const decision = sidebar.review(proposal, signal);
      user(proposal);
      return decision;
    }
  };
}

function applied(events: LoopEvent[]): string[] {
  return events.flatMap(e => (e.kind === 'applied' ? [e.change.applied] : []));
}

describe('the inline review writes through the proposals writer', () => {
  it("writes the hunks accepted one by one during a run once each; the run's accept writes nothing more", async () => {
    const { document, writer, proposals, hunks, sidebar } = review([
      TWO_HUNKS,
      'x = 1'
    ]);
    const user = (proposal: IProposal) => {
      const ids = proposals.pending(proposal.id)!.hunks!.hunks.map(h => h.id);
      assert.equal(ids.length, 2);
      ids.forEach(id => hunks.acceptHunk(proposal.id, id));
    };
    const { events, verdict } = await session([TWO_HUNKS, 'x = 1'], {
      document,
      writer,
      reviewer: reviewing(sidebar, user)
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.deepEqual(applied(events), [FIXED]);
    assert.equal(events.filter(e => e.kind === 'stale').length, 0);
    assert.equal(document.source('c0'), FIXED);
    assert.equal(document.written, 2);
    assert.equal(writer.writes({ kind: 'cell', cellId: 'c0' }).length, 2);
  });

  it('writes nothing more when the run joins a proposal the user accepted part of before it', async () => {
    const { document, writer, proposals, hunks, sidebar } = review([TWO_HUNKS]);
    // Fix all offline's proposal, its first hunk accepted before Modernize.
    proposals.offer(
      { proposal: fix('p1', TWO_HUNKS, FIXED), status: 'pending', position: 1 },
      TWO_HUNKS
    );
    hunks.acceptHunk('p1', proposals.pending('p1')!.hunks!.hunks[0].id);
    assert.equal(document.source('c0'), HALF);
    // The run's fix of the cell joins it: the user accepts the hunk left.
    const user = () => {
      const [hunk] = proposals.pending('p1')!.hunks!.hunks;
      hunks.acceptHunk('p1', hunk.id);
    };
    const { events } = await session([TWO_HUNKS], {
      document,
      writer,
      reviewer: reviewing(sidebar, user)
    });
    assert.deepEqual(applied(events), [FIXED]);
    assert.equal(events.filter(e => e.kind === 'stale').length, 0);
    assert.equal(document.written, 2);
  });

  it("applies nothing of a proposal whose cell the user rewrote meanwhile (stale): the user's text stays", async () => {
    const { document, writer, proposals, hunks, sidebar } = review([TWO_HUNKS]);
    const mine =
      'from sklearn.model_selection import KFold as K\ny = 2\nfrom sklearn.model_selection import train_test_split as tts';
    const user = (proposal: IProposal) => {
      document.cells[0].source = mine;
      hunks.rebase(proposal.id);
      const entry = proposals.pending(proposal.id)!;
      assert.ok(entry.hunks!.hunks.every(hunk => hunk.conflicted));
      hunks.acceptCell(entry);
    };
    const { events } = await session([TWO_HUNKS], {
      document,
      writer,
      reviewer: reviewing(sidebar, user)
    });
    assert.equal(events.filter(e => e.kind === 'stale').length, 1);
    assert.deepEqual(applied(events), []);
    assert.equal(document.source('c0'), mine);
    assert.equal(document.written, 0);
  });

  it('reopens an accepted proposal when its change is undone', () => {
    const { document, proposals, hunks } = review([TWO_HUNKS]);
    proposals.offer(
      { proposal: fix('p1', TWO_HUNKS, FIXED), status: 'pending', position: 1 },
      TWO_HUNKS
    );
    hunks.acceptCell(proposals.pendingFor('c0')!);
    assert.equal(document.source('c0'), FIXED);
    assert.equal(proposals.pendingFor('c0'), null);
    // Another edit of the cell is not an undo.
    document.cells[0].source = `${FIXED}\nprint(1)`;
    proposals.entries.forEach(entry => hunks.reopenUndone(entry));
    assert.equal(proposals.pendingFor('c0'), null);
    // Ctrl+Z in the cell: the text the accept replaced is back.
    document.cells[0].source = TWO_HUNKS;
    proposals.entries.forEach(entry => hunks.reopenUndone(entry));
    const reopened = proposals.pendingFor('c0');
    assert.equal(reopened?.proposal.id, 'p1');
    assert.equal(reopened?.hunks?.hunks.length, 2);
  });

  it('keeps a change the run took back decided, saying why: no undo reopens it, the next fix is reviewed', async () => {
    const sources = ['df = load()', 'y = df.old()'];
    const { document, writer, proposals, hunks, sidebar } = review(sources);
    // Each cell's run changes the notebook (its outputs): an accept undone reopens then.
    const kernel = new FakeKernel((code, run) => {
      proposals.entries.forEach(entry => hunks.reopenUndone(entry));
      return OLD_METHOD_NO_NP(code, run);
    });
    // The first fix brings in `np`, which nothing imports; the second is sound.
    const fixers = [
      rewrite('first', 'y = np.asarray(df)'),
      rewrite('second', 'y = df.to_numpy()')
    ];
    const user = () => hunks.acceptCell(proposals.pendingFor('c1')!);
    const statuses: string[] = [];
    proposals.changed.connect(() => {
      const status = proposals.entries[0]?.status;
      if (status && status !== statuses.at(-1)) {
        statuses.push(status);
      }
    });
    const { verdict } = await session(sources, {
      document,
      writer,
      kernel,
      fixers,
      reviewer: reviewing(sidebar, user),
      // What the run's view does with a change taken back.
      onEvent: event => {
        if (event.kind === 'reverted') {
          proposals.takeBack(event.change);
        }
      }
    });
    assert.deepEqual(verdict, { kind: 'reproducible' });
    assert.equal(document.source('c1'), 'y = df.to_numpy()');
    assert.deepEqual(statuses, ['pending', 'accepted', 'taken-back']);
    const [first, second] = proposals.entries;
    assert.match(first.why ?? '', /brought in 'np'/);
    assert.equal(second.status, 'accepted');
    assert.equal(proposals.pendingFor('c1'), null);
    // Ctrl+Z of the second accept: the cell as the take-back left it. That one reopens,
    // the one taken back stays decided.
    document.cells[1].source = sources[1];
    proposals.entries.forEach(entry => hunks.reopenUndone(entry));
    assert.equal(proposals.pendingFor('c1')?.proposal.id, second.proposal.id);
    assert.equal(proposals.entries[0].status, 'taken-back');
  });

  it('writes a module proposal accepted outside a run through the same writer', async () => {
    const { document, proposals, hunks, writer } = review([]);
    const target = { kind: 'module' as const, path: 'helpers.py' };
    const proposal = { ...fix('m1', TWO_HUNKS, FIXED), target };
    proposals.offer({ proposal, status: 'pending', position: 0 }, null);
    const accepted = new Promise<void>(resolve =>
      proposals.changed.connect(() => resolve())
    );
    hunks.acceptModule(proposals.pending('m1')!, FIXED);
    await accepted;
    assert.equal(document.modules.get('helpers.py'), FIXED);
    assert.equal(proposals.entries[0].status, 'accepted');
    assert.deepEqual(writer.writes(target), [
      { proposalId: 'm1', before: TWO_HUNKS, after: FIXED }
    ]);
  });
});

/** A fixer that rewrites a failing cell to `after`. */
function rewrite(name: string, after: string): IFixer {
  return {
    name,
    propose: async request =>
      request.failure
        ? {
            ...fix(`${name}-fix`, request.source, after),
            target: request.target
          }
        : null
  };
}

function fix(id: string, before: string, after: string): IProposal {
  return {
    id,
    target: { kind: 'cell', cellId: 'c0' },
    kind: 'error-repair',
    before,
    after,
    rationale: 'removed module',
    ruleIds: [],
    fixer: 'rules',
    unsafe: []
  };
}
