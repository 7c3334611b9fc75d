import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  metadataRecord,
  reportMarkdown,
  type ICellResult,
  type IModernizeReport
} from '../core';
import type { IRunCommandOptions } from './args';
import { placeModule, type MemoryNotebook } from './memory-notebook';
import type { IRunNotebook } from './out-paths';
import type { Redactor } from './redact';
import { FileExistsError, keepOriginal, writeAtomic } from './safe-write';

/**
 * Writes a notebook's results: the modernized notebook and its report in its folder under
 * --out, each changed module there too, or in place with --write-modules (its `.orig`
 * written once, never replaced). Every write is atomic and never lands on a file that
 * exists already, except the module rewritten in place, and only while it still holds
 * the text the run started from. Resolves to what could not be written, for the user.
 */
export async function writeResults(
  item: IRunNotebook,
  document: MemoryNotebook,
  results: ReadonlyMap<string, ICellResult>,
  report: IModernizeReport,
  options: IRunCommandOptions,
  redact: Redactor,
  /** The files this run has written so far, for all its notebooks. */
  written: Set<string>
): Promise<string[]> {
  const name = basename(item.path).replace(/\.ipynb$/i, '');
  const folder = dirname(item.path);
  const problems: string[] = [];
  const json = document.toJSON(results, {
    modernizer: redact.json(metadataRecord(report))
  });
  // Outputs and metadata may quote a secret; the cells' code is the user's own.
  for (const cell of json.cells) {
    if (cell.cell_type === 'code') {
      cell.outputs = redact.json(cell.outputs);
    }
  }
  await mkdir(item.outFolder, { recursive: true });
  const attempt = async (path: string, write: () => Promise<void>) => {
    try {
      await write();
      written.add(path);
    } catch (error) {
      if (!(error instanceof FileExistsError)) {
        throw error;
      }
      problems.push(
        written.has(path)
          ? `${path} was not written again: another notebook of this run changed it first; this fix is in the report.`
          : `${path} was not written: the file exists and this run did not write it.`
      );
    }
  };
  const notebookPath = join(item.outFolder, `${name}.modernized.ipynb`);
  await attempt(notebookPath, () =>
    writeAtomic(notebookPath, `${JSON.stringify(json, null, 1)}\n`)
  );
  const reportPath = join(item.outFolder, `${name}.report.md`);
  await attempt(reportPath, () =>
    writeAtomic(
      reportPath,
      redact.text(reportMarkdown(report) + Private.formatNote(item))
    )
  );
  for (const [module, source] of document.modules) {
    if (!options.writeModules) {
      const target = join(item.outFolder, placeModule(module).inside);
      await mkdir(dirname(target), { recursive: true });
      await attempt(target, () => writeAtomic(target, source));
      continue;
    }
    const inPlace = join(folder, module);
    const before = report.changes.find(c => c.module === module)?.before;
    const now = await readFile(inPlace, 'utf8').catch(() => undefined);
    if (before !== undefined && now !== before) {
      problems.push(
        `${inPlace} was not written: it changed on disk while the run went on; its fix is in the report.`
      );
      continue;
    }
    if (now !== undefined) {
      // Never lose the original: kept beside the new one, once.
      await keepOriginal(inPlace);
    }
    await writeAtomic(inPlace, source, { replace: true });
  }
  return problems;
}

namespace Private {
  /** Says that an nbformat 3 file was read, and is written, as nbformat 4. */
  export function formatNote(item: IRunNotebook): string {
    const { upgradedFrom, version } = item.notebook;
    return upgradedFrom
      ? `\n## Format\n\nThe notebook file is nbformat ${upgradedFrom}. It was read as its nbformat 4 ` +
          `conversion, as Jupyter opens it, and the modernized notebook is written as nbformat ${version}; ` +
          'the file itself is left as it is.\n'
      : '';
  }
}
