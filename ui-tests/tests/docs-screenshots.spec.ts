import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';
import { openExample, openPanel } from './helpers';

// With UPDATE_DOCS=1 (`make docs-screenshots`) the pictures also replace the README's.
const DOCS = path.resolve(__dirname, '../../docs');

/** Saves the picture under test-results, and into docs/ when asked to. */
async function picture(
  target: { screenshot(options: { path: string }): Promise<unknown> },
  name: string
): Promise<void> {
  const dir = test.info().project.outputDir;
  await target.screenshot({ path: `${dir}/screenshots/${name}.png` });
  if (process.env.UPDATE_DOCS) {
    await target.screenshot({ path: path.join(DOCS, `${name}.png`) });
  }
}

test.describe("The README's pictures", () => {
  test('an example after Fix all offline: the panel and an inline diff', async ({
    page,
    tmpPath
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1400, height: 860 });
    await openExample(page, tmpPath, 'titanic-2017.ipynb');
    const panel = await openPanel(page);
    const fix = panel.getByRole('button', { name: 'Fix all offline' });
    await expect(fix).toBeEnabled({ timeout: 30_000 });
    await fix.click();

    // What the pictures must show: proposals in the panel, one diff in its cell.
    const proposals = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(proposals.first()).toBeVisible({ timeout: 60_000 });
    const cell = page
      .locator('.jp-Notebook .jp-Cell')
      .filter({ has: page.locator('.jp-Modernizer-inlineBar') })
      .first();
    await cell.scrollIntoViewIfNeeded();
    await expect(
      cell.locator('.jp-Modernizer-inlineAdded').first()
    ).toBeVisible();
    await expect(
      cell.getByRole('button', { name: 'Accept cell' })
    ).toBeVisible();

    await picture(page, 'panel');
    await picture(cell, 'inline-diff');
  });
});
