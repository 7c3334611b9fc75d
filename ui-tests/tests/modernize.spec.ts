import { expect, test } from '@jupyterlab/galata';
import {
  cellSource,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

test.describe('Modernize', () => {
  test('proposes each fix for review, runs, compares the scores and verifies: Reproducible', async ({
    page,
    tmpPath
  }) => {
    // The verification restarts the kernel.
    await passThroughRestarts(page);
    await openNotebook(
      page,
      `${tmpPath}/modernize.ipynb`,
      [
        'import numpy as np\nfrom sklearn.cross_validation import train_test_split',
        'x = np.float(1)\nprint(x)',
        'from sklearn.metrics import accuracy_score\nprint("Accuracy:", accuracy_score([1, 0, 1, 1], [1, 0, 1, 0]))'
      ],
      ['', '1.0\n', 'Accuracy: 0.75\n']
    );
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Modernize' }).click();

    // The fixes come one at a time; the run waits for each decision.
    const pending = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(pending).toHaveCount(1);
    await expect(pending).toHaveAttribute('data-position', '1');
    await expect(panel.locator('.jp-Modernizer-activity')).toContainText(
      'Waiting for your review of the fix for cell 1'
    );
    await screenshot(page, 'modernize-review');
    await pending.getByRole('button', { name: 'Accept' }).click();
    await expect(pending).toHaveAttribute('data-position', '2');
    await pending.getByRole('button', { name: 'Accept' }).click();

    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveText('Reproducible', { timeout: 60_000 });
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible');
    expect(await cellSource(page, 1)).toBe('x = float(1)\nprint(x)');
    const row = panel.locator('.jp-Modernizer-scores tbody tr').first();
    await expect(row).toHaveAttribute('data-within', 'true');
    await expect(panel.locator('.jp-Modernizer-timeline')).toContainText(
      'Verified'
    );
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'passed',
      // The check imports the notebook's libraries in a fresh kernel.
      { timeout: 30_000 }
    );
    // Outputs render in the cells, as with Run All.
    await expect(
      (await page.notebook.getCellLocator(2))!.locator('.jp-OutputArea-output')
    ).toHaveText('Accuracy: 0.75');
    await screenshot(page, 'modernize-reproducible');
  });
});

test.describe('Modernize a cell the author never ran', () => {
  test('a cell saved with no output becomes comments once it fails and nothing fixes it', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    const exercise = '# Your code here\nbest_model = ';
    await openNotebook(
      page,
      `${tmpPath}/exercise.ipynb`,
      ['y = [1, 0, 1, 1]', exercise, 'print("Accuracy:", sum(y) / len(y))'],
      // Only the first and last cells ran: the exercise has no count and no output.
      ['\n', '', 'Accuracy: 0.75\n']
    );
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    const pending = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(pending).toHaveAttribute('data-position', '2', {
      timeout: 60_000
    });
    await expect(pending).toContainText('never ran');
    await screenshot(page, 'modernize-never-ran');
    await pending.getByRole('button', { name: 'Accept' }).click();
    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
      'data-verdict',
      'reproducible',
      { timeout: 60_000 }
    );
    expect(await cellSource(page, 1)).toBe('# Your code here\n# best_model = ');
  });
});

test.describe('Modernize, stopped', () => {
  test('Stop while a fix waits for review ends the run; nothing is applied', async ({
    page,
    tmpPath
  }) => {
    const source =
      'import numpy as np\nfrom sklearn.cross_validation import train_test_split';
    await openNotebook(page, `${tmpPath}/stop.ipynb`, [source, 'print(1)']);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    const pending = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(pending).toHaveCount(1);
    // Nothing else may start meanwhile.
    await expect(
      panel.getByRole('button', { name: 'Fix all offline' })
    ).toBeDisabled();
    await expect(
      panel.getByRole('button', { name: 'Run check' })
    ).toBeDisabled();

    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
      'data-verdict',
      'stopped'
    );
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'stopped'
    );
    expect(await cellSource(page, 0)).toBe(source);
    await expect(
      panel.getByRole('button', { name: 'Modernize' })
    ).toBeEnabled();
    // The proposal stays listed; accepting it now applies it.
    await pending.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => cellSource(page, 0))
      .toBe(
        'import numpy as np\nfrom sklearn.model_selection import train_test_split'
      );
  });
});
