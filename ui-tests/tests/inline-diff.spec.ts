import { expect, test } from '@jupyterlab/galata';
import type { Locator, Page } from '@playwright/test';
import {
  cellSource,
  modelCells,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

/** One cell, two eroded lines apart: a proposal of two hunks. */
const TWO_HUNKS = [
  'import numpy as np',
  'from sklearn.cross_validation import train_test_split',
  'print("loaded")',
  'x = np.float(1)'
].join('\n');
const SPLIT_FIXED = TWO_HUNKS.replace(
  'sklearn.cross_validation',
  'sklearn.model_selection'
);
const FLOAT_FIXED = TWO_HUNKS.replace('np.float(1)', 'float(1)');
const BOTH_FIXED = SPLIT_FIXED.replace('np.float(1)', 'float(1)');

/** The editor of the active notebook's cell at `index`. */
async function editor(page: Page, index: number): Promise<Locator> {
  return (await (page as any).notebook.getCellLocator(index))!.locator(
    '.cm-editor'
  );
}

/** The hunk of the inline diff whose added line contains `text`. */
function hunk(cell: Locator, text: string): Locator {
  return cell
    .locator('.jp-Modernizer-inlineHunk')
    .filter({ has: cell.page().getByText(text, { exact: false }) });
}

test.describe('Inline diff', () => {
  test('shows the hunks in the cell; one accepted, one rejected; Ctrl+Z undoes the accept exactly', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/hunks.ipynb`, [TWO_HUNKS, 'y = 2']);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();

    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toContainText(
      'error repair'
    );
    await expect(
      cell.locator('.cm-line.jp-Modernizer-inlineRemoved')
    ).toHaveText([
      'from sklearn.cross_validation import train_test_split',
      'x = np.float(1)'
    ]);
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'from sklearn.model_selection import train_test_split',
      'x = float(1)'
    ]);
    // The sidebar lists it, compactly, with a link to the cell.
    await expect(panel.locator('.jp-Modernizer-hunkSummary')).toHaveText(
      '2 changes to review in the cell'
    );
    // Nothing changes until accepted.
    expect(await cellSource(page, 0)).toBe(TWO_HUNKS);
    await screenshot(page, 'inline-diff');

    await hunk(cell, 'float(1)')
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => cellSource(page, 0)).toBe(FLOAT_FIXED);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(1);
    await expect(panel.locator('.jp-Modernizer-hunkSummary')).toHaveText(
      '1 change to review in the cell, 1 accepted'
    );

    await hunk(cell, 'model_selection')
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toHaveCount(0);
    await expect(
      panel.locator('.jp-Modernizer-proposal[data-position="1"]')
    ).toHaveAttribute('data-status', 'accepted');
    expect(await cellSource(page, 0)).toBe(FLOAT_FIXED);
    await screenshot(page, 'inline-diff-decided');

    // Ctrl+Z in the cell undoes the accepted hunk, exactly.
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellSource(page, 0)).toBe(TWO_HUNKS);
  });

  test('Accept all from the panel applies every hunk; saving mid-review saved the original', async ({
    page,
    tmpPath
  }) => {
    const path = `${tmpPath}/accept-all.ipynb`;
    await openNotebook(page, path, [TWO_HUNKS, 'y = np.int(2)']);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(3);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    await expect(
      (await editor(page, 1)).locator('.jp-Modernizer-inlineHunk')
    ).toHaveCount(1);

    // Saved while the proposals wait: the file holds the original code.
    await page.notebook.save();
    const saved = await page.request.get(`/api/contents/${path}?content=1`);
    const sources = (await saved.json()).content.cells.map((c: any) =>
      Array.isArray(c.source) ? c.source.join('') : c.source
    );
    expect(sources).toEqual([TWO_HUNKS, 'y = np.int(2)']);

    await panel.getByRole('button', { name: 'Accept all' }).click();
    await expect(
      panel.locator('.jp-Modernizer-proposal[data-status="accepted"]')
    ).toHaveCount(2);
    await expect.poll(() => cellSource(page, 0)).toBe(BOTH_FIXED);
    expect(await cellSource(page, 1)).toBe('y = int(2)');
    await expect(page.locator('.jp-Modernizer-inlineHunk')).toHaveCount(0);
  });

  test('an edit by the user keeps their text: the hunk it overlaps is conflicted, the other moves', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/conflict.ipynb`, [TWO_HUNKS]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);

    // The user rewrites the last line by hand and adds a line on top.
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' + 1');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# 2017\n');
    const edited = `# 2017\n${TWO_HUNKS} + 1`;
    await expect.poll(() => cellSource(page, 0)).toBe(edited);
    const conflicted = cell.locator(
      '.jp-Modernizer-inlineHunk[data-conflicted="true"]'
    );
    await expect(conflicted).toHaveCount(1);
    await expect(conflicted).toContainText('Conflicts with your edit');
    await expect(
      conflicted.getByRole('button', { name: 'Accept' })
    ).toHaveCount(0);
    await screenshot(page, 'inline-diff-conflict');

    // Accept cell applies the hunk that moved, and leaves the user's line alone.
    await cell.getByRole('button', { name: 'Accept cell' }).click();
    await expect
      .poll(() => cellSource(page, 0))
      .toBe(
        edited.replace('sklearn.cross_validation', 'sklearn.model_selection')
      );
  });

  test('keyboard: accept the hunk at the cursor, reject the cell', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/keys.ipynb`, [
      TWO_HUNKS,
      'y = np.int(2)'
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(3);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);

    // The cursor on the last line: the hunk there is the one accepted.
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Alt+Shift+Y');
    await expect.poll(() => cellSource(page, 0)).toBe(FLOAT_FIXED);
    await page.keyboard.press('Alt+Shift+Backspace');
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toHaveCount(0);
    expect(await cellSource(page, 0)).toBe(FLOAT_FIXED);

    // Next proposal: the second cell's, ready for the keyboard.
    await page.keyboard.press('Alt+Shift+J');
    await page.keyboard.press('Alt+Shift+Enter');
    await expect.poll(() => cellSource(page, 1)).toBe('y = int(2)');
  });

  test('Revert all with a hunk accepted and a proposal pending restores the original', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/revert.ipynb`, [
      TWO_HUNKS,
      'y = np.int(2)'
    ]);
    const before = await modelCells(page);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(3);
    await panel.getByRole('button', { name: 'Fix all offline' }).click();
    const cell = await editor(page, 0);
    await hunk(cell, 'model_selection')
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => cellSource(page, 0)).toBe(SPLIT_FIXED);

    await panel.getByRole('button', { name: 'Revert all' }).click();
    const dialog = page.locator('.jp-Dialog');
    await dialog.getByRole('button', { name: 'Revert all' }).click();
    await expect.poll(() => modelCells(page)).toEqual(before);
    await expect(page.locator('.jp-Modernizer-inlineBar')).toHaveCount(0);
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(0);
  });
});

/**
 * Streams `after` into the active notebook's proposal `id` (made on the first call, for
 * the first cell), as a fixer streaming its reply does.
 */
async function stream(
  page: Page,
  id: string,
  after: string,
  done = false
): Promise<void> {
  await page.evaluate(
    ({ id, after, done }) => {
      const plugins = (window as any).jupyterapp.pluginRegistry._plugins;
      const session = plugins.get('jupyterlab-modernizer:plugin').service
        .current;
      const { review, panel } = session;
      if (!review.proposals.pending(id)) {
        const cell = panel.content.widgets[0].model;
        review.proposals.add({
          proposal: {
            id,
            target: { kind: 'cell', cellId: cell.id },
            kind: 'error-repair',
            before: cell.sharedModel.getSource(),
            after: cell.sharedModel.getSource(),
            rationale: 'The LLM rewrites the cell',
            ruleIds: [],
            fixer: 'llm',
            unsafe: []
          },
          status: 'pending',
          position: 1,
          streaming: true
        });
      }
      review.updateProposal(id, after, done);
    },
    { id, after, done }
  );
}

test.describe('Inline diff of a streaming proposal', () => {
  test('follows the stream without moving the cursor; decided once done; unsafe code flagged', async ({
    page,
    tmpPath
  }) => {
    const source = 'import os\nx = 1\ny = 2';
    await openNotebook(page, `${tmpPath}/stream.ipynb`, [source]);
    await openPanel(page);
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+End');
    const cursor = () =>
      page.evaluate(() => {
        const cell = (window as any).jupyterapp.shell.currentWidget.content
          .activeCell;
        return cell.editor.getCursorPosition();
      });
    expect(await cursor()).toEqual({ line: 2, column: 5 });

    await stream(page, 'llm-1', 'import os\nx = 10\ny = 2');
    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'x = 10'
    ]);
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toContainText(
      'streaming'
    );
    await expect(
      cell.getByRole('button', { name: 'Accept', exact: true })
    ).toBeDisabled();
    await stream(
      page,
      'llm-1',
      'import os\nx = 10\ny = 2\nos.system("rm -rf data")',
      true
    );
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'x = 10',
      'os.system("rm -rf data")'
    ]);
    await expect(
      cell.locator('.jp-Modernizer-inlineUnsafe').first()
    ).toContainText('starts a process');
    await expect(cell.locator('.jp-Modernizer-inlineBar')).not.toContainText(
      'streaming'
    );
    expect(await cursor()).toEqual({ line: 2, column: 5 });
    expect(await cellSource(page, 0)).toBe(source);
    await screenshot(page, 'inline-diff-streamed-unsafe');

    await cell
      .locator('.jp-Modernizer-inlineHunk')
      .first()
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect
      .poll(() => cellSource(page, 0))
      .toBe('import os\nx = 10\ny = 2');
    await cell.getByRole('button', { name: 'Reject cell' }).click();
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toHaveCount(0);
    expect(await cellSource(page, 0)).toBe('import os\nx = 10\ny = 2');
  });
});

test.describe('Inline diff of a streamed proposal under review', () => {
  test('the run’s proposal with the same id ends the stream: one entry, ready to decide', async ({
    page,
    tmpPath
  }) => {
    const source = 'x = 1\ny = 2';
    await openNotebook(page, `${tmpPath}/streamed.ipynb`, [source]);
    const panel = await openPanel(page);
    await stream(page, 'llm-2', 'x = 10\ny = 2');
    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toContainText(
      'streaming'
    );
    await page.evaluate(() => {
      const plugins = (window as any).jupyterapp.pluginRegistry._plugins;
      const { review } = plugins.get('jupyterlab-modernizer:plugin').service
        .current;
      const streamed = review.proposals.pending('llm-2');
      review.proposals.add({
        proposal: { ...streamed.proposal, after: 'x = 10\ny = 20' },
        status: 'pending',
        position: 1,
        fromLoop: true
      });
    });
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'x = 10',
      'y = 20'
    ]);
    await expect(cell.locator('.jp-Modernizer-inlineBar')).not.toContainText(
      'streaming'
    );
    await expect(panel.locator('.jp-Modernizer-proposal')).toHaveCount(1);
    await cell.getByRole('button', { name: 'Accept cell' }).click();
    await expect.poll(() => cellSource(page, 0)).toBe('x = 10\ny = 20');
  });
});

test.describe('Fix with Modernizer', () => {
  test('a cell whose output is an error gets a button that proposes its fix inline', async ({
    page,
    tmpPath
  }) => {
    await openNotebook(page, `${tmpPath}/error.ipynb`, [
      'import numpy as np\nx = np.float(1)\nprint(x)'
    ]);
    await openPanel(page);
    const cellLocator = (await page.notebook.getCellLocator(0))!;
    await expect(
      cellLocator.getByRole('button', { name: 'Fix with Modernizer' })
    ).toHaveCount(0);
    await page.notebook.runCell(0);
    await expect(cellLocator.locator('.jp-OutputArea-output')).toContainText(
      'AttributeError'
    );
    await cellLocator
      .getByRole('button', { name: 'Fix with Modernizer' })
      .click();

    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineAdded')).toHaveText([
      'x = float(1)'
    ]);
    await screenshot(page, 'inline-diff-fix-error');
    await cell.getByRole('button', { name: 'Accept cell' }).click();
    await expect
      .poll(() => cellSource(page, 0))
      .toBe('import numpy as np\nx = float(1)\nprint(x)');
    // Run again: no error, no button.
    await page.notebook.runCell(0);
    await expect(cellLocator.locator('.jp-OutputArea-output')).toHaveText(
      '1.0'
    );
    await expect(
      cellLocator.getByRole('button', { name: 'Fix with Modernizer' })
    ).toHaveCount(0);
  });
});

test.describe('Inline diff in a Modernize run', () => {
  test('a hunk accepted in the cell is the run’s fix; the run goes on', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    await openNotebook(page, `${tmpPath}/run.ipynb`, [TWO_HUNKS, 'print(x)']);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Modernize' }).click();

    // The run waits for the cell's decision, made in the cell: one hunk, then the other.
    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);
    await hunk(cell, 'float(1)')
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => cellSource(page, 0)).toBe(FLOAT_FIXED);
    await expect(panel.locator('.jp-Modernizer-activity')).toContainText(
      'Waiting for your review'
    );
    await hunk(cell, 'model_selection')
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(panel.locator('.jp-Modernizer-timeline')).toContainText(
      'Accepted and applied.'
    );
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 60_000
    });
    expect(await cellSource(page, 0)).toBe(BOTH_FIXED);
    await expect(panel.locator('.jp-Modernizer-timeline')).not.toContainText(
      'Not applied'
    );
  });

  test('with an edit of the user’s and a hunk rejected, the run takes the cell as the review left it and proposes the rejected hunk again only once the code changed', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    await openNotebook(page, `${tmpPath}/partial.ipynb`, [
      TWO_HUNKS,
      'print(x)'
    ]);
    const panel = await openPanel(page);
    await expect(panel.locator('.jp-Modernizer-finding')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Modernize' }).click();

    const cell = await editor(page, 0);
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(2);
    await hunk(cell, 'float(1)')
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect.poll(() => cellSource(page, 0)).toBe(FLOAT_FIXED);
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# checked\n');
    await expect
      .poll(() => cellSource(page, 0))
      .toBe(`# checked\n${FLOAT_FIXED}`);
    await hunk(cell, 'model_selection')
      .getByRole('button', { name: 'Reject' })
      .click();
    const timeline = panel.locator('.jp-Modernizer-timeline');
    await expect(timeline).toContainText('Accepted and applied.');
    await expect(timeline).not.toContainText('Not applied');
    // The import still fails, and the fix turned down is not proposed again on that code.
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'fails', {
      timeout: 30_000
    });
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(0);
    expect(await cellSource(page, 0)).toBe(`# checked\n${FLOAT_FIXED}`);
    // Once the user changed the code, the next run proposes it again.
    await page.notebook.enterCellEditingMode(0);
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# again\n');
    await expect
      .poll(() => cellSource(page, 0))
      .toBe(`# again\n# checked\n${FLOAT_FIXED}`);
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await expect(cell.locator('.jp-Modernizer-inlineHunk')).toHaveCount(1, {
      timeout: 30_000
    });
    await cell.getByRole('button', { name: 'Accept cell' }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'reproducible', {
      timeout: 60_000
    });
    expect(await cellSource(page, 0)).toBe(`# again\n# checked\n${BOTH_FIXED}`);
  });
});
