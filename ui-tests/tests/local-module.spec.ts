import { expect, test, type IJupyterLabPageFixture } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import {
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

const HELPERS =
  'import numpy as np\n\n\ndef mean(values):\n    return np.float(sum(values)) / len(values)\n';

/** A text file's content on the server, as the contents API gives it. */
async function fileText(
  page: IJupyterLabPageFixture,
  path: string
): Promise<string> {
  return page.evaluate(async path => {
    const contents = (window as any).jupyterapp.serviceManager.contents;
    return (await contents.get(path, { content: true })).content;
  }, path);
}

/**
 * Writes helpers.py and a notebook that imports it into `folder`, opens the notebook and
 * presses Modernize once the kernel's library versions are known (the scan has spoken).
 */
async function modernizeWithHelpers(
  page: IJupyterLabPageFixture,
  folder: string
): Promise<{ module: string; panel: Locator }> {
  await passThroughRestarts(page);
  const module = `${folder}/helpers.py`;
  await page.contents.uploadContent(HELPERS, 'text', module);
  await openNotebook(
    page,
    `${folder}/uses-helpers.ipynb`,
    ['import helpers\nprint("Accuracy:", helpers.mean([0.5, 1.0]))'],
    ['Accuracy: 0.75\n']
  );
  const panel = await openPanel(page);
  await expect(panel.getByText('No line known to have eroded')).toBeVisible({
    timeout: 30_000
  });
  await panel.getByRole('button', { name: 'Modernize' }).click();
  return { module, panel };
}

test.describe('A helper module beside the notebook', () => {
  test('its fix is reviewed like a cell’s, written only when accepted, and Revert all puts it back', async ({
    page,
    tmpPath
  }) => {
    const { module, panel } = await modernizeWithHelpers(page, tmpPath);

    // The module's proposal names the file and waits; nothing is written yet.
    const pending = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(pending.locator('.jp-Modernizer-proposalCell')).toHaveText(
      'helpers.py',
      { timeout: 30_000 }
    );
    await expect(
      pending.locator('.jp-Modernizer-diffLine.jp-mod-added')
    ).toContainText(['+    return float(sum(values)) / len(values)']);
    expect(await fileText(page, module)).toBe(HELPERS);
    await screenshot(page, 'module-proposal');

    await pending.getByRole('button', { name: 'Accept', exact: true }).click();
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 60_000
    });
    expect(await fileText(page, module)).toBe(
      HELPERS.replace('np.float(', 'float(')
    );

    await panel.getByRole('button', { name: 'Revert all' }).click();
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Revert all' })
      .click();
    await expect.poll(() => fileText(page, module)).toBe(HELPERS);
  });

  test('its fix opens in the file editor as an inline diff, and accepting the hunk there writes the file once', async ({
    page,
    tmpPath
  }) => {
    const { module, panel } = await modernizeWithHelpers(page, tmpPath);

    // The module opens in an editor with the hunk inline; the file is not written yet.
    const editor = page.locator('.jp-FileEditor', {
      has: page.locator('.jp-Modernizer-inlineBar')
    });
    const hunk = editor.locator('.jp-Modernizer-inlineHunk');
    await expect(hunk).toHaveCount(1, { timeout: 30_000 });
    await expect(hunk.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      '    return float(sum(values)) / len(values)'
    ]);
    await expect(editor.locator('.jp-Modernizer-inlineRemoved')).toHaveText([
      '    return np.float(sum(values)) / len(values)'
    ]);
    await expect(
      editor.getByRole('button', { name: 'Accept file' })
    ).toBeEnabled();
    await expect(
      editor.getByRole('button', { name: 'Reject file' })
    ).toBeEnabled();
    expect(await fileText(page, module)).toBe(HELPERS);
    await screenshot(page, 'module-editor-proposal');

    await hunk.getByRole('button', { name: 'Accept', exact: true }).click();
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 60_000
    });
    const fixed = HELPERS.replace('np.float(', 'float(');
    expect(await fileText(page, module)).toBe(fixed);
    // The editor shows the file as written, with nothing left to save.
    await expect(page.locator('.jp-FileEditor .cm-content')).toContainText(
      'return float(sum(values))'
    );
    await expect(
      page.locator('.jp-FileEditor .jp-Modernizer-inlineBar')
    ).toHaveCount(0);
    await expect(
      page.locator('.lm-TabBar-tab', { hasText: 'helpers.py' })
    ).not.toHaveClass(/jp-mod-dirty/);
    await screenshot(page, 'module-editor-accepted');

    await panel.getByRole('button', { name: 'Revert all' }).click();
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Revert all' })
      .click();
    await expect.poll(() => fileText(page, module)).toBe(HELPERS);
    await expect(page.locator('.jp-FileEditor .cm-content')).toContainText(
      'return np.float(sum(values))'
    );
  });
});
