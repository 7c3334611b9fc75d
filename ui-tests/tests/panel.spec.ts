import { expect, test } from '@jupyterlab/galata';
import { openNotebook, openPanel, screenshot } from './helpers';

test.describe('Modernizer panel', () => {
  test('shows a hint when no notebook is open', async ({ page }) => {
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-hint')).toContainText(
      'Open a notebook'
    );
  });

  test('shows the kernel and the versions of the imported libraries', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/imports.ipynb`, [
      'import numpy as np\nimport pandas as pd',
      'from sklearn.linear_model import LogisticRegression\nimport os, json',
      'import surely_not_installed_anywhere'
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-notebookName')).toHaveText(
      'imports.ipynb'
    );
    await expect(panel.locator('.jp-Modernizer-kernelName')).toHaveText(
      'Python 3 (ipykernel)'
    );
    await expect(panel.locator('.jp-Modernizer-kernelStatus')).toHaveText(
      'idle'
    );

    const version = (module: string) =>
      panel.locator(`tr[data-module="${module}"] .jp-Modernizer-moduleVersion`);
    await expect(version('numpy')).toHaveText(/^2\.\d+/);
    await expect(version('pandas')).toHaveText(/^3\.\d+/);
    await expect(version('sklearn')).toHaveText(/^1\.\d+/);
    await expect(
      panel.locator('tr[data-module="sklearn"] .jp-Modernizer-distribution')
    ).toHaveText('scikit-learn');
    await expect(version('surely_not_installed_anywhere')).toHaveText(
      'not installed'
    );
    // Standard-library modules are counted, not listed.
    await expect(panel.locator('tr[data-module="os"]')).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-environment')).toContainText(
      '2 standard-library modules'
    );

    // The probe leaves nothing in the user's namespace: a fresh cell sees no new names.
    await page.notebook.addCell(
      'code',
      'print(sorted(k for k in dir() if not k.startswith("_")))'
    );
    await page.notebook.runCell(3, true);
    const output = await page.notebook.getCellTextOutput(3);
    expect(output?.join('')).toContain(
      "['In', 'Out', 'exit', 'get_ipython', 'open', 'quit']"
    );
  });

  test('its commands are in the palette', async ({ page }) => {
    const palette = page.locator('#command-palette');
    const input = palette.locator('.lm-CommandPalette-input');
    const item = (label: string) =>
      palette.locator('.lm-CommandPalette-item', { hasText: label });

    await page.keyboard.press('Control+Shift+C');
    await input.fill('Check');
    await expect(item('Run Check')).toHaveCount(1);
    await expect(item('Stop Check')).toHaveCount(1);
    await expect(
      palette.locator('.lm-CommandPalette-header', {
        hasText: 'Notebook Modernizer'
      })
    ).toHaveCount(1);

    await input.fill('Modernizer Panel');
    await item('Open the Modernizer Panel').click();
    await expect(page.locator('#jp-Modernizer-panel')).toBeVisible();
  });

  test('reads well in the dark theme', async ({ page, tmpPath }) => {
    await page.theme.setDarkTheme();
    await openNotebook(page, `${tmpPath}/dark.ipynb`, [
      'import numpy as np\nimport pandas as pd',
      'frame = pd.DataFrame({"a": [1, 2]})',
      'frame.ix[0, "a"]',
      'print("not reached")'
    ]);
    const panel = await openPanel(page);
    await expect(
      panel.locator('tr[data-module="pandas"] .jp-Modernizer-moduleVersion')
    ).toHaveText(/^3\./);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-ename')).toHaveText(
      'AttributeError'
    );
    await screenshot(page, 'panel-dark-after-failure');
  });
});
