import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IProposal } from '../../../src/core';
import {
  ProposalsModel,
  type IProposalEntry
} from '../../../src/jupyterlab/review/proposals-model';

const BEFORE = 'import numpy as np\nx = np.float(1)\ny = 2\nz = np.int(3)';
const AFTER = 'import numpy as np\nx = float(1)\ny = 2\nz = int(3)';

function proposal(id: string, after = AFTER, cellId = 'c1'): IProposal {
  return {
    id,
    target: { kind: 'cell', cellId },
    kind: 'error-repair',
    before: BEFORE,
    after,
    rationale: 'numpy aliases',
    ruleIds: ['numpy.aliases'],
    fixer: 'rules',
    unsafe: []
  };
}

function entry(id: string, after = AFTER, cellId = 'c1'): IProposalEntry {
  return {
    proposal: proposal(id, after, cellId),
    status: 'pending',
    position: 1
  };
}

/** How many times the model tells its views to render again while `action` runs. */
function emits(model: ProposalsModel, action: () => void): number {
  let count = 0;
  const count1 = () => (count += 1);
  model.changed.connect(count1);
  action();
  model.changed.disconnect(count1);
  return count;
}

describe('ProposalsModel', () => {
  it("lists a cell's proposal with its hunks, and keeps one live proposal per cell", () => {
    const model = new ProposalsModel();
    assert.equal(model.offer(entry('p1'), BEFORE).kind, 'open');
    const listed = model.pendingFor('c1');
    assert.equal(listed?.proposal.id, 'p1');
    assert.equal(listed?.hunks?.hunks.length, 2);
    // A second fix of the same cell joins the pending one: the cell shows one diff.
    const second = model.offer(
      entry('p2', 'import numpy as np\nx = float(1)\ny = 2\nz = np.int(3)'),
      BEFORE
    );
    assert.equal(second.kind, 'joined');
    assert.deepEqual(
      model.entries.map(e => e.proposal.id),
      ['p1']
    );
    assert.equal(model.pendingFor('c2'), null);
  });

  it('does not propose again a fix the user decided, until the cell changes', () => {
    const model = new ProposalsModel();
    model.offer(entry('p1'), BEFORE);
    model.setStatus(['p1'], 'rejected');
    assert.equal(model.pendingFor('c1'), null);
    assert.equal(model.offer(entry('p2'), BEFORE).kind, 'decided');
    assert.equal(model.entries.length, 1);
    // The user edited the cell: the fix is a new question.
    const edited = `${BEFORE}\nprint(x)`;
    const again = {
      ...entry('p3'),
      proposal: {
        ...proposal('p3'),
        before: edited,
        after: `${AFTER}\nprint(x)`
      }
    };
    assert.equal(model.offer(again, edited).kind, 'open');
    assert.equal(model.pendingFor('c1')?.proposal.id, 'p3');
  });

  it('reopens an accepted proposal whose change was undone', () => {
    const model = new ProposalsModel();
    model.offer(entry('p1'), BEFORE);
    const hunks = model.pendingFor('c1')!.hunks!;
    model.update('p1', { status: 'accepted', result: AFTER });
    assert.equal(model.pendingFor('c1'), null);
    model.reopen('p1', hunks);
    const reopened = model.pendingFor('c1');
    assert.equal(reopened?.status, 'pending');
    assert.equal(reopened?.result, undefined);
    assert.equal(reopened?.hunks, hunks);
  });

  it('lists a change a run took back as decided, saying why, and does not propose it again on the text written back', () => {
    const model = new ProposalsModel();
    model.offer(entry('p1'), BEFORE);
    model.update('p1', { status: 'accepted', result: AFTER });
    // The run's fix of the cell joined p1, which the user accepted: its change is p1's.
    model.takeBack({
      proposal: proposal('run'),
      applied: AFTER,
      why: "it brought in 'np'",
      at: ''
    });
    const [taken] = model.entries;
    assert.equal(taken.status, 'taken-back');
    assert.equal(taken.why, "it brought in 'np'");
    assert.equal(taken.result, BEFORE);
    assert.equal(model.pendingFor('c1'), null);
    assert.equal(model.offer(entry('p2'), BEFORE).kind, 'decided');
  });

  it('tells its views only when something they show changed', () => {
    const model = new ProposalsModel();
    assert.equal(
      emits(model, () => model.offer(entry('p1'), BEFORE)),
      1
    );
    assert.equal(
      emits(model, () => model.setStatus(['p1'], 'pending')),
      0
    );
    assert.equal(
      emits(model, () => model.setStatus([], 'rejected')),
      0
    );
    assert.equal(
      emits(model, () => model.update('p1', { streaming: undefined })),
      0
    );
    assert.equal(
      emits(model, () => model.setBusy(false)),
      0
    );
    assert.equal(
      emits(model, () => model.setBusy(true, 'Making the proposals…')),
      1
    );
    assert.equal(
      emits(model, () => model.releaseFromLoop()),
      0
    );
    assert.equal(
      emits(model, () => model.setStatus(['p1'], 'rejected')),
      1
    );
    assert.equal(
      emits(model, () => model.clear()),
      1
    );
    assert.equal(
      emits(model, () => model.clear()),
      0
    );
  });

  it('judges only whole lines of a reply that still streams in', () => {
    const model = new ProposalsModel();
    model.offer(entry('p1'), BEFORE);
    // The reply so far ends in a cut-off `os.sys` call: not judged yet.
    const partial = `${AFTER}\nimport os\nos.sys`;
    model.updateAfter('p1', partial, BEFORE, true);
    const streaming = model.pendingFor('c1')!;
    assert.equal(streaming.streaming, true);
    assert.equal(streaming.proposal.after, partial);
    assert.deepEqual(streaming.proposal.unsafe, []);
    model.updateAfter(
      'p1',
      `${AFTER}\nimport os\nos.system('rm -rf data')`,
      BEFORE,
      false
    );
    const done = model.pendingFor('c1')!;
    assert.equal(done.streaming, false);
    assert.ok(done.proposal.unsafe.length > 0);
  });
});
