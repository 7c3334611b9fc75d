import type { IJupyterLabPageFixture } from '@jupyterlab/galata';
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';

/** The example notebooks of the repository, with their data in `data/`. */
export const EXAMPLES = path.resolve(__dirname, '../../examples');

/** What a cell was saved with: the text it printed, or its outputs as nbformat has them. */
export type Saved = string | { output_type: string; [key: string]: unknown }[];

/**
 * The notebook JSON (nbformat 4.5, Python 3 kernel) of code cells with these sources;
 * each cell saved with `saved[i]`, if given.
 */
export function notebookJson(sources: string[], saved: Saved[] = []): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3 (ipykernel)',
        language: 'python'
      },
      language_info: { name: 'python' }
    },
    cells: sources.map((source, i) => ({
      id: `cell-${i}`,
      cell_type: 'code',
      metadata: {},
      execution_count: saved[i] ? i + 1 : null,
      outputs:
        typeof saved[i] === 'string'
          ? saved[i]
            ? [{ output_type: 'stream', name: 'stdout', text: saved[i] }]
            : []
          : (saved[i] ?? []),
      source
    }))
  });
}

/** Writes a notebook into the server and opens it; resolves once its kernel is idle. */
export async function openNotebook(
  page: IJupyterLabPageFixture,
  path: string,
  sources: string[],
  saved: Saved[] = []
): Promise<void> {
  await page.contents.uploadContent(notebookJson(sources, saved), 'text', path);
  expect(await page.notebook.openByPath(path)).toBe(true);
  await page.notebook.activate(path.split('/').pop()!);
  await expect(
    page.locator('.jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator')
  ).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
}

/** Opens the Modernizer panel as a user would, with its sidebar tab; returns it. */
export async function openPanel(
  page: IJupyterLabPageFixture
): Promise<Locator> {
  await page.sidebar.openTab('jp-Modernizer-panel' as any);
  const panel = page.locator('#jp-Modernizer-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** The panel's row for the cell at `position` (1-based among the check's cells). */
export function cellRow(panel: Locator, position: number): Locator {
  return panel.locator(`.jp-Modernizer-cell[data-position="${position}"]`);
}

/** Saves a screenshot of the whole page as test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = test.info().project.outputDir;
  await page.screenshot({ path: `${dir}/screenshots/${name}.png` });
}

/**
 * Lets kernel interrupts reach the server untouched: Galata's kernel mock parses every
 * POST reply as JSON, and an interrupt's reply (204) has no body.
 */
export async function passThroughInterrupts(page: Page): Promise<void> {
  await page.route(/\/api\/kernels\/[^/?]+\/interrupt/, route =>
    route.continue()
  );
}

/** A cell of the active notebook as its model holds it (nbformat JSON). */
export interface IModelCell {
  id: string;
  cell_type: string;
  source: string;
  outputs?: { output_type: string; text?: string }[];
  execution_count?: number | null;
}

/** The active notebook's cells, read from its model (what would be saved). */
export async function modelCells(page: Page): Promise<IModelCell[]> {
  return page.evaluate(() => {
    const widget = (window as any).jupyterapp.shell.currentWidget;
    return widget.content.model.toJSON().cells.map((cell: any) => ({
      ...cell,
      source: Array.isArray(cell.source) ? cell.source.join('') : cell.source
    }));
  });
}

/** The source of the active notebook's cell at `index`, from its model. */
export async function cellSource(page: Page, index: number): Promise<string> {
  return (await modelCells(page))[index].source;
}

/** Lets kernel restarts reach the server untouched, for the same reason as interrupts. */
export async function passThroughRestarts(page: Page): Promise<void> {
  await page.route(/\/api\/kernels\/[^/?]+\/restart/, route =>
    route.continue()
  );
}

/**
 * Uploads an example notebook and its data into `folder` as they sit in examples/, and
 * opens it; returns the notebook's text.
 */
export async function openExample(
  page: IJupyterLabPageFixture,
  folder: string,
  name: string
): Promise<string> {
  for (const file of fs.readdirSync(path.join(EXAMPLES, 'data'))) {
    const content = fs.readFileSync(path.join(EXAMPLES, 'data', file));
    await page.contents.uploadContent(
      content.toString('base64'),
      'base64',
      `${folder}/data/${file}`
    );
  }
  const text = fs.readFileSync(path.join(EXAMPLES, name), 'utf-8');
  await page.contents.uploadContent(text, 'text', `${folder}/${name}`);
  await page.notebook.openByPath(`${folder}/${name}`);
  await page.notebook.activate(name);
  return text;
}

/**
 * Lays out a repository (a README and `files`), opens its notebook of two cells (the second
 * printed a score) and modernizes it: the run ends blocked, saying `verdict`, and the
 * notebook's cells are as they were. Resolves with the panel.
 */
export async function expectBlocked(
  page: IJupyterLabPageFixture,
  tmpPath: string,
  repository: {
    files: Record<string, string>;
    notebook: string;
    sources: string[];
    verdict: string;
    screenshot: string;
  }
): Promise<Locator> {
  const { sources } = repository;
  await openInRepository(
    page,
    tmpPath,
    repository.files,
    repository.notebook,
    sources,
    ['', 'R2: 0.81\n']
  );
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Modernize' }).click();
  const verdict = panel.locator('.jp-Modernizer-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'blocked', {
    timeout: 60_000
  });
  await expect(verdict).toHaveText(repository.verdict);
  await screenshot(page, repository.screenshot);
  // Nothing was changed in the notebook.
  expect(await cellSource(page, 0)).toBe(sources[0]);
  expect(await cellSource(page, 1)).toBe(sources[1]);
  return panel;
}

/** Lays out a repository (a README and `files`) and opens its notebook of `sources`. */
export async function openInRepository(
  page: IJupyterLabPageFixture,
  tmpPath: string,
  files: Record<string, string>,
  notebook: string,
  sources: string[],
  saved: string[]
): Promise<void> {
  await page.contents.uploadContent(
    '# course\n',
    'text',
    `${tmpPath}/README.md`
  );
  for (const [path, text] of Object.entries(files)) {
    await page.contents.uploadContent(text, 'text', `${tmpPath}/${path}`);
  }
  await openNotebook(page, `${tmpPath}/${notebook}`, sources, saved);
}
