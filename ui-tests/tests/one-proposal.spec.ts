import { expect, test, type IJupyterLabPageFixture } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import {
  cellSource,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

// Two eroded lines, a line apart: two hunks of one proposal.
const TWO_HUNKS =
  'import numpy as np\nfrom sklearn.cross_validation import train_test_split\ny = 2\nx = np.float(1)\nprint(x)';
const FIXED =
  'import numpy as np\nfrom sklearn.model_selection import train_test_split\ny = 2\nx = float(1)\nprint(x)';
const INT = 'z = np.int(3)\nprint(z)';

/** The editor of the active notebook's cell at `index`, where its proposal shows. */
async function editor(page: IJupyterLabPageFixture, index: number) {
  return (await page.notebook.getCellLocator(index))!.locator('.cm-editor');
}

/** The panel's proposals for the cell at `position`. */
function proposals(panel: Locator, position: number): Locator {
  return panel.locator(`.jp-Modernizer-proposal[data-position="${position}"]`);
}

test.describe('One proposal per cell', () => {
  test('Modernize after Fix all offline decides the proposal already shown, and never proposes a rejected fix again', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    await openNotebook(page, `${tmpPath}/once.ipynb`, [TWO_HUNKS, INT]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(3);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(2);

    // In the first cell, the first hunk accepted, the second left to decide.
    const first = await editor(page, 0);
    await expect(first.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);
    await first.locator('.jp-Modernizer-acceptHunk').first().click();
    await expect(first.locator('.jp-Modernizer-inlineHunk')).toHaveCount(1);
    // The second cell's fix turned down.
    await proposals(panel, 2).getByRole('button', { name: 'Reject' }).click();
    await expect(proposals(panel, 2)).toHaveAttribute(
      'data-status',
      'rejected'
    );

    await panel.getByRole('button', { name: 'Modernize' }).click();
    await expect(panel.locator('.jp-Modernizer-activity')).toContainText(
      'Waiting for your review of the fix for cell 1'
    );
    // The run waits for the proposal the cell shows: no second copy, in the panel or the cell.
    await expect(proposals(panel, 1)).toHaveCount(1);
    await expect(first.locator('.jp-Modernizer-inlineBar')).toHaveCount(1);
    await expect(first.locator('.jp-Modernizer-inlineHunk')).toHaveCount(1);
    await screenshot(page, 'one-proposal-review');

    await first.locator('.jp-Modernizer-acceptHunk').click();
    await expect.poll(() => cellSource(page, 0)).toBe(FIXED);
    // The rejected fix is not proposed again: the cell's code is as it was.
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'fails', {
      timeout: 60_000
    });
    await expect(proposals(panel, 2)).toHaveCount(1);
    await expect(proposals(panel, 2)).toHaveAttribute(
      'data-status',
      'rejected'
    );
    expect(await cellSource(page, 1)).toBe(INT);
    await expect(
      panel.locator('.jp-Modernizer-proposal[data-status="pending"]')
    ).toHaveCount(0);
    // Nothing conflicts, and the timeline says the fix went in.
    await expect(page.locator('.jp-Modernizer-inlineConflict')).toHaveCount(0);
    const timeline = panel.locator('.jp-Modernizer-timeline');
    await expect(timeline).toContainText('Accepted and applied.');
    await expect(timeline).not.toContainText('Rejected.');
    await screenshot(page, 'one-proposal-verdict');
  });
});
