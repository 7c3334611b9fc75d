import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandLine, UsageError } from '../../../src/cli/args';
import { BufferedStream, runPool } from '../../../src/cli/batch';

/** A promise and the function that settles it, for work a test ends when it chooses. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>(resolve => (open = resolve));
  return { promise, open };
}

/** Lets every pending callback run. */
const settle = () => new Promise(resolve => setImmediate(resolve));

describe('runPool', () => {
  it('never has more than N items under way, and starts the next as soon as one ends', async () => {
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const pool = runPool(['a', 'b', 'c', 'd'], 2, async (_, index) => {
      started.push(index);
      most = Math.max(most, ++running);
      await gates[index].promise;
      running--;
    });
    await settle();
    assert.deepEqual(started, [0, 1]);
    gates[1].open();
    await settle();
    assert.deepEqual(
      started,
      [0, 1, 2],
      'the second ended first: the third takes its place'
    );
    gates[0].open();
    gates[2].open();
    gates[3].open();
    assert.deepEqual(await pool, []);
    assert.deepEqual(started, [0, 1, 2, 3]);
    assert.equal(most, 2);
  });

  it('one at a time, in order, with N = 1', async () => {
    const log: string[] = [];
    await runPool(['a', 'b', 'c'], 1, async item => {
      log.push(`start ${item}`);
      await settle();
      log.push(`end ${item}`);
    });
    assert.deepEqual(log, [
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c'
    ]);
  });

  it('starts nothing more once aborted, waits for the items under way, and names the ones never started', async () => {
    const controller = new AbortController();
    const gates = [gate(), gate()];
    const ended: number[] = [];
    const pool = runPool(
      [0, 1, 2, 3, 4],
      2,
      async (_, index) => {
        await gates[index].promise;
        ended.push(index);
      },
      controller.signal
    );
    await settle();
    controller.abort();
    gates[0].open();
    await settle();
    assert.deepEqual(ended, [0], 'the one still under way is not left behind');
    gates[1].open();
    assert.deepEqual(await pool, [2, 3, 4]);
    assert.deepEqual(ended, [0, 1]);
  });

  it('on a failure, lets the others end, starts no more, then throws it', async () => {
    const slow = gate();
    const ended: number[] = [];
    const pool = runPool([0, 1, 2, 3], 2, async (_, index) => {
      if (index === 0) {
        throw new Error('server gone');
      }
      await slow.promise;
      ended.push(index);
    });
    await settle();
    slow.open();
    await assert.rejects(pool, /server gone/);
    assert.deepEqual(ended, [1]);
  });

  it('takes more jobs than items, and no items', async () => {
    const done: number[] = [];
    await runPool([0, 1], 8, async (_, i) => void done.push(i));
    assert.deepEqual(done.sort(), [0, 1]);
    assert.deepEqual(await runPool([], 2, async () => undefined), []);
  });
});

describe('BufferedStream', () => {
  it('holds what is written until taken, and is no terminal', () => {
    const stream = new BufferedStream();
    stream.write('one\n');
    stream.write('two\n');
    assert.equal(stream.isTTY, false);
    assert.equal(stream.take(), 'one\ntwo\n');
    assert.equal(stream.take(), '');
  });
});

describe('run --jobs', () => {
  const run = (...extra: string[]) =>
    parseCommandLine(['run', 'a.ipynb', '--out', 'out', ...extra]);

  it('is 1 unless given', () => {
    const command = run();
    assert.equal(command.kind === 'run' && command.options.jobs, 1);
    const four = run('--jobs', '4');
    assert.equal(four.kind === 'run' && four.options.jobs, 4);
  });

  it('takes a positive whole number only', () => {
    for (const bad of ['0', '-1', '1.5', 'two']) {
      assert.throws(
        () => run(`--jobs=${bad}`),
        (error: unknown) =>
          error instanceof UsageError &&
          error.message ===
            `--jobs takes a positive whole number, not "${bad}".`
      );
    }
  });

  it('is refused by check, which runs one notebook', () => {
    assert.throws(
      () => parseCommandLine(['check', 'a.ipynb', '--jobs', '2']),
      /--jobs is an option of run, not of check\./
    );
  });
});
