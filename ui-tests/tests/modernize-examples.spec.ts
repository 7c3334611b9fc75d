import { expect, test } from '@jupyterlab/galata';
import * as fs from 'fs';
import {
  EXAMPLES,
  openExample,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

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
      await openExample(page, tmpPath, name);
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
          // Short: the proposal may be decided and gone by now; the next round looks again.
          await pending
            .first()
            .getByRole('button', { name: 'Accept', exact: true })
            .click({ timeout: 2_000 });
        }
        await expect(verdict).toBeVisible({ timeout: 1_000 });
      })
        .toPass({ timeout: 150_000 })
        // Taken whatever the outcome: it shows where a run stood.
        .finally(() =>
          screenshot(page, `modernized-${name.replace('.ipynb', '')}`)
        );

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
