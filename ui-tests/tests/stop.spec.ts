import { expect, test } from '@jupyterlab/galata';
import {
  cellRow,
  openNotebook,
  openPanel,
  passThroughInterrupts,
  screenshot
} from './helpers';

const LONG_NOTEBOOK = [
  'import time\nstarted = time.time()',
  'print("sleeping")\ntime.sleep(120)',
  'print("after the sleep")'
];

test.describe('Stop', () => {
  test.beforeEach(({ page }) => passThroughInterrupts(page));

  test('interrupts a long-running cell; the status bar shows progress', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/long.ipynb`, LONG_NOTEBOOK);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();

    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'running');
    await expect(panel.locator('.jp-Modernizer-progressCells')).toHaveText(
      'Cell 2 of 3'
    );
    await expect(panel.locator('.jp-Modernizer-progressTimes')).toContainText(
      'left'
    );
    const status = page.locator('.jp-Modernizer-statusItem');
    await expect(status).toHaveText('Modernizer: 2/3');
    // The output streams into the cell while it runs.
    await expect(
      (await page.notebook.getCellLocator(1))!.locator('.jp-OutputArea-output')
    ).toHaveText('sleeping');
    await screenshot(page, 'panel-mid-run');

    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'stopped'
    );
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'Stopped at cell 2 of 3; the kernel was interrupted.'
    );
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'cancelled');
    await expect(cellRow(panel, 3)).toHaveAttribute('data-status', 'pending');
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
    await expect(status).toHaveCount(0);
    // The interrupt reached the kernel: the cell shows the KeyboardInterrupt.
    await expect(
      (await page.notebook.getCellLocator(1))!
        .locator('.jp-OutputArea-output')
        .last()
    ).toContainText('KeyboardInterrupt');
    await screenshot(page, 'panel-stopped');
  });

  test('the status bar item opens the panel', async ({ page, tmpPath }) => {
    await openNotebook(page, `${tmpPath}/long.ipynb`, LONG_NOTEBOOK);
    // Not awaited: the command resolves when the run ends.
    await page.evaluate(() => {
      void window.jupyterapp.commands.execute('modernizer:run-check');
    });
    const status = page.locator('.jp-Modernizer-statusItem');
    await expect(status).toHaveText('Modernizer: 2/3');
    // Hide the panel, then bring it back from the status bar.
    await page.sidebar.close('right');
    await expect(page.locator('#jp-Modernizer-panel')).toBeHidden();
    await status.click();
    const panel = page.locator('#jp-Modernizer-panel');
    await expect(panel).toBeVisible();
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'running');

    await page.evaluate(() =>
      window.jupyterapp.commands.execute('modernizer:stop')
    );
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'stopped'
    );
  });

  test('closing the notebook mid-run stops the run and the kernel', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/long.ipynb`, LONG_NOTEBOOK);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'running');
    await expect(page.locator('.jp-Modernizer-statusItem')).toBeVisible();

    // Close the tab and discard the changes, as a user would.
    await page.activity
      .getTabLocator('long.ipynb')
      .locator('.lm-TabBar-tabCloseIcon')
      .click();
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(panel.locator('.jp-Modernizer-hint')).toBeVisible();
    await expect(page.locator('.jp-Modernizer-statusItem')).toHaveCount(0);
    // Nothing is left running: the kernel (if still alive) goes back to idle.
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/kernels');
        const kernels = (await response.json()) as {
          execution_state: string;
        }[];
        return kernels.filter(kernel => kernel.execution_state === 'busy')
          .length;
      })
      .toBe(0);
  });

  test('deleting the running cell stops the run', async ({ page, tmpPath }) => {
    await openNotebook(page, `${tmpPath}/long.ipynb`, LONG_NOTEBOOK);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'running');

    await page.notebook.selectCells(1);
    await page.notebook.deleteCells();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'stopped'
    );
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'cancelled');
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );
  });
});
