import type { IFixRequest } from '../model/types';

// Failures that are about the data more than the code.
const DATA_ERRORS = new Set([
  'FileNotFoundError',
  'KeyError',
  'ParserError',
  'EmptyDataError',
  'UnicodeDecodeError',
  'ValueError',
  'IndexError'
]);
const DATA_FILE =
  /\.(csv|tsv|txt|data|json|xlsx?|parquet|feather|pkl|pickle|npy|npz|h5)$/i;
const TABLE_FILE = /\.(csv|tsv|txt|data)$/i;
const MAX_FILES = 20;
const MAX_TABLES = 3;

/**
 * For a failure about data (a missing file, a column not found), what the model should
 * know of the data files beside the notebook: their names, and for up to three tables
 * (those the code names first) the header line and the number of lines, read in the kernel
 * without touching the user's namespace. Empty for other failures.
 */
export async function dataPreview(request: IFixRequest): Promise<string> {
  const failure = request.failure;
  if (!failure?.ename || !DATA_ERRORS.has(failure.ename)) {
    return '';
  }
  const files = [...(request.environment.files ?? [])]
    .filter(path => DATA_FILE.test(path))
    .sort();
  if (files.length === 0) {
    return '';
  }
  const lines = [
    `Data files beside the notebook: ${files.slice(0, MAX_FILES).join(', ')}` +
      (files.length > MAX_FILES
        ? ` (and ${files.length - MAX_FILES} more)`
        : '')
  ];
  if (request.probe) {
    const named = (path: string) =>
      request.source.includes(path.split('/').pop()!) ? 0 : 1;
    const tables = files
      .filter(path => TABLE_FILE.test(path))
      .sort((a, b) => named(a) - named(b))
      .slice(0, MAX_TABLES);
    for (const path of tables) {
      const literal = JSON.stringify(path);
      const expression =
        '(lambda f: (f.readline().strip()[:300], 1 + __import__("builtins").sum(1 for _ in f)))' +
        `(open(${literal}, encoding='utf-8', errors='replace'))`;
      try {
        const answer = await request.probe.evaluate(expression);
        lines.push(`${path}: first line and line count ${answer}`);
      } catch {
        // Unreadable from the kernel: its name is all there is to say.
      }
    }
  }
  return lines.join('\n');
}
