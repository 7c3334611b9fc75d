import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { unsafeFlags } from '../../../../src/core';
import { BYPASSES } from './unsafe-bypasses';
import { IMPORTS, ORDINARY } from './unsafe-ordinary';

describe('the unsafe-code check against bypass attempts', () => {
  let blocked = 0;
  let passed = 0;

  for (const [what, before, proposal, capability] of BYPASSES) {
    it(`blocks ${what}: ${proposal.split('\n').pop()}`, () => {
      const flags = unsafeFlags(before, proposal);
      assert.ok(
        flags.some(flag => flag.capability === capability),
        `expected ${capability}, got ${JSON.stringify(flags)}`
      );
      blocked++;
    });
  }

  for (const [what, before, proposal] of ORDINARY) {
    it(`lets an ordinary fix pass: ${what}`, () => {
      assert.deepEqual(unsafeFlags(before, proposal, { imports: IMPORTS }), []);
      passed++;
    });
  }

  after(() => {
    // Counts for the record (the test runner prints them with the results).
    console.log(
      `bypasses tried ${BYPASSES.length}, blocked ${blocked}; ordinary fixes ${ORDINARY.length}, passed ${passed}, false positives ${ORDINARY.length - passed}`
    );
  });

  it(`tries at least 40 bypasses (${BYPASSES.length}) and 20 ordinary fixes (${ORDINARY.length})`, () => {
    assert.ok(BYPASSES.length >= 40);
    assert.ok(ORDINARY.length >= 20);
  });
});
