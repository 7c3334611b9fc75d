import { expect, test } from '@jupyterlab/galata';
import { openNotebook, openPanel, screenshot } from './helpers';

/** A small notebook eroded the way 2017 notebooks are. */
const ERODED = [
  'import numpy as np\nfrom sklearn.cross_validation import train_test_split',
  'x = np.float(1)\nprint(x)',
  'y = 2',
  'values = (1,\nprint(values)'
];

test.describe('Preflight scan', () => {
  test('lists every eroded line with its cell and line, before anything runs', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/eroded.ipynb`, ERODED);
    const panel = await openPanel(page);
    const scan = panel.locator('.jp-Modernizer-preflight');
    const findings = scan.locator('.jp-Modernizer-finding');
    await expect(findings).toHaveCount(2);
    await expect(scan.locator('.jp-Modernizer-count')).toHaveText('2');

    const moved = scan.locator('[data-rule="sklearn.cross-validation-module"]');
    await expect(moved.locator('.jp-Modernizer-findingWhere')).toHaveText(
      'Cell 1, line 2'
    );
    await expect(moved.locator('.jp-Modernizer-findingText')).toHaveText(
      'from sklearn.cross_validation import train_test_split'
    );
    await expect(moved.locator('.jp-Modernizer-kind')).toHaveText(
      'error repair'
    );
    await expect(moved.locator('.jp-Modernizer-findingSummary')).toContainText(
      'sklearn.model_selection'
    );
    await expect(
      moved.getByRole('link', { name: 'Changelog' })
    ).toHaveAttribute('href', /scikit-learn\.org/);
    const removed = scan.locator('[data-rule="numpy.float"]');
    await expect(removed.locator('.jp-Modernizer-findingWhere')).toHaveText(
      'Cell 2, line 1'
    );
    await expect(removed.locator('.jp-Modernizer-findingText')).toHaveText(
      'np.float'
    );
    // The cell that does not parse is listed with the reason.
    await expect(scan.locator('.jp-Modernizer-skippedCell')).toContainText(
      'Cell 4 not scanned: syntax error at line'
    );
    // Nothing ran: the cells have no prompt number.
    await expect(
      (await page.notebook.getCellLocator(1))!.locator('.jp-InputPrompt')
    ).toHaveText('[ ]:');
    await screenshot(page, 'preflight-findings');

    // A click edits the cell at the eroded line.
    await moved.locator('.jp-Modernizer-findingButton').click();
    await expect(
      page.locator('.jp-Notebook .jp-Cell.jp-mod-active')
    ).toHaveAttribute('data-windowed-list-index', '0');
    await expect(page.locator('.jp-Notebook')).toHaveClass(/jp-mod-editMode/);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const notebook = (window as any).jupyterapp.shell.currentWidget
            .content;
          return notebook.activeCell.editor.getCursorPosition().line;
        })
      )
      .toBe(1);
  });

  test('scans again when a cell changes', async ({ page, tmpPath }) => {
    await openNotebook(page, `${tmpPath}/rescan.ipynb`, ERODED.slice(0, 3));
    const panel = await openPanel(page);
    const findings = panel.locator('.jp-Modernizer-finding');
    await expect(findings).toHaveCount(2);

    // Type an eroded line into the clean cell: it is found once typing pauses.
    await page.notebook.enterCellEditingMode(2);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nz = np.int(3)');
    await expect(findings).toHaveCount(3);
    const added = panel.locator('[data-rule="numpy.int"]');
    await expect(added.locator('.jp-Modernizer-findingWhere')).toHaveText(
      'Cell 3, line 2'
    );

    // Fix the first cell by hand: its finding goes.
    await page.notebook.setCell(
      0,
      'code',
      'import numpy as np\nfrom sklearn.model_selection import train_test_split'
    );
    await expect(findings).toHaveCount(2);
    await expect(
      panel.locator('[data-rule="sklearn.cross-validation-module"]')
    ).toHaveCount(0);
  });
});
