import { expect, test, type IJupyterLabPageFixture } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import {
  cellSource,
  modelCells,
  openNotebook,
  openPanel,
  screenshot
} from './helpers';

const IMPORTS =
  'import numpy as np\nfrom sklearn.cross_validation import train_test_split';
const FLOAT = 'x = np.float(1)\nprint(x)';

/** The editor of the active notebook's cell at `index`, where its proposal shows. */
async function editor(page: IJupyterLabPageFixture, index: number) {
  return (await page.notebook.getCellLocator(index))!.locator('.cm-editor');
}

/** The panel's proposal for the cell at `position`. */
function proposal(panel: Locator, position: number): Locator {
  return panel.locator(`.jp-Modernizer-proposal[data-position="${position}"]`);
}

test.describe('Fix all offline', () => {
  test('proposes a diff per eroded cell; Accept applies it (Ctrl+Z undoes it), Reject changes nothing', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/fix.ipynb`, [IMPORTS, FLOAT, 'y = 2']);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();

    const proposals = panel.locator('.jp-Modernizer-proposal');
    await expect(proposals).toHaveCount(2);
    const first = proposal(panel, 1);
    await expect(first.locator('.jp-Modernizer-kind')).toHaveText(
      'error repair'
    );
    await expect(first.locator('.jp-Modernizer-rationale')).toContainText(
      'sklearn.model_selection'
    );
    await expect(first.locator('.jp-Modernizer-ruleIds')).toHaveText(
      'sklearn.cross-validation-module'
    );
    // The diff shows in the cell itself.
    const cell = await editor(page, 0);
    await expect(
      cell.locator('.cm-line.jp-Modernizer-inlineRemoved')
    ).toHaveText(['from sklearn.cross_validation import train_test_split']);
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'from sklearn.model_selection import train_test_split'
    ]);
    await expect(
      cell.locator('.cm-line:not(.jp-Modernizer-inlineRemoved)')
    ).toHaveText(['import numpy as np']);
    // A proposal changes nothing until accepted.
    expect(await cellSource(page, 0)).toBe(IMPORTS);
    await screenshot(page, 'proposals');

    // Accept: the cell's source changes.
    const second = proposal(panel, 2);
    await second.getByRole('button', { name: 'Accept' }).click();
    await expect(second).toHaveAttribute('data-status', 'accepted');
    await expect.poll(() => cellSource(page, 1)).toBe('x = float(1)\nprint(x)');

    // Reject: nothing changes.
    await first.getByRole('button', { name: 'Reject' }).click();
    await expect(first).toHaveAttribute('data-status', 'rejected');
    expect(await cellSource(page, 0)).toBe(IMPORTS);
    await screenshot(page, 'proposals-decided');

    // Ctrl+Z in the cell undoes the accepted change in one step.
    await page.notebook.enterCellEditingMode(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellSource(page, 1)).toBe(FLOAT);
  });

  test('a proposal whose lines the user edited is stale and never applied', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/stale.ipynb`, [IMPORTS, FLOAT]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(2);

    // The user edits, by hand, the line the second cell's proposal changes.
    await page.notebook.enterCellEditingMode(1);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.type(' * 2');
    const edited = 'x = np.float(1) * 2\nprint(x)';
    await expect(
      (await editor(page, 1)).locator(
        '.jp-Modernizer-inlineHunk[data-conflicted="true"]'
      )
    ).toContainText('your text is kept');

    // Accept all applies the other one and leaves the edited cell alone.
    await panel.getByRole('button', { name: 'Accept all' }).click();
    await expect(proposal(panel, 2)).toHaveAttribute('data-status', 'stale');
    await expect(
      proposal(panel, 2).locator('.jp-Modernizer-proposalStatus')
    ).toContainText('your edit is kept');
    await expect(proposal(panel, 1)).toHaveAttribute('data-status', 'accepted');
    await expect
      .poll(() => cellSource(page, 0))
      .toBe(
        'import numpy as np\nfrom sklearn.model_selection import train_test_split'
      );
    expect(await cellSource(page, 1)).toBe(edited);
    await screenshot(page, 'proposal-stale');
  });
});

test.describe('Fix all offline, asking the kernel', () => {
  test('`.ix` becomes `.iloc` when the live frame has string labels', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/ix.ipynb`, [
      'import pandas as pd\ndf = pd.DataFrame({"a": [1, 2, 3]}, index=["x", "y", "z"])',
      'print(df.ix[1:]["a"].tolist())'
    ]);
    const panel = await openPanel(page);
    await expect(
      panel.locator('[data-rule="pandas.ix"] .jp-Modernizer-findingWhere')
    ).toHaveText('Cell 2, line 1');
    // The user ran the first cell: the kernel knows the frame.
    await page.notebook.runCell(0);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(
      (await editor(page, 1)).locator('.jp-Modernizer-inlineAdded')
    ).toHaveText(['print(df.iloc[1:]["a"].tolist())']);
    // Asking the kernel ran no cell.
    await expect(
      (await page.notebook.getCellLocator(1))!.locator('.jp-InputPrompt')
    ).toHaveText('[ ]:');
  });
});

test.describe('Revert all', () => {
  test('restores the original exactly: sources, saved outputs and counts', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(
      page,
      `${tmpPath}/revert.ipynb`,
      [IMPORTS, FLOAT, 'print("saved in 2017")'],
      ['', '1.0\n', 'saved in 2017\n']
    );
    const before = await modelCells(page);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await panel.getByRole('button', { name: 'Accept all' }).click();
    await expect(
      panel.locator('.jp-Modernizer-proposal[data-status="accepted"]')
    ).toHaveCount(2);
    // Run it: outputs and counts change; then add a cell.
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'passed',
      // The check imports the notebook's libraries in a fresh kernel.
      { timeout: 30_000 }
    );
    await page.notebook.addCell('code', 'added = True');
    expect((await modelCells(page)).length).toBe(4);

    await panel.getByRole('button', { name: 'Revert all' }).click();
    const dialog = page.locator('.jp-Dialog');
    await expect(dialog).toContainText('Revert all changes?');
    await dialog.getByRole('button', { name: 'Revert all' }).click();
    await expect.poll(() => modelCells(page)).toEqual(before);
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'Reverted to the notebook as it was opened.'
    );
    await expect(panel.locator('.jp-Modernizer-cell')).toHaveCount(0);
    // The eroded lines are back, and found again.
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    // The saved output shows again in the cell.
    await expect(
      (await page.notebook.getCellLocator(2))!.locator('.jp-OutputArea-output')
    ).toHaveText('saved in 2017');
    await screenshot(page, 'reverted');
  });
});

test.describe('Closing a notebook mid-review', () => {
  test('drops its pending proposals with a notice and saves nothing of them', async ({
    page,
    tmpPath
  }) => {
    const path = `${tmpPath}/closed.ipynb`;
    await openNotebook(page, path, [IMPORTS, FLOAT]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(2);

    await page.notebook.close(true);
    await expect(page.locator('.jp-Notification-Toast-info')).toContainText(
      'closed.ipynb was closed with 2 Modernizer proposals not yet reviewed'
    );
    const saved = await page.evaluate(async path => {
      const contents = (window as any).jupyterapp.serviceManager.contents;
      return (await contents.get(path, { content: true })).content.cells;
    }, path);
    expect(saved.map((cell: any) => [].concat(cell.source).join(''))).toEqual([
      IMPORTS,
      FLOAT
    ]);
  });
});
