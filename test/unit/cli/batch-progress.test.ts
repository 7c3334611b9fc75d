import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  batchBar,
  batchStatus,
  BatchProgress,
  etaMs,
  type IBatchState
} from '../../../src/cli/batch-progress';

const state = (extra: Partial<IBatchState>): IBatchState => ({
  total: 12,
  done: 0,
  reproduced: 0,
  running: 0,
  elapsedMs: 0,
  lastDoneMs: 0,
  ...extra
});

describe('batch progress line', () => {
  it('says how many are done, reproduced and running, the time so far and the time left', () => {
    assert.equal(
      batchStatus(
        state({
          done: 3,
          reproduced: 2,
          running: 2,
          elapsedMs: 65_000,
          lastDoneMs: 60_000
        })
      ),
      '3/12 done, 2 reproduced, 2 running, 1m05s, ETA 2m55s'
    );
  });

  it('has no time left to tell before the first notebook ends, and none once all have', () => {
    assert.equal(
      batchStatus(state({ running: 2, elapsedMs: 4_000 })),
      '0/12 done, 0 reproduced, 2 running, 4s, ETA ?'
    );
    assert.equal(
      batchStatus(
        state({
          done: 12,
          reproduced: 9,
          elapsedMs: 61_000,
          lastDoneMs: 61_000
        })
      ),
      '12/12 done, 9 reproduced, 1m01s'
    );
  });

  it('takes the pace of the notebooks done so far, and counts down until the next ends', () => {
    // 4 done in 40 s: 12 in 120 s.
    const four = state({ done: 4, elapsedMs: 40_000, lastDoneMs: 40_000 });
    assert.equal(etaMs(four), 80_000);
    assert.equal(etaMs({ ...four, elapsedMs: 50_000 }), 70_000);
    // Slower than the pace: the time left stays at 0, never below.
    assert.equal(etaMs({ ...four, elapsedMs: 200_000 }), 0);
    assert.equal(etaMs(state({})), undefined);
  });

  it('draws a bar of the share done, cut to the terminal', () => {
    const half = state({ done: 6, elapsedMs: 30_000, lastDoneMs: 30_000 });
    assert.equal(
      batchBar(half),
      '[##########..........] 6/12 done, 0 reproduced, 30s, ETA 30s'
    );
    assert.equal(batchBar(half, 30), '[##########..........] 6/12 d');
  });
});

describe('BatchProgress', () => {
  const recorder = (isTTY: boolean) => {
    const stream = {
      text: '',
      isTTY,
      columns: 100,
      write(chunk: string) {
        stream.text += chunk;
        return true;
      }
    };
    return stream;
  };

  it('off a terminal: each notebook whole, then a plain line, and no escape codes', () => {
    let now = 1_000;
    const out = recorder(false);
    const err = recorder(false);
    const progress = new BatchProgress(out, err, 3, () => now);
    progress.started();
    progress.started();
    now += 10_000;
    progress.finished('\n== b.ipynb\nVerdict: reproducible\n', '', true);
    now += 5_000;
    progress.finished(
      '\n== a.ipynb\nVerdict: fails\n',
      'a: not written\n',
      false
    );
    progress.stop();
    assert.equal(
      out.text,
      '\n== b.ipynb\nVerdict: reproducible\n' +
        '[1/3 done, 1 reproduced, 1 running, 10s, ETA 20s]\n' +
        '\n== a.ipynb\nVerdict: fails\n' +
        '[2/3 done, 1 reproduced, 15s, ETA 8s]\n'
    );
    assert.equal(err.text, 'a: not written\n');
    assert.ok(!out.text.includes('\u001b') && !out.text.includes('\r'));
  });

  it('on a terminal: the bar is taken away before a notebook prints and drawn again after it', () => {
    let now = 0;
    const out = recorder(true);
    const err = recorder(false);
    const progress = new BatchProgress(out, err, 2, () => now);
    progress.started();
    now = 3_000;
    out.text = '';
    progress.finished(
      '\n== a.ipynb\nVerdict: reproducible\n',
      'warning\n',
      true
    );
    assert.equal(
      out.text,
      '\r\u001b[K' +
        '\n== a.ipynb\nVerdict: reproducible\n' +
        '\r[##########..........] 1/2 done, 1 reproduced, 3s, ETA 3s\u001b[K'
    );
    assert.equal(err.text, 'warning\n');
    out.text = '';
    progress.stop();
    assert.equal(
      out.text,
      '\r\u001b[K',
      'the bar is gone when the table prints'
    );
    progress.stop();
    assert.equal(out.text, '\r\u001b[K', 'and stopping again writes nothing');
  });
});
