import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ProposalWriter,
  type ICheckCell,
  type IEditableNotebook,
  type IProposal,
  type ProposalTarget
} from '../../../../src/core';

const BEFORE = 'import numpy as np\nx = np.float(1)\ny = 2\nz = np.int(3)';
const AFTER = 'import numpy as np\nx = float(1)\ny = 2\nz = int(3)';
// The first hunk accepted, the second still to decide.
const HALF = 'import numpy as np\nx = float(1)\ny = 2\nz = np.int(3)';

/** One cell and one module in memory; counts the writes that changed them. */
class Notebook implements IEditableNotebook {
  cell = BEFORE;
  module = 'from sklearn.cross_validation import KFold\n';
  written = 0;
  codeCells(): ICheckCell[] {
    return [{ id: 'c1', index: 0, source: this.cell }];
  }
  source(cellId: string): string | null {
    return cellId === 'c1' ? this.cell : null;
  }
  replaceSource(cellId: string, expected: string, source: string): boolean {
    if (cellId !== 'c1' || this.cell !== expected) {
      return false;
    }
    this.written += source === expected ? 0 : 1;
    this.cell = source;
    return true;
  }
  async readModule(): Promise<string | null> {
    return this.module;
  }
  async writeModule(
    _path: string,
    expected: string,
    source: string
  ): Promise<boolean> {
    if (this.module !== expected) {
      return false;
    }
    this.written++;
    this.module = source;
    return true;
  }
}

function proposal(
  target: ProposalTarget = { kind: 'cell', cellId: 'c1' }
): IProposal {
  return {
    id: 'p1',
    target,
    kind: 'error-repair',
    before: BEFORE,
    after: AFTER,
    rationale: 'numpy aliases',
    ruleIds: ['numpy.aliases'],
    fixer: 'rules',
    unsafe: []
  };
}

describe('ProposalWriter', () => {
  it("writes the hunks accepted one by one once each, and the run's accept writes nothing more", async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    assert.equal(writer.writeCell(fix, BEFORE, HALF), true);
    assert.equal(writer.writeCell(fix, HALF, AFTER), true);
    assert.equal(notebook.written, 2);
    assert.equal(
      await writer.apply(fix, { kind: 'accept', source: AFTER }),
      true
    );
    assert.equal(notebook.written, 2);
    assert.equal(notebook.cell, AFTER);
    assert.deepEqual(writer.writes(fix.target), [
      { proposalId: 'p1', before: BEFORE, after: HALF },
      { proposalId: 'p1', before: HALF, after: AFTER }
    ]);
  });

  it("keeps the user's edits made after the last accepted hunk, which they accepted with it", async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    writer.writeCell(fix, BEFORE, HALF);
    notebook.cell = `${HALF}\nprint(x)`;
    assert.equal(
      await writer.apply(fix, { kind: 'accept', source: notebook.cell }),
      true
    );
    assert.equal(notebook.written, 1);
    assert.equal(notebook.cell, `${HALF}\nprint(x)`);
  });

  it('writes the whole accepted text when nothing was written before (a run of its own)', async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    assert.equal(await writer.apply(proposal(), { kind: 'accept' }), true);
    assert.equal(notebook.cell, AFTER);
    assert.equal(notebook.written, 1);
  });

  it('writes nothing when the user edited the cell since (stale): their text stays', async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    notebook.cell = `${BEFORE}\nprint(x)`;
    assert.equal(await writer.apply(fix, { kind: 'accept' }), false);
    assert.equal(writer.writeCell(fix, BEFORE, HALF), false);
    assert.equal(notebook.cell, `${BEFORE}\nprint(x)`);
    assert.equal(notebook.written, 0);
    assert.deepEqual(writer.writes(fix.target), []);
    // Nor does a decision other than an accept.
    assert.equal(await writer.apply(fix, { kind: 'stale' }), false);
  });

  it('tells when the last write of a proposal was undone', () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    writer.writeCell(fix, BEFORE, AFTER);
    assert.equal(writer.undone(fix), false);
    // Ctrl+Z: the cell holds the text the write replaced again.
    notebook.cell = BEFORE;
    assert.equal(writer.undone(fix), true);
    // Another edit is not an undo.
    notebook.cell = `${BEFORE}\nprint(x)`;
    assert.equal(writer.undone(fix), false);
  });

  it("takes a run's change back once, writing the text it replaced, and that is no undo of the user's", async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    await writer.apply(fix, { kind: 'accept' });
    const change = { proposal: fix, applied: AFTER, at: '' };
    assert.equal(await writer.takeBack(change), true);
    assert.equal(notebook.cell, BEFORE);
    assert.equal(notebook.written, 2);
    assert.equal(writer.undone(fix), false);
    assert.deepEqual(writer.writes(fix.target).at(-1), {
      proposalId: 'p1',
      before: AFTER,
      after: BEFORE,
      takenBack: true
    });
    // Taken back already: nothing more is written.
    assert.equal(await writer.takeBack(change), false);
    assert.equal(notebook.written, 2);
  });

  it("takes back a run's change that joined the review's proposal without reopening that one", async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const reviewed = proposal();
    writer.writeCell(reviewed, BEFORE, AFTER);
    // The run's fix of the cell joined the proposal the user accepted in the cell.
    const run = { ...proposal(), id: 'p2' };
    await writer.apply(run, { kind: 'accept', source: AFTER });
    assert.equal(
      await writer.takeBack({ proposal: run, applied: AFTER, at: '' }),
      true
    );
    assert.equal(notebook.cell, BEFORE);
    assert.equal(writer.undone(reviewed), false);
  });

  it('takes nothing back from a cell the user edited since: their text stays', async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const fix = proposal();
    await writer.apply(fix, { kind: 'accept' });
    notebook.cell = `${AFTER}\nprint(x)`;
    assert.equal(
      await writer.takeBack({ proposal: fix, applied: AFTER, at: '' }),
      false
    );
    assert.equal(notebook.cell, `${AFTER}\nprint(x)`);
    assert.equal(notebook.written, 1);
    assert.equal(writer.writes(fix.target).length, 1);
  });

  it('writes an accepted module through the notebook, unless it changed since, and takes it back the same way', async () => {
    const notebook = new Notebook();
    const writer = new ProposalWriter(notebook);
    const target = { kind: 'module' as const, path: 'helpers.py' };
    const fix = {
      ...proposal(target),
      before: notebook.module,
      after: 'from sklearn.model_selection import KFold\n'
    };
    assert.equal(await writer.apply(fix, { kind: 'accept' }), true);
    assert.equal(notebook.module, fix.after);
    assert.deepEqual(writer.writes(target), [
      { proposalId: 'p1', before: fix.before, after: fix.after }
    ]);
    const later = { ...fix, id: 'p2' };
    assert.equal(await writer.apply(later, { kind: 'accept' }), false);
    assert.equal(notebook.written, 1);
    // A run takes it back through the notebook too.
    assert.equal(
      await writer.takeBack({ proposal: fix, applied: fix.after, at: '' }),
      true
    );
    assert.equal(notebook.module, fix.before);
    assert.equal(notebook.written, 2);
  });
});
