import { expect, test } from '@jupyterlab/galata';
import {
  cellSource,
  openNotebook,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';
import { LLM_KEY, scriptReplies, stubRequests } from './llm-stub';

// np.asfarray went in numpy 2.0 and no migration rule knows it: the LLM's turn.
const ERODED =
  'import numpy as np\nx = np.asfarray([0.5, 1.0])\nprint("Accuracy:", x.mean())';
const FIXED =
  'import numpy as np\nx = np.asarray([0.5, 1.0], dtype=float)\nprint("Accuracy:", x.mean())';
const UNRELATED = 'notes = "nothing to fix here"';

test.describe('Modernize with an LLM behind the server', () => {
  test('the fix streams into the panel, is reviewed, and the notebook comes back; the key never reaches the browser', async ({
    page,
    tmpPath
  }) => {
    // Everything the browser receives, to look for the key in it.
    const received: Promise<string>[] = [];
    page.on('response', response =>
      received.push(
        response
          .body()
          .then(body => JSON.stringify(response.headers()) + body.toString())
          .catch(() => JSON.stringify(response.headers()))
      )
    );
    const reply = JSON.stringify({
      cells: [
        {
          id: 'cell-1',
          source: FIXED,
          rationale:
            'np.asfarray was removed in numpy 2.0: np.asarray(dtype=float).'
        }
      ]
    });
    await scriptReplies([{ content: reply, chunk_chars: 6, delay_ms: 40 }]);
    await passThroughRestarts(page);
    await openNotebook(
      page,
      `${tmpPath}/llm.ipynb`,
      [UNRELATED, ERODED],
      ['', 'Accuracy: 0.75\n']
    );
    const panel = await openPanel(page);
    // Once the kernel's library versions are known, the scan has spoken.
    await expect(panel.getByText('No line known to have eroded')).toBeVisible({
      timeout: 30_000
    });
    await panel.getByRole('button', { name: 'Modernize' }).click();

    // The fix grows in the panel while the model writes it.
    const writing = panel.locator('.jp-Modernizer-llmWriting');
    await expect(writing.locator('figcaption')).toContainText(
      'is writing the fix for cell 2',
      { timeout: 30_000 }
    );
    await expect(writing.locator('pre')).toContainText('np.asarray');
    // And in the cell itself, as an inline diff that grows with the reply.
    const cell = (await page.notebook.getCellLocator(1))!;
    await expect(
      cell.locator('.jp-Modernizer-inlineAdded').first()
    ).toContainText('np.asarray');
    await screenshot(page, 'llm-writing');

    const pending = panel.locator(
      '.jp-Modernizer-proposal[data-status="pending"]'
    );
    await expect(pending).toHaveCount(1, { timeout: 30_000 });
    await expect(pending).toContainText('np.asfarray was removed');
    // Nothing changes until the user accepts.
    expect(await cellSource(page, 1)).toBe(ERODED);
    await pending.getByRole('button', { name: 'Accept', exact: true }).click();

    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
      'data-verdict',
      'reproducible',
      { timeout: 60_000 }
    );
    expect(await cellSource(page, 1)).toBe(FIXED);
    await expect(panel.locator('.jp-Modernizer-llmTokens')).not.toHaveText(
      '0 tokens'
    );
    await screenshot(page, 'llm-reproducible');

    // The server added the key upstream; the prompt held the failing cell, not the
    // unrelated one.
    const [request] = (await stubRequests()).filter(r =>
      r.path.endsWith('/chat/completions')
    );
    expect(request.headers.authorization).toBe(`Bearer ${LLM_KEY}`);
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('np.asfarray');
    expect(prompt).not.toContain('nothing to fix here');

    const texts = await Promise.all(received);
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter(text => text.includes(LLM_KEY))).toEqual([]);
  });
});

test.describe('Modernize when the LLM fails', () => {
  test('a rejected key is said in the panel; the rules go on and nothing of the notebook is lost', async ({
    page,
    tmpPath
  }) => {
    await scriptReplies([{ fault: '401' }]);
    await openNotebook(
      page,
      `${tmpPath}/llm-down.ipynb`,
      [UNRELATED, ERODED],
      ['', 'Accuracy: 0.75\n']
    );
    const panel = await openPanel(page);
    // Once the kernel's library versions are known, the scan has spoken.
    await expect(panel.getByText('No line known to have eroded')).toBeVisible({
      timeout: 30_000
    });
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
      'data-verdict',
      'fails',
      { timeout: 60_000 }
    );
    await expect(
      panel.locator('.jp-Modernizer-timelineEntry.jp-mod-error')
    ).toContainText(['rejected the API key']);
    expect(await cellSource(page, 1)).toBe(ERODED);
    await screenshot(page, 'llm-key-rejected');
  });
});

test.describe('Fix with Modernizer with an LLM behind the server', () => {
  test('an error no rule knows is put to the LLM with its traceback; the fix streams into the cell', async ({
    page,
    tmpPath
  }) => {
    const reply = JSON.stringify({
      cells: [
        {
          id: 'cell-0',
          source: FIXED,
          rationale: 'np.asfarray was removed in numpy 2.0.'
        }
      ]
    });
    await scriptReplies([{ content: reply, chunk_chars: 6, delay_ms: 30 }]);
    await openNotebook(page, `${tmpPath}/fix-error.ipynb`, [ERODED]);
    const panel = await openPanel(page);
    await expect(panel.getByText('No line known to have eroded')).toBeVisible({
      timeout: 30_000
    });
    const cell = (await page.notebook.getCellLocator(0))!;
    await page.notebook.runCell(0);
    await cell.getByRole('button', { name: 'Fix with Modernizer' }).click();

    await expect(
      cell.locator('.jp-Modernizer-inlineAdded').first()
    ).toContainText('np.asarray', { timeout: 30_000 });
    await cell.getByRole('button', { name: 'Accept cell' }).click();
    await expect.poll(() => cellSource(page, 0)).toBe(FIXED);

    const [request] = (await stubRequests()).filter(r =>
      r.path.endsWith('/chat/completions')
    );
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('AttributeError');
    expect(prompt).toContain('np.asfarray');
  });
});

test.describe('An LLM fix that hides a deletion behind an alias', () => {
  test('is flagged in the cell, naming what it does, and nothing is written until accepted', async ({
    page,
    tmpPath
  }) => {
    // The reply imports rmtree under another name: no `shutil.rmtree(` spelled out.
    const unsafe =
      'from shutil import rmtree as tidy\nimport numpy as np\n' +
      'tidy("data")\nx = np.asarray([0.5, 1.0], dtype=float)\nprint("Accuracy:", x.mean())';
    const reply = JSON.stringify({
      cells: [
        {
          id: 'cell-0',
          source: unsafe,
          rationale: 'np.asfarray was removed in numpy 2.0.'
        }
      ]
    });
    await scriptReplies([{ content: reply, chunk_chars: 12, delay_ms: 10 }]);
    await openNotebook(page, `${tmpPath}/alias.ipynb`, [ERODED]);
    const panel = await openPanel(page);
    await expect(panel.getByText('No line known to have eroded')).toBeVisible({
      timeout: 30_000
    });
    const cell = (await page.notebook.getCellLocator(0))!;
    await page.notebook.runCell(0);
    await cell.getByRole('button', { name: 'Fix with Modernizer' }).click();

    // The bar says what the fix does; the hunk's own warning names the call.
    const warnings = cell.locator('.jp-Modernizer-inlineUnsafe');
    await expect(warnings.first()).toContainText('deletes files', {
      timeout: 30_000
    });
    // Both the import and the call under its alias carry it.
    await expect(warnings.filter({ hasText: 'rmtree' })).toHaveCount(2);
    await screenshot(page, 'llm-unsafe-alias');
    expect(await cellSource(page, 0)).toBe(ERODED);
    await cell.getByRole('button', { name: 'Reject cell' }).click();
    await expect(cell.locator('.jp-Modernizer-inlineBar')).toHaveCount(0);
    expect(await cellSource(page, 0)).toBe(ERODED);
  });
});
