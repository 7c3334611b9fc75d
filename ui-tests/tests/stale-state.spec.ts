import { expect, test } from '@jupyterlab/galata';
import {
  cellSource,
  notebookJson,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

const FLOAT = 'x = np.float(1)\nprint(x)';
const IRIS =
  'import numpy as np\nfrom sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)';
const FOREST =
  'from sklearn.ensemble import RandomForestClassifier\nprint(len(RandomForestClassifier(random_state=0).fit(X, y).estimators_))';

test.describe('Nothing stale is left behind', () => {
  test('a proposal still open when the run ends is named beside the verdict', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    // Written with Python 3.6: the forest's old default of 10 trees is pinned offline.
    const notebook = JSON.parse(notebookJson([IRIS, FOREST]));
    notebook.metadata.language_info.version = '3.6.8';
    await page.contents.uploadContent(
      JSON.stringify(notebook),
      'text',
      `${tmpPath}/open.ipynb`
    );
    await page.notebook.openByPath(`${tmpPath}/open.ipynb`);
    await page.notebook.activate('open.ipynb');
    const panel = await openPanel(page);
    await expect(
      panel.locator('[data-rule="sklearn.forest-n-estimators"]')
    ).toHaveCount(1, { timeout: 30_000 });
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const open = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(open).toHaveCount(1);

    // Modernize runs it through without asking: the scores print nothing to compare.
    await panel.getByRole('button', { name: 'Modernize' }).click();
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 90_000
    });
    // The proposal still in the cell is not silently left there.
    await expect(panel.locator('.jp-Modernizer-verdictOpen')).toContainText(
      '1 proposal is still open: cell 2'
    );
    await expect(open).toHaveCount(1);
    await screenshot(page, 'verdict-open-proposal');
  });

  test('Revert all after a run clears its verdict and its timeline', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    await openNotebook(
      page,
      `${tmpPath}/revert-run.ipynb`,
      ['import numpy as np', FLOAT],
      ['', '1.0\n']
    );
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await panel
      .locator('.jp-Modernizer-proposal[data-status="pending"]')
      .getByRole('button', { name: 'Accept' })
      .click();
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 90_000
    });
    await expect(panel.locator('.jp-Modernizer-timeline')).toBeVisible();
    await screenshot(page, 'tour-4-verdict');

    await panel.getByRole('button', { name: 'Revert all' }).click();
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Revert all' })
      .click();
    await expect.poll(() => cellSource(page, 1)).toBe(FLOAT);
    await expect(verdict).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-timeline')).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'Reverted to the notebook as it was opened.'
    );
    // The preflight scan reads the restored code again.
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(1);
    await screenshot(page, 'tour-5-after-revert-all');
  });

  test('Ctrl+Z after accepting a fix reopens its proposal', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/undo.ipynb`, [
      'import numpy as np',
      FLOAT
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const card = panel.locator('.jp-Modernizer-proposal[data-position="2"]');
    const cell = (await page.notebook.getCellLocator(1))!.locator('.cm-editor');
    await cell.locator('.jp-Modernizer-acceptHunk').click();
    await expect(card).toHaveAttribute('data-status', 'accepted');
    await expect.poll(() => cellSource(page, 1)).toBe('x = float(1)\nprint(x)');

    await page.notebook.enterCellEditingMode(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellSource(page, 1)).toBe(FLOAT);
    // The card is open again, and the diff is back in the cell.
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card).not.toContainText('Accepted');
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'x = float(1)'
    ]);
    // It can be accepted again.
    await cell.locator('.jp-Modernizer-acceptHunk').click();
    await expect.poll(() => cellSource(page, 1)).toBe('x = float(1)\nprint(x)');
  });
});
