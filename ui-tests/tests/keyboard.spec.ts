import { expect, test } from '@jupyterlab/galata';
import { expectBlocked, screenshot } from './helpers';

test.describe('A prompt only a person can answer', () => {
  test('input() whose answer the saved notebook does not record blocks the run, saying so', async ({
    page,
    tmpPath
  }) => {
    const panel = await expectBlocked(page, tmpPath, {
      files: {},
      notebook: 'asks.ipynb',
      sources: ["folds = int(input('How many folds? '))", 'print("R2:", 0.81)'],
      verdict:
        'Blocked: input() asks for an answer the saved notebook does not record',
      screenshot: 'blocked-keyboard'
    });
    // Nobody is left waiting: no input box in the cell.
    await expect(page.locator('.jp-Stdin')).toHaveCount(0);
    await expect(panel).toContainText('StdinNotImplementedError in cell 1');
    // The cell's own Fix with Modernizer says the same, and proposes nothing.
    const cell = page.locator('.jp-NotebookPanel .jp-CodeCell').first();
    const fix = cell.getByRole('button', { name: 'Fix with Modernizer' });
    await fix.click();
    await expect(cell.locator('.jp-Modernizer-fixErrorAnswer')).toHaveText(
      'Blocked in cell 1, not by its code: input() asks for an answer the saved notebook does not record.'
    );
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(0);
    // A long answer leaves the button's label whole, on one line.
    expect(
      await fix.evaluate(
        button =>
          button.scrollWidth <= button.clientWidth &&
          button.scrollHeight <= button.clientHeight
      )
    ).toBe(true);
    await screenshot(page, 'fix-blocked-keyboard');
  });
});
