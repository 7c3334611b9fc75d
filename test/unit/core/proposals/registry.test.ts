import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProposalRegistry, type IProposal } from '../../../../src/core';

const BEFORE = 'import numpy as np\nx = np.float(1)\ny = 2\nz = np.int(3)';
const AFTER = 'import numpy as np\nx = float(1)\ny = 2\nz = int(3)';
// The first hunk accepted, the second still to decide.
const HALF = 'import numpy as np\nx = float(1)\ny = 2\nz = np.int(3)';

function proposal(
  id: string,
  before: string,
  after: string,
  cellId = 'c1'
): IProposal {
  return {
    id,
    target: { kind: 'cell', cellId },
    kind: 'error-repair',
    before,
    after,
    rationale: 'numpy aliases',
    ruleIds: ['numpy.aliases'],
    fixer: 'rules',
    unsafe: []
  };
}

describe('ProposalRegistry', () => {
  it('opens a first proposal for a target, and a second one joins it', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    assert.deepEqual(registry.offer(first, BEFORE), {
      kind: 'open',
      replaced: null
    });
    registry.open(first);
    const second = proposal('p2', HALF, AFTER);
    assert.deepEqual(registry.offer(second, HALF), {
      kind: 'joined',
      live: first
    });
    // Another cell is another target.
    const other = proposal('p3', BEFORE, AFTER, 'c2');
    assert.equal(registry.offer(other, BEFORE).kind, 'open');
    assert.equal(registry.live({ kind: 'cell', cellId: 'c1' }), first);
  });

  it('replaces a live proposal when asked to, and says which', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, HALF);
    registry.open(first);
    const second = proposal('p2', BEFORE, AFTER);
    assert.deepEqual(registry.offer(second, BEFORE, { replace: true }), {
      kind: 'open',
      replaced: first
    });
    assert.equal(registry.open(second), first);
    assert.equal(registry.isLive('p1'), false);
    assert.equal(registry.isLive('p2'), true);
  });

  it('does not propose a rejected fix again while the code is as it was', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    registry.open(first);
    registry.decide(first, { kind: 'reject' }, BEFORE);
    assert.equal(registry.live(first.target), null);
    const again = proposal('p2', BEFORE, AFTER);
    const offer = registry.offer(again, BEFORE);
    assert.equal(offer.kind, 'decided');
    assert.deepEqual(offer.kind === 'decided' && offer.decided.decision, {
      kind: 'reject'
    });
    // Once the user changed the code, the fix is proposed again.
    const edited = `${BEFORE}\nprint(z)`;
    const later = proposal('p3', edited, `${AFTER}\nprint(z)`);
    assert.equal(registry.offer(later, edited).kind, 'open');
  });

  it('does not propose again what was left of a fix accepted in part', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    registry.open(first);
    // One hunk accepted, the other rejected: the cell holds HALF.
    registry.decide(first, { kind: 'accept', source: HALF }, HALF);
    assert.equal(
      registry.offer(proposal('p2', HALF, AFTER), HALF).kind,
      'decided'
    );
    // A different change of the same text is a new fix.
    const other = proposal('p3', HALF, `${HALF}\nprint(z)`);
    assert.equal(registry.offer(other, HALF).kind, 'open');
  });

  it('takes a smaller fix of the same lines as decided too', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    registry.open(first);
    registry.decide(first, { kind: 'reject' }, BEFORE);
    // Only the first of the rejected changes, as a run's rules make it.
    assert.equal(
      registry.offer(proposal('p2', BEFORE, HALF), BEFORE).kind,
      'decided'
    );
  });

  it('reopens an accepted proposal whose change was undone', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    registry.open(first);
    registry.decide(first, { kind: 'accept' }, AFTER);
    assert.equal(registry.decisions(first.target).length, 1);
    assert.equal(registry.reopen('p1'), true);
    assert.equal(registry.live(first.target), first);
    assert.equal(registry.decisions(first.target).length, 0);
    assert.equal(registry.reopen('p1'), false);
  });

  it('keeps a proposal live on stop, and forgets everything on clear', () => {
    const registry = new ProposalRegistry();
    const first = proposal('p1', BEFORE, AFTER);
    registry.open(first);
    registry.decide(first, { kind: 'stop' }, BEFORE);
    assert.equal(registry.isLive('p1'), true);
    registry.decide(first, { kind: 'stale' }, null);
    assert.equal(registry.isLive('p1'), false);
    // A stale proposal was never decided by the user: it may be made again.
    assert.equal(
      registry.offer(proposal('p2', BEFORE, AFTER), BEFORE).kind,
      'open'
    );
    registry.clear();
    assert.equal(registry.decisions(first.target).length, 0);
    assert.equal(
      registry.offer(proposal('p2', BEFORE, AFTER), BEFORE).kind,
      'open'
    );
  });

  it('forgets a live proposal that came to nothing', () => {
    const registry = new ProposalRegistry();
    registry.open(proposal('p1', BEFORE, AFTER));
    registry.drop('p1');
    assert.equal(registry.live({ kind: 'cell', cellId: 'c1' }), null);
  });
});
