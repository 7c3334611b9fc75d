import { expect, test } from '@jupyterlab/galata';
import * as fs from 'fs';
import * as path from 'path';
import { openPanel, passThroughRestarts, screenshot } from './helpers';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const NOTEBOOKS = fs.existsSync(EXAMPLES)
  ? fs.readdirSync(EXAMPLES).filter(name => name.endsWith('.ipynb'))
  : [];

// What the README promises: open an example, press Modernize, accept the offline fixes.
test.describe('Modernize an example, offline', () => {
  test.skip(NOTEBOOKS.length === 0, 'examples/ has no notebooks');

  for (const name of NOTEBOOKS) {
    test(`${name} comes back reproducible`, async ({ page, tmpPath }) => {
      test.setTimeout(180_000);
      await passThroughRestarts(page);
      // The notebook with its data, as it sits in examples/.
      for (const file of fs.readdirSync(path.join(EXAMPLES, 'data'))) {
        const content = fs.readFileSync(path.join(EXAMPLES, 'data', file));
        await page.contents.uploadContent(
          content.toString('base64'),
          'base64',
          `${tmpPath}/data/${file}`
        );
      }
      const text = fs.readFileSync(path.join(EXAMPLES, name), 'utf-8');
      await page.contents.uploadContent(text, 'text', `${tmpPath}/${name}`);
      await page.notebook.openByPath(`${tmpPath}/${name}`);
      await page.notebook.activate(name);
      await expect(
        page.locator(
          '.jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator'
        )
      ).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });

      const panel = await openPanel(page);
      const modernize = panel.getByRole('button', { name: 'Modernize' });
      await expect(modernize).toBeEnabled({ timeout: 30_000 });
      await modernize.click();

      // Each fix waits for the user: accept them as they come, until the verdict.
      const pending = panel.locator(
        '.jp-Modernizer-proposal[data-status="pending"]'
      );
      const verdict = panel.locator('.jp-Modernizer-verdict');
      await expect(async () => {
        if ((await pending.count()) > 0) {
          await pending
            .first()
            .getByRole('button', { name: 'Accept', exact: true })
            .click();
        }
        await expect(verdict).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 150_000 });
      await screenshot(page, `modernized-${name.replace('.ipynb', '')}`);

      await expect(verdict).toHaveAttribute('data-verdict', 'reproducible');
      await expect(panel.locator('.jp-Modernizer-timeline')).toContainText(
        'Verified'
      );
      const rows = panel.locator('.jp-Modernizer-scores tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      await expect(
        panel.locator('.jp-Modernizer-scores tbody tr[data-within="false"]')
      ).toHaveCount(0);
    });
  }
});
