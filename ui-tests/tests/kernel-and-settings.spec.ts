import { expect, galata, test } from '@jupyterlab/galata';
import {
  cellRow,
  openNotebook,
  openPanel,
  passThroughInterrupts,
  screenshot
} from './helpers';

test.describe('The kernel', () => {
  test('busy with the user’s own cells: the check waits for idle', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/busy.ipynb`, [
      'import time\ntime.sleep(3)',
      'print("ran after the sleep")'
    ]);
    const panel = await openPanel(page);
    // The user runs all cells, then asks for a check while they run.
    await page.evaluate(() => {
      void window.jupyterapp.commands.execute('notebook:run-all-cells');
    });
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'busy'
    );
    await panel.getByRole('button', { name: 'Run check' }).click();

    const state = panel.locator('.jp-Modernizer-runState');
    await expect(state).toHaveAttribute('data-state', 'waiting');
    await expect(state).toHaveText(
      'Waiting for the cells already running in this kernel to finish…'
    );
    await expect(page.locator('.jp-Modernizer-statusItem')).toHaveText(
      'Modernizer: waiting for the kernel'
    );
    await expect(cellRow(panel, 1)).toHaveAttribute('data-status', 'pending');
    await expect(panel.locator('.jp-Modernizer-progressCells')).toHaveText(
      '2 cells to run'
    );
    await screenshot(page, 'panel-waiting-for-kernel');

    await expect(state).toHaveAttribute('data-state', 'passed', {
      timeout: 20_000
    });
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'ok');
    await screenshot(page, 'panel-passed');
  });

  test('no kernel: the panel says so; a new kernel is probed again', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/no-kernel.ipynb`, [
      'import numpy as np\nx = np.ones(2)'
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
    await page.evaluate(() =>
      window.jupyterapp.commands.execute('kernelmenu:shutdown')
    );
    await expect(panel.locator('.jp-Modernizer-kernel')).toContainText(
      'No kernel: select a kernel for this notebook'
    );
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'This notebook has no kernel: select one, then run the check.'
    );
    await expect(panel.locator('.jp-Modernizer-cells')).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-environment')).toContainText(
      'Probed in the kernel once the notebook has one.'
    );

    // A new kernel: the versions are probed again and the check runs.
    await page.evaluate(() => {
      void window.jupyterapp.commands.execute('notebook:change-kernel');
    });
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Select' })
      .click();
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
    await expect(
      panel.locator('tr[data-module="numpy"] .jp-Modernizer-moduleVersion')
    ).toHaveText(/^2\./);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'passed',
      // The check imports the notebook's libraries in a fresh kernel.
      { timeout: 30_000 }
    );
  });
});

test('a non-Python kernel is not supported, and nothing runs', async ({
  page,
  tmpPath
}) => {
  const path = `${tmpPath}/r-notebook.ipynb`;
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'test-r', display_name: 'R (test)', language: 'R' }
    },
    cells: [
      {
        id: 'only',
        cell_type: 'code',
        metadata: {},
        execution_count: null,
        outputs: [],
        source: 'print("ran")'
      }
    ]
  };
  await page.contents.uploadContent(JSON.stringify(notebook), 'text', path);
  expect(await page.notebook.openByPath(path)).toBe(true);
  const panel = await openPanel(page);
  await expect(panel.locator('.jp-Modernizer-kernel')).toContainText(
    'R (test)'
  );
  await panel.getByRole('button', { name: 'Run check' }).click();
  await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
    'The kernel is R (test) (R): only Python notebooks are supported.'
  );
  await expect(panel.locator('.jp-Modernizer-cells')).toHaveCount(0);
  await expect(
    (await page.notebook.getCellLocator(0))!.locator('.jp-OutputArea-output')
  ).toHaveCount(0);
});

test.describe('Settings', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'jupyterlab-modernizer:plugin': { cellTimeout: 2, budget: 300 }
    }
  });
  test.beforeEach(({ page }) => passThroughInterrupts(page));

  test('the cell timeout and the budget are honoured', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/slow.ipynb`, [
      'import time',
      'time.sleep(30)',
      'print("not reached")'
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-progressTimes')).toContainText(
      /4:5\d left|5:00 left/
    );
    const failure = panel.locator('.jp-Modernizer-failure');
    await expect(failure.locator('.jp-Modernizer-heading')).toHaveText(
      'Timeout in cell 2',
      { timeout: 15_000 }
    );
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'timeout');
    await expect(cellRow(panel, 3)).toHaveAttribute('data-status', 'pending');
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
  });
});

test('the settings are in the Settings Editor', async ({ page }) => {
  await page.evaluate(() => {
    void window.jupyterapp.commands.execute('settingeditor:open', {
      query: 'Notebook Modernizer'
    });
  });
  const editor = page.locator('.jp-SettingsPanel');
  await expect(editor.getByText('Cell timeout (seconds)')).toBeVisible();
  await expect(editor.getByText('Time budget (seconds)')).toBeVisible();
  await expect(editor.locator('input[id$="cellTimeout"]')).toHaveValue('0');
  await expect(editor.locator('input[id$="budget"]')).toHaveValue('600');
  await expect(editor.getByText('Score tolerance')).toBeVisible();
  await expect(editor.locator('input[id$="maxFixes"]')).toHaveValue('16');
  await screenshot(page, 'settings-editor');
});
