import { expect, test } from '@jupyterlab/galata';
import type { Locator, Page } from '@playwright/test';
import { openNotebook, openPanel } from './helpers';

/** A notebook with one eroded line (`.ix`), which fails when run. */
const SOURCES = [
  'import pandas as pd',
  'frame = pd.DataFrame({"a": [1, 2]})',
  'frame.ix[0, "a"]'
];

/** The header button that opens and closes the section with this title. */
function toggle(panel: Locator, title: string): Locator {
  return panel.getByRole('button', { name: title, exact: true });
}

/** Resolves once the workspace saves these section states (the state database's key). */
function sectionsSaved(
  page: Page,
  expected: Record<string, boolean>
): Promise<unknown> {
  return page.waitForRequest(request => {
    if (request.method() !== 'PUT' || !/api\/workspaces/.test(request.url())) {
      return false;
    }
    const saved =
      request.postDataJSON()?.data?.['jupyterlab-modernizer:sidebar-sections'];
    return Object.entries(expected).every(([id, open]) => saved?.[id] === open);
  });
}

test.describe('Collapsible panel sections', () => {
  test('a section closes from its header and opens again', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/sections.ipynb`, SOURCES);
    const panel = await openPanel(page);
    const scan = toggle(panel, 'Preflight scan');
    const findings = panel.locator('.jp-Modernizer-findings');
    await expect(findings.locator('[data-rule="pandas.ix"]')).toBeVisible({
      timeout: 30_000
    });
    await expect(scan).toHaveAttribute('aria-expanded', 'true');

    await scan.click();
    await expect(scan).toHaveAttribute('aria-expanded', 'false');
    await expect(findings).toBeHidden();
    // The count stays in the header of the closed section.
    await expect(
      panel.locator('.jp-Modernizer-preflight .jp-Modernizer-count')
    ).toHaveText('1');

    await scan.click();
    await expect(scan).toHaveAttribute('aria-expanded', 'true');
    await expect(findings).toBeVisible();
  });

  test('Libraries starts closed, the other sections open', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/defaults.ipynb`, SOURCES);
    const panel = await openPanel(page);
    for (const title of ['Kernel', 'Preflight scan', 'Fix', 'Check']) {
      await expect(toggle(panel, title)).toHaveAttribute(
        'aria-expanded',
        'true'
      );
    }
    await expect(toggle(panel, 'Libraries')).toHaveAttribute(
      'aria-expanded',
      'false'
    );
    const pandas = panel.locator('tr[data-module="pandas"]');
    await expect(pandas).toBeHidden();
    // Probing again stays at hand while the section is closed.
    await expect(
      panel.getByRole('button', { name: 'Probe the versions again' })
    ).toBeVisible();

    await toggle(panel, 'Libraries').click();
    await expect(pandas).toBeVisible();
  });

  test('Libraries opens by itself when a library is missing', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/missing.ipynb`, [
      'import numpy as np\nimport surely_not_installed_anywhere'
    ]);
    const panel = await openPanel(page);
    await expect(
      panel.locator(
        'tr[data-module="surely_not_installed_anywhere"] .jp-Modernizer-moduleVersion'
      )
    ).toBeVisible({ timeout: 30_000 });
    await expect(toggle(panel, 'Libraries')).toHaveAttribute(
      'aria-expanded',
      'true'
    );
  });

  test('the keyboard reaches and toggles the headers', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/keyboard.ipynb`, SOURCES);
    const panel = await openPanel(page);
    const libraries = toggle(panel, 'Libraries');
    const pandas = panel.locator('tr[data-module="pandas"]');

    await toggle(panel, 'Kernel').focus();
    await page.keyboard.press('Tab');
    await expect(libraries).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(libraries).toHaveAttribute('aria-expanded', 'true');
    await expect(pandas).toBeVisible();
    await page.keyboard.press('Space');
    await expect(libraries).toHaveAttribute('aria-expanded', 'false');
    await expect(pandas).toBeHidden();
  });

  test('which sections are open survives a reload', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/reload.ipynb`, SOURCES);
    let panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-count')).toHaveText('1', {
      timeout: 30_000
    });

    const saved = sectionsSaved(page, { preflight: false, environment: true });
    await toggle(panel, 'Preflight scan').click();
    await toggle(panel, 'Libraries').click();
    await saved;

    // The workspace reopens the notebook instead of the Launcher Galata waits for.
    await page.reload({ waitForIsReady: false });
    await expect(page.locator('#jupyterlab-splash')).toHaveCount(0);
    await page.notebook.activate('reload.ipynb');
    panel = await openPanel(page);
    await expect(panel.locator('tr[data-module="pandas"]')).toBeVisible({
      timeout: 30_000
    });
    await expect(toggle(panel, 'Libraries')).toHaveAttribute(
      'aria-expanded',
      'true'
    );
    await expect(toggle(panel, 'Preflight scan')).toHaveAttribute(
      'aria-expanded',
      'false'
    );
    await expect(panel.locator('.jp-Modernizer-findings')).toBeHidden();
  });

  test('a new failure opens its section even after the user closed it', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/failure.ipynb`, SOURCES);
    const panel = await openPanel(page);
    const ename = panel.locator('.jp-Modernizer-failure .jp-Modernizer-ename');
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(ename).toHaveText('AttributeError');

    const failure = toggle(panel, 'Error in cell 3');
    await failure.click();
    await expect(failure).toHaveAttribute('aria-expanded', 'false');
    await expect(ename).toBeHidden();

    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(ename).toBeVisible();
    await expect(failure).toHaveAttribute('aria-expanded', 'true');
  });
});
