import { expect, test } from '@jupyterlab/galata';
import * as fs from 'fs';
import * as path from 'path';
import { cellRow, openPanel, screenshot } from './helpers';

const EXAMPLES = path.resolve(__dirname, '../../examples');
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

  test('the Titanic notebook stops at its first `.ix`', async ({
    page,
    tmpPath
  }) => {
    const text = fs.readFileSync(path.join(EXAMPLES, NOTEBOOK), 'utf-8');
    for (const file of fs.readdirSync(path.join(EXAMPLES, 'data'))) {
      const content = fs.readFileSync(path.join(EXAMPLES, 'data', file));
      await page.contents.uploadContent(
        content.toString('base64'),
        'base64',
        `${tmpPath}/data/${file}`
      );
    }
    await page.contents.uploadContent(text, 'text', `${tmpPath}/${NOTEBOOK}`);
    await page.notebook.openByPath(`${tmpPath}/${NOTEBOOK}`);
    await page.notebook.activate(NOTEBOOK);
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
