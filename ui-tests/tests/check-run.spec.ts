import { expect, test } from '@jupyterlab/galata';
import {
  cellRow,
  modelCells,
  openNotebook,
  openPanel,
  screenshot
} from './helpers';

test.describe('Run check', () => {
  test('stops at the failing cell and shows its error', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/failing.ipynb`, [
      'import numpy as np\nvalues = np.arange(4)',
      'print("mean", values.mean())',
      '',
      'ratio = values.sum() / 0\nundefined_name + 1',
      'print("never reached")'
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();

    const failure = panel.locator('.jp-Modernizer-failure');
    await expect(failure.locator('.jp-Modernizer-heading')).toHaveText(
      'Error in cell 3'
    );
    await expect(failure.locator('.jp-Modernizer-ename')).toHaveText(
      'NameError'
    );
    await expect(failure.locator('.jp-Modernizer-evalue')).toHaveText(
      ": name 'undefined_name' is not defined"
    );
    // The line of the cell that raised, then the cleaned traceback.
    const line = failure.locator('.jp-Modernizer-failingLine');
    await expect(line).toContainText('Line 2');
    await expect(line.locator('code')).toHaveText('undefined_name + 1');
    // The traceback is cleaned: no ANSI escapes, the failing line is there.
    const traceback = failure.locator('.jp-Modernizer-traceback');
    await expect(traceback).toContainText('undefined_name + 1');
    await expect(traceback).not.toContainText('\u001b[');
    await expect(panel.locator('.jp-Modernizer-runState')).toHaveAttribute(
      'data-state',
      'failed'
    );
    await expect(panel.locator('.jp-Modernizer-progressCells')).toHaveText(
      'Cell 3 of 4'
    );

    // Empty cells are skipped; statuses stop at the failure.
    await expect(cellRow(panel, 1)).toHaveAttribute('data-status', 'ok');
    await expect(cellRow(panel, 2)).toHaveAttribute('data-status', 'ok');
    await expect(cellRow(panel, 3)).toHaveAttribute('data-status', 'error');
    await expect(cellRow(panel, 4)).toHaveAttribute('data-status', 'pending');

    // Outputs render in the cells, as with Run All.
    expect((await page.notebook.getCellTextOutput(1))?.join('')).toContain(
      'mean 1.5'
    );
    // A warning on stderr (numpy's divide by zero) is not a failure; the error is.
    const outputs = (await page.notebook.getCellLocator(3))!.locator(
      '.jp-OutputArea-output'
    );
    await expect(outputs.first()).toContainText('RuntimeWarning');
    await expect(outputs.last()).toContainText('NameError');
    await expect(
      (await page.notebook.getCellLocator(0))!.locator('.jp-InputPrompt')
    ).toHaveText('[1]:');

    await screenshot(page, 'panel-after-failure');

    // The link selects the failing cell (index 3 in the notebook: the empty one counts).
    await page.notebook.selectCells(0);
    await failure.getByRole('button', { name: 'Go to cell 3' }).click();
    await expect(
      page.locator('.jp-Notebook .jp-Cell.jp-mod-active')
    ).toHaveAttribute('data-windowed-list-index', '3');
  });

  test('an error raised while handling another shows the final one, message and traceback alike', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/chained.ipynb`, [
      "settings = {}\ntry:\n    rate = settings['rate']\nexcept KeyError:\n    raise ValueError('no learning rate set')"
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();

    const failure = panel.locator('.jp-Modernizer-failure');
    await expect(failure.locator('.jp-Modernizer-ename')).toHaveText(
      'ValueError'
    );
    await expect(failure.locator('.jp-Modernizer-evalue')).toHaveText(
      ': no learning rate set'
    );
    await expect(failure.locator('.jp-Modernizer-failingLine code')).toHaveText(
      "raise ValueError('no learning rate set')"
    );
    // The traceback is the ValueError's, not the KeyError's it was raised in.
    const traceback = failure.locator('.jp-Modernizer-traceback');
    await expect(traceback).toContainText(
      "raise ValueError('no learning rate set')"
    );
    await expect(traceback).toContainText('ValueError: no learning rate set');
    await expect(traceback).not.toContainText("KeyError: 'rate'");
    await expect(traceback).toContainText(
      'raised while handling 1 earlier exception'
    );
  });

  test('a notebook that runs shows every cell ok', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(
      page,
      `${tmpPath}/passing.ipynb`,
      [
        'import pandas as pd',
        'frame = pd.DataFrame({"a": [1, 2, 3]})',
        'print(frame["a"].sum())'
      ],
      ['', '', 'saved output from 2017\n']
    );
    await expect(
      (await page.notebook.getCellLocator(2))!.locator('.jp-OutputArea-output')
    ).toHaveText('saved output from 2017');
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();

    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'All 3 cells ran without error.'
    );
    for (const position of [1, 2, 3]) {
      await expect(cellRow(panel, position)).toHaveAttribute(
        'data-status',
        'ok'
      );
    }
    await expect(panel.locator('.jp-Modernizer-failure')).toHaveCount(0);
    // The saved output is replaced, as with Run All.
    await expect(
      (await page.notebook.getCellLocator(2))!.locator('.jp-OutputArea-output')
    ).toHaveText('6');

    // A click on an entry selects its cell in the notebook.
    await cellRow(panel, 2).click();
    await expect(
      page.locator('.jp-Notebook .jp-Cell.jp-mod-active')
    ).toHaveAttribute('data-windowed-list-index', '1');
  });

  test('input() prompts get the answers the saved notebook records, and the cells keep them', async ({
    page,
    tmpPath
  }) => {
    const asks = "name = input('Your name?')\nage = input('Age?')";
    await openNotebook(
      page,
      `${tmpPath}/asks.ipynb`,
      [asks, "print('hello', name, int(age) + 1)"],
      [
        [
          {
            output_type: 'stream',
            name: 'stdin',
            text: 'Your name? Ada\nAge? 36\n'
          }
        ],
        'hello Ada 37\n'
      ]
    );
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();

    await expect(panel.locator('.jp-Modernizer-runState')).toHaveText(
      'All 2 cells ran without error.'
    );
    // Nobody was asked: no input box waits in the cell.
    await expect(page.locator('.jp-Stdin')).toHaveCount(0);
    await expect(
      (await page.notebook.getCellLocator(1))!.locator('.jp-OutputArea-output')
    ).toHaveText('hello Ada 37');
    // The answers show in the cell as a person's would, and are kept with it.
    await expect(
      (await page.notebook.getCellLocator(0))!.locator('.jp-OutputArea-output')
    ).toHaveText('Your name? Ada\nAge? 36');
    const [cell] = await modelCells(page);
    expect(cell.outputs).toEqual([
      {
        output_type: 'stream',
        name: 'stdin',
        text: 'Your name? Ada\nAge? 36\n'
      }
    ]);
    await screenshot(page, 'panel-input-answers');
  });

  test('a crash is reported as the kernel dying in that cell', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/crash.ipynb`, [
      'x = 1',
      'import os\nos._exit(1)  # as an out-of-memory kill would',
      'print(x)'
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(
      panel.locator('.jp-Modernizer-failure .jp-Modernizer-heading')
    ).toHaveText('The kernel died in cell 2');
    await expect(cellRow(panel, 2)).toHaveAttribute(
      'data-status',
      'kernel-died'
    );
    await expect(cellRow(panel, 3)).toHaveAttribute('data-status', 'pending');
    // JupyterLab's own notice that the kernel restarts.
    await page
      .locator('.jp-Dialog')
      .getByRole('button', { name: 'Ok' })
      .click();
    await screenshot(page, 'panel-kernel-died');
  });
});
