import { expect, galata, test } from '@jupyterlab/galata';
import {
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

const CELLS = [
  'from sklearn.metrics import accuracy_score\nprint("Accuracy:", accuracy_score([1, 0, 1, 1], [1, 0, 1, 0]))',
  'print("Validation accuracy:", accuracy_score([1, 1, 1, 1], [1, 0, 1, 0]))',
  'from sklearn.metrics import f1_score\nimport random\nnoise = random.random()\nprint("F1:", f1_score([1, 0, 1], [1, 0, 1]))'
];
/** What the notebook printed when it was saved: the second score has drifted since. */
const SAVED = ['Accuracy: 0.75\n', 'Validation accuracy: 0.95\n', 'F1: 1.0\n'];

test.describe('Scores', () => {
  test('shows the saved scores, then after a run the comparison within tolerance', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/scores.ipynb`, CELLS, SAVED);
    const panel = await openPanel(page);
    const scores = panel.locator('.jp-Modernizer-scores');
    const rows = scores.locator('tbody tr');

    // Before a run: the scores of the saved outputs.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('1accuracy0.75');
    await expect(rows.nth(1)).toContainText('2accuracy0.95');
    await expect(rows.nth(2).locator('.jp-Modernizer-unseeded')).toBeVisible();

    // A reference the user types in.
    await scores.getByLabel('Reference value').fill('0.8');
    await scores.getByRole('button', { name: 'Add' }).click();
    await expect(scores.locator('.jp-Modernizer-references')).toContainText(
      'reference accuracy: 0.8'
    );

    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'passed',
      // The check imports the notebook's libraries in a fresh kernel.
      { timeout: 30_000 }
    );
    await expect(scores.locator('thead')).toContainText(
      'CellMetricOriginalNowDev.OK'
    );
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toHaveAttribute('data-within', 'true');
    await expect(rows.nth(0).locator('td').nth(3)).toHaveText('0.75');
    await expect(rows.nth(0).locator('.jp-Modernizer-within')).toHaveText('✓');
    await expect(rows.nth(1)).toHaveAttribute('data-within', 'false');
    await expect(rows.nth(1).locator('td').nth(4)).toHaveText('-47.4%');
    await expect(rows.nth(1).locator('.jp-Modernizer-within')).toHaveText('✗');
    await expect(rows.nth(2)).toHaveAttribute('data-within', 'true');
    await expect(rows.nth(2).locator('.jp-Modernizer-unseeded')).toBeVisible();
    const reference = scores.locator('tr[data-basis="reference"]');
    await expect(reference).toContainText('accuracy (ref.)');
    await expect(reference.locator('td').nth(4)).toHaveText('-37.5%');
    await expect(scores).toContainText('Some scores are out of tolerance.');
    await expect(scores).toContainText('Tolerance: ±10%');
    await screenshot(page, 'scores');
  });
});

test.describe('Scores, with a tolerance from the settings', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'jupyterlab-modernizer:plugin': {
        tolerance: { mode: 'absolute', value: 0.5 }
      }
    }
  });

  test('an absolute tolerance of 0.5 lets the drifted score pass', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/tolerance.ipynb`, CELLS, SAVED);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    const scores = panel.locator('.jp-Modernizer-scores');
    const drifted = scores.locator('tbody tr').nth(1);
    await expect(drifted).toHaveAttribute('data-within', 'true');
    await expect(drifted.locator('td').nth(4)).toHaveText('-0.45');
    await expect(scores).toContainText('Every score is within tolerance.');
    await expect(scores).toContainText('Tolerance: ±0.5');
  });
});

test.describe('Scores, verified over several runs', () => {
  test.use({
    mockSettings: {
      ...galata.DEFAULT_SETTINGS,
      'jupyterlab-modernizer:plugin': { verificationRuns: 3 }
    }
  });

  test('the table shows the mean and spread of the verification runs the verdict used', async ({
    page,
    tmpPath
  }) => {
    // Four runs, each importing scikit-learn in a fresh kernel.
    test.setTimeout(180_000);
    await passThroughRestarts(page);
    await openNotebook(
      page,
      `${tmpPath}/runs.ipynb`,
      [
        'import random\nfrom sklearn.metrics import accuracy_score\ny = [random.random() < 0.5 for _ in range(4000)]\nprint("Accuracy:", accuracy_score(y, [True] * len(y)))'
      ],
      ['Accuracy: 0.5\n']
    );
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveText(
      'Reproducible',
      { timeout: 150_000 }
    );
    // The loop's comparison, not one recomputed from the last run's outputs.
    const now = panel
      .locator('.jp-Modernizer-scores tbody tr')
      .first()
      .locator('td')
      .nth(3);
    await expect(now).toContainText('±');
    await expect(now).toContainText('(3 runs)');
  });
});
