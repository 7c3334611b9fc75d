/**
 * Benchmark, run by `make bench` (benchmarks/bench_inline_diff.py), skipped otherwise: the
 * cost of one streamed chunk of a proposal on a 500-line cell, from the new `after` to the
 * inline diff rendered in the cell's editor (hunks computed again and moved onto the
 * cell's text, the editor's decorations rebuilt, layout). Prints median and p95.
 */
import { expect, test } from '@jupyterlab/galata';
import { openNotebook } from './helpers';

const LINES = 500;
const CHUNKS = Number(process.env.MODERNIZER_BENCH_CHUNKS ?? 200);

test.skip(!process.env.MODERNIZER_BENCH, 'run by make bench');

test('inline diff: recompute and render per streamed chunk, 500-line cell', async ({
  page,
  tmpPath
}) => {
  test.setTimeout(300_000);
  const before = Array.from(
    { length: LINES },
    (_, i) => `x${i} = np.float(${i})`
  ).join('\n');
  await openNotebook(page, `${tmpPath}/bench.ipynb`, [before]);
  await expect(page.locator('.jp-Notebook .cm-editor')).toHaveCount(1);

  const { result: times, hunks } = await page.evaluate(
    async ({ before, lines, chunks }) => {
      const app = (window as any).jupyterapp;
      const registry = app.pluginRegistry._plugins;
      const session = registry.get('jupyterlab-modernizer:plugin').service
        .current;
      const review = session.review;
      const cellId = session.panel.content.widgets[0].model.id;
      const old = before.split('\n');
      // Every tenth line rewritten: 50 hunks once the whole reply is in.
      const fixed = old.map((line: string, i: number) =>
        i % 10 === 7 ? line.replace('np.float', 'float') : line
      );
      review.proposals.add({
        proposal: {
          id: 'bench',
          target: { kind: 'cell', cellId },
          kind: 'error-repair',
          before,
          after: before,
          rationale: 'np.float was removed in numpy 1.24',
          ruleIds: [],
          fixer: 'llm',
          unsafe: []
        },
        status: 'pending',
        position: 1,
        streaming: true
      });
      const frame = () =>
        new Promise<number>(resolve => requestAnimationFrame(resolve));
      await frame();
      await frame();
      const editor = session.panel.content.widgets[0].node.querySelector(
        '.cm-editor'
      ) as HTMLElement;
      const result: number[] = [];
      for (let k = 1; k <= chunks; k++) {
        // The reply so far: the first lines of the new source, the old ones after it.
        const upTo = Math.round((k / chunks) * lines);
        const after = [...fixed.slice(0, upTo), ...old.slice(upTo)].join('\n');
        performance.mark('chunk-start');
        const started = performance.now();
        review.updateProposal('bench', after, k === chunks);
        const computed = performance.now() - started;
        // The inline diff renders in the next frame; this callback runs after it.
        const frameStart = await frame();
        const rendered = performance.now() - frameStart;
        const layoutStart = performance.now();
        void editor.offsetHeight;
        const layout = performance.now() - layoutStart;
        performance.mark('chunk-end');
        performance.measure('inline-diff chunk', 'chunk-start', 'chunk-end');
        result.push(computed + rendered + layout);
      }
      const entry = review.proposals.pending('bench');
      return { result, hunks: entry.hunks.hunks.length };
    },
    { before, lines: LINES, chunks: CHUNKS }
  );
  // The editor draws only what is in view: the hunks are counted in the review.
  expect(hunks).toBe(50);
  await expect(page.locator('.jp-Modernizer-inlineHunk').first()).toBeVisible();
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const median = at(0.5);
  console.log(
    `inline diff, ${LINES}-line cell, ${CHUNKS} chunks: median ${median.toFixed(2)} ms, ` +
      `p95 ${at(0.95).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (target: median <= 4 ms)`
  );
});
