import { expect, test } from '@jupyterlab/galata';
import type { Locator, Page } from '@playwright/test';
import {
  cellSource,
  notebookJson,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

/** Whether two elements' boxes overlap on the page. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return (
    !!x &&
    !!y &&
    x.x < y.x + y.width &&
    y.x < x.x + x.width &&
    x.y < y.y + y.height &&
    y.y < x.y + x.height
  );
}

/** The notebook cell whose code holds `text`, wherever the notebook is scrolled. */
function cellWith(page: Page, text: string): Locator {
  return page
    .locator('.jp-NotebookPanel .jp-CodeCell')
    .filter({ has: page.locator('.cm-content', { hasText: text }) });
}

test.describe('The flow a newcomer follows', () => {
  test('the primary actions and the verdict stay at the top of the panel', async ({
    page,
    tmpPath
  }) => {
    // Enough eroded lines for a long preflight list.
    const sources = Array.from(
      { length: 30 },
      (_, i) => `v${i} = np.float(${i})`
    );
    await openNotebook(page, `${tmpPath}/long.ipynb`, [
      'import numpy as np',
      ...sources
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(30, {
      timeout: 30_000
    });
    await screenshot(page, 'tour-1-panel-open');
    for (const name of [
      'Modernize',
      'Run check',
      'Stop',
      'Fix all offline',
      'Revert all'
    ]) {
      await expect(panel.getByRole('button', { name })).toBeInViewport();
    }
    // Scrolled to the bottom of the list, they are still there.
    await panel.evaluate(node => (node.scrollTop = node.scrollHeight));
    await expect(
      panel.locator('.jp-Modernizer-finding').last()
    ).toBeInViewport();
    await expect(
      panel.getByRole('button', { name: 'Modernize' })
    ).toBeInViewport();
    await expect(panel.locator('.jp-Modernizer-runState')).toBeInViewport();
  });

  test('the notebook follows the running cell and scrolls to the cell awaiting review', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    // The slow cell near the top, the eroded one at the bottom, a screen apart.
    const quick = Array.from({ length: 38 }, (_, i) => `print(${i + 3})`);
    await openNotebook(page, `${tmpPath}/follow.ipynb`, [
      'import time\nimport numpy as np',
      'print(1)',
      'time.sleep(3)\nprint("slow")',
      ...quick,
      'y = np.float(2)\nprint(y)'
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await expect(panel.locator('.jp-Modernizer-activity')).toContainText(
      'Waiting for your review of the fix for cell 42'
    );
    const eroded = cellWith(page, 'np.float(2)');
    await expect(eroded).toBeInViewport();
    await expect(eroded.locator('.jp-Modernizer-inlineBar')).toBeVisible();
    await screenshot(page, 'tour-3-review');
    await eroded.locator('.jp-Modernizer-acceptCell').click();

    // The slow cell, back at the top, is in view while it runs.
    await expect(panel.locator('.jp-Modernizer-activity')).toContainText(
      'Running cell 3'
    );
    await expect(cellWith(page, 'time.sleep(3)')).toBeInViewport();
    await expect(eroded).not.toBeInViewport();
    await screenshot(page, 'tour-2-mid-run');
    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
      'data-verdict',
      'reproducible',
      { timeout: 90_000 }
    );
  });

  test('Fix with Modernizer answers beside its button when no rule fixes the cell', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/nofix.ipynb`, ['x = 1 / 0']);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    const cell = cellWith(page, 'x = 1 / 0');
    const fix = cell.getByRole('button', { name: 'Fix with Modernizer' });
    await fix.click();
    const answer = cell.locator('.jp-Modernizer-fixErrorAnswer');
    await expect(answer).toContainText('No migration rule rewrites cell 1');
    expect(await overlap(answer, fix)).toBe(false);
  });

  test('Fix with Modernizer on a package that is not installed says what to install, and proposes nothing', async ({
    page,
    tmpPath
  }) => {
    const source = 'import statsmodels.api as sm\nprint(sm.OLS)';
    await openNotebook(page, `${tmpPath}/install.ipynb`, [source]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    const cell = cellWith(page, 'import statsmodels.api as sm');
    await cell.getByRole('button', { name: 'Fix with Modernizer' }).click();
    await expect(cell.locator('.jp-Modernizer-fixErrorAnswer')).toHaveText(
      'Blocked in cell 1, not by its code: install statsmodels.'
    );
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(0);
    expect(await cellSource(page, 0)).toBe(source);
  });

  test('Fix all offline pressed while the kernel starts waits for the library versions', async ({
    page,
    tmpPath
  }) => {
    // Pressed as soon as the notebook opens: its kernel is still starting.
    await page.contents.uploadContent(
      notebookJson(['import numpy as np\nx = np.float(1)']),
      'text',
      `${tmpPath}/early.ipynb`
    );
    await page.notebook.openByPath(`${tmpPath}/early.ipynb`);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(1, {
      timeout: 30_000
    });
    await expect(panel).not.toContainText('not known yet');
  });

  test('the bar’s rationale wraps on a row of its own, and a long added line is shown whole', async ({
    page,
    tmpPath
  }) => {
    const long = `total = np.float(1) + ${Array.from({ length: 12 }, (_, i) => `value_number_${i}`).join(' + ')}`;
    await openNotebook(page, `${tmpPath}/wide.ipynb`, [
      `import numpy as np\nfrom sklearn.cross_validation import KFold\nz = np.int(3)\n${long}`
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const cell = cellWith(page, 'total = np.float(1)');
    await cell.locator('.jp-InputPrompt').click();
    const rationale = cell.locator('.jp-Modernizer-inlineRationale');
    await expect(rationale).toContainText('sklearn.model_selection');
    // On a row of its own beneath the buttons, where the cell toolbar never sits.
    const accept = cell.locator('.jp-Modernizer-acceptCell');
    const [text, button] = [
      await rationale.boundingBox(),
      await accept.boundingBox()
    ];
    expect(text!.y).toBeGreaterThanOrEqual(button!.y + button!.height - 1);
    // Wrapped, never cut with an ellipsis.
    expect(
      await rationale.evaluate(node => node.scrollWidth <= node.clientWidth)
    ).toBe(true);
    const added = cell
      .locator('.jp-Modernizer-inlineAdded')
      .filter({ hasText: 'total = float(1)' });
    const editor = cell.locator('.cm-editor');
    const [line, box] = [await added.boundingBox(), await editor.boundingBox()];
    expect(line!.x + line!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    expect(
      await added.evaluate(node => node.scrollWidth <= node.clientWidth + 1)
    ).toBe(true);
    await screenshot(page, 'wide-proposal');
  });

  test('Fix all offline says why some eroded lines got no proposal', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/why.ipynb`, [
      'import numpy as np\nimport pandas as pd',
      'df = pd.DataFrame({"a": [1, 2]}, index=["x", "y"])',
      'print(df.ix[0])',
      'x = np.float(1)\ny = np.int(2)'
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('[data-rule="pandas.ix"]')).toBeVisible({
      timeout: 30_000
    });
    const lines = await panel.locator('.jp-Modernizer-finding').count();
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(1);
    const why = panel.locator(
      '.jp-Modernizer-proposals .jp-Modernizer-message'
    );
    await expect(why).toContainText(`1 proposal for ${lines} eroded lines`);
    // The two rewrites of the last cell are its one proposal; the others wait for the kernel.
    await expect(why).toContainText(
      `Not proposed: ${lines - 2} must wait until the cells before them have run`
    );
  });
});
