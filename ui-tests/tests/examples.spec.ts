import { expect, test, type IJupyterLabPageFixture } from '@jupyterlab/galata';
import * as fs from 'fs';
import * as path from 'path';
import {
  cellRow,
  EXAMPLES,
  openExample,
  openPanel,
  screenshot
} from './helpers';

const NOTEBOOK = 'titanic-2017.ipynb';

/** 1-based position, among the non-empty code cells, of the first cell matching `pattern`. */
function positionOf(notebook: any, pattern: RegExp): number {
  const sources: string[] = notebook.cells
    .filter((cell: any) => cell.cell_type === 'code')
    .map((cell: any) =>
      Array.isArray(cell.source) ? cell.source.join('') : cell.source
    )
    .filter((source: string) => source.trim() !== '');
  return sources.findIndex(source => pattern.test(source)) + 1;
}

test.describe('An eroded example notebook', () => {
  test.skip(
    !fs.existsSync(path.join(EXAMPLES, NOTEBOOK)),
    'examples/ has no Titanic notebook'
  );

  const openTitanic = (page: IJupyterLabPageFixture, tmpPath: string) =>
    openExample(page, tmpPath, NOTEBOOK);

  test('the preflight scan lists its eroded lines; its saved scores are read', async ({
    page,
    tmpPath
  }) => {
    const notebook = JSON.parse(await openTitanic(page, tmpPath));
    const panel = await openPanel(page);
    const scan = panel.locator('.jp-Modernizer-preflight');
    const ix = scan.locator('[data-rule="pandas.ix"]');
    await expect(ix.first().locator('.jp-Modernizer-findingWhere')).toHaveText(
      `Cell ${positionOf(notebook, /\.ix\[/)}, line 1`,
      { timeout: 30_000 }
    );
    await expect(ix).toHaveCount(3);
    await expect(
      scan.locator(
        '[data-rule="sklearn.cross-validation-module"] .jp-Modernizer-findingWhere'
      )
    ).toHaveText(
      `Cell ${positionOf(notebook, /sklearn\.cross_validation/)}, line 1`
    );
    // A changed default is a score-calibration finding.
    await expect(
      scan.locator('[data-rule="sklearn.logistic-solver"] .jp-Modernizer-kind')
    ).toHaveText('score calibration');
    // The scores its saved outputs print, before anything runs.
    const rows = panel.locator('.jp-Modernizer-scores tbody tr');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('accuracy0.7672');
    await screenshot(page, 'preflight-titanic');
  });

  test('the Titanic notebook stops at its first `.ix`', async ({
    page,
    tmpPath
  }) => {
    const text = await openTitanic(page, tmpPath);
    const expected = positionOf(JSON.parse(text), /\.ix\[/);

    const panel = await openPanel(page);
    await expect(
      panel.locator('tr[data-module="sklearn"] .jp-Modernizer-moduleVersion')
    ).toHaveText(/^1\./);
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
    await panel.getByRole('button', { name: 'Run check' }).click();

    const failure = panel.locator('.jp-Modernizer-failure');
    await expect(failure.locator('.jp-Modernizer-heading')).toHaveText(
      `Error in cell ${expected}`,
      { timeout: 30_000 }
    );
    await expect(failure.locator('.jp-Modernizer-ename')).toHaveText(
      'AttributeError'
    );
    await expect(failure.locator('.jp-Modernizer-evalue')).toContainText(
      "'ix'"
    );
    await expect(cellRow(panel, expected - 1)).toHaveAttribute(
      'data-status',
      'ok'
    );
    await screenshot(page, 'panel-titanic-failure');
  });
});
