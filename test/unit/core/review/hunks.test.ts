import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  acceptHunks,
  applyHunks,
  changedSpan,
  computeHunks,
  rebaseHunks,
  rejectHunks
} from '../../../../src/core';

const BEFORE = [
  'import numpy as np',
  'from sklearn.cross_validation import train_test_split',
  'x = np.float(1)',
  'print(x)',
  'y = np.int(2)'
].join('\n');
const AFTER = [
  'import numpy as np',
  'from sklearn.model_selection import train_test_split',
  'x = float(1)',
  'print(x)',
  'y = int(2)'
].join('\n');

describe('computeHunks', () => {
  it('makes one hunk per run of changed lines, with its position', () => {
    const set = computeHunks(BEFORE, AFTER);
    assert.equal(set.hunks.length, 2);
    assert.deepEqual(
      set.hunks.map(h => [h.start, h.removed.length, h.added.length]),
      [
        [1, 2, 2],
        [4, 1, 1]
      ]
    );
    assert.deepEqual(set.hunks[1].added, ['y = int(2)\n']);
    assert.ok(set.hunks.every(h => !h.conflicted));
  });

  it('keeps the ids of unchanged hunks when `after` is recomputed', () => {
    const first = computeHunks(BEFORE, AFTER);
    const streamed = computeHunks(BEFORE, AFTER.replace('int(2)', 'int(3)'));
    assert.equal(streamed.hunks[0].id, first.hunks[0].id);
    assert.notEqual(streamed.hunks[1].id, first.hunks[1].id);
  });

  it('numbers the same change made twice', () => {
    const set = computeHunks('a\nb\na', 'c\nb\nc');
    assert.equal(set.hunks.length, 2);
    assert.notEqual(set.hunks[0].id, set.hunks[1].id);
  });

  it('shows an appended line alone, not the last line as changed', () => {
    const set = computeHunks('a\nb', 'a\nb\nc');
    assert.equal(set.hunks.length, 1);
    assert.deepEqual(set.hunks[0].removed, []);
    assert.equal(applyHunks(set), 'a\nb\nc');
  });

  it('gives back `after` exactly: CRLF, a final newline added or taken away', () => {
    for (const [before, after] of [
      ['a\r\nb\r\n', 'a\r\nc\r\n'],
      ['a\r\nb', 'a\r\nc'],
      ['a\nb', 'a\nb\n'],
      ['a\nb\n', 'a\nc'],
      ['', 'x = 1\ny = 2'],
      ['x = 1\ny = 2', ''],
      ['', '']
    ]) {
      assert.equal(applyHunks(computeHunks(before, after)), after);
      assert.equal(applyHunks(computeHunks(before, after), []), before);
    }
  });

  it('has no hunks for equal texts', () => {
    assert.deepEqual(computeHunks('a\nb', 'a\nb').hunks, []);
  });
});

describe('partial accept', () => {
  it('applies only the chosen hunks', () => {
    const set = computeHunks(BEFORE, AFTER);
    assert.equal(
      applyHunks(set, [set.hunks[1].id]),
      BEFORE.replace('np.int(2)', 'int(2)')
    );
  });

  it('moves the remaining hunks onto the new text', () => {
    const set = computeHunks('a\nb\nc\nd', 'a\nx\ny\nb\nc\nz');
    const [first, second] = set.hunks;
    const after = acceptHunks(set, [first.id]);
    assert.equal(after.text, 'a\nx\ny\nb\nc\nd');
    assert.deepEqual(
      after.hunks.map(h => [h.id, h.start]),
      [[second.id, 5]]
    );
    assert.equal(applyHunks(after), 'a\nx\ny\nb\nc\nz');
  });

  it('a rejected hunk leaves the text as it is', () => {
    const set = computeHunks(BEFORE, AFTER);
    const left = rejectHunks(set, [set.hunks[0].id]);
    assert.equal(left.text, BEFORE);
    assert.equal(left.hunks.length, 1);
    assert.equal(applyHunks(left), BEFORE.replace('np.int(2)', 'int(2)'));
  });
});

describe('rebaseHunks', () => {
  it('moves hunks past an edit that does not overlap them', () => {
    const set = computeHunks(BEFORE, AFTER);
    const edited = `# loaded in 2017\n${BEFORE}\nprint(y)`;
    const rebased = rebaseHunks(set, edited);
    assert.ok(rebased.hunks.every(h => !h.conflicted));
    assert.deepEqual(
      rebased.hunks.map(h => h.start),
      [2, 5]
    );
    assert.equal(rebased.text, edited);
    assert.equal(applyHunks(rebased), `# loaded in 2017\n${AFTER}\nprint(y)`);
  });

  it('marks a hunk the user edited conflicted and never applies it', () => {
    const set = computeHunks(BEFORE, AFTER);
    const edited = BEFORE.replace('np.int(2)', 'np.int64(2)');
    const rebased = rebaseHunks(set, edited);
    assert.deepEqual(
      rebased.hunks.map(h => h.conflicted),
      [false, true]
    );
    const applied = applyHunks(rebased);
    assert.ok(applied.endsWith('y = np.int64(2)'));
    assert.ok(applied.includes('sklearn.model_selection'));
  });

  it('a line typed inside a hunk conflicts; one typed at its edge moves it', () => {
    const set = computeHunks(BEFORE, AFTER);
    const lines = BEFORE.split('\n');
    const inside = [...lines.slice(0, 2), 'z = 0', ...lines.slice(2)].join(
      '\n'
    );
    assert.equal(rebaseHunks(set, inside).hunks[0].conflicted, true);
    const edge = ['z = 0', ...lines].join('\n');
    const moved = rebaseHunks(set, edge).hunks[0];
    assert.deepEqual([moved.conflicted, moved.start], [false, 2]);
  });

  it('a hunk stays conflicted once the user touched it', () => {
    const set = computeHunks(BEFORE, AFTER);
    const edited = BEFORE.replace('x = np.float(1)', 'x = 1.0');
    const once = rebaseHunks(set, edited);
    const twice = rebaseHunks(once, `${edited}\n`);
    assert.equal(twice.hunks[0].conflicted, true);
  });

  it('keeps ids and does nothing for the same text', () => {
    const set = computeHunks(BEFORE, AFTER);
    assert.equal(rebaseHunks(set, BEFORE), set);
  });

  it('rebases onto text the user gave a final newline', () => {
    const set = computeHunks('a\nb', 'a\nc');
    const rebased = rebaseHunks(set, 'z\na\nb\n');
    assert.equal(applyHunks(rebased), 'z\na\nc\n');
  });

  it('rebases onto an emptied cell as conflicted', () => {
    const set = computeHunks('a\nb', 'a\nc');
    const rebased = rebaseHunks(set, '');
    assert.equal(rebased.hunks[0].conflicted, true);
    assert.equal(applyHunks(rebased), '');
  });

  it('is fast on a 500-line cell', () => {
    const before = Array.from({ length: 500 }, (_, i) => `x${i} = ${i}`).join(
      '\n'
    );
    const after = before.replace(/x(\d*)7 =/g, 'y$17 =');
    const started = performance.now();
    const set = computeHunks(before, after);
    rebaseHunks(set, `# edit\n${before}`);
    assert.equal(set.hunks.length, 50);
    assert.ok(performance.now() - started < 200);
  });
});

describe('changedSpan', () => {
  it('is the one span that differs, and rebuilds `after`', () => {
    for (const [before, after] of [
      ['x = np.float(1)\nprint(x)', 'x = float(1)\nprint(x)'],
      ['aaa', 'aaaa'],
      ['abc', ''],
      ['', 'abc'],
      ['same', 'same']
    ]) {
      const { start, end, text } = changedSpan(before, after);
      assert.equal(before.slice(0, start) + text + before.slice(end), after);
    }
    assert.deepEqual(changedSpan('x = np.float(1)', 'x = float(1)'), {
      start: 4,
      end: 7,
      text: ''
    });
  });
});
