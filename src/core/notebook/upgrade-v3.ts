/**
 * Reads an nbformat 3 notebook (2013-2015: `worksheets`, `input`, `pyout`, heading cells)
 * as the nbformat 4.5 notebook Jupyter opens it as: the conversion nbformat's own
 * `v3` reader and `v4.convert.upgrade` make, so cells, outputs and saved scores are
 * those JupyterLab shows. Only the cell ids differ: `cell-N` rather than random words,
 * so two runs on one notebook write the same file.
 */
export function upgradeV3(
  notebook: Record<string, unknown>
): Record<string, unknown> {
  const metadata = Private.isObject(notebook.metadata)
    ? { ...notebook.metadata }
    : {};
  delete metadata.name;
  delete metadata.signature;
  metadata.orig_nbformat = 3;
  metadata.orig_nbformat_minor = 0;
  const worksheets = Array.isArray(notebook.worksheets)
    ? notebook.worksheets
    : [];
  // More than one worksheet is flattened, as nbformat does.
  const cells = worksheets
    .flatMap((sheet: unknown) =>
      Private.isObject(sheet) && Array.isArray(sheet.cells) ? sheet.cells : []
    )
    .map((cell: unknown, index: number) => Private.upgradeCell(cell, index));
  const rest = { ...notebook };
  delete rest.worksheets;
  delete rest.orig_nbformat;
  delete rest.orig_nbformat_minor;
  return { ...rest, nbformat: 4, nbformat_minor: 5, metadata, cells };
}

namespace Private {
  export function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  /** v3 aliases of the mime types an output's data and metadata are keyed by. */
  const MIME: Record<string, string> = {
    text: 'text/plain',
    html: 'text/html',
    svg: 'image/svg+xml',
    png: 'image/png',
    jpeg: 'image/jpeg',
    latex: 'text/latex',
    json: 'application/json',
    javascript: 'application/javascript'
  };

  /** Output keys a v3 file may store as a list of lines. */
  const MULTILINE = ['text', 'html', 'svg', 'latex', 'javascript', 'json'];

  export function upgradeCell(raw: unknown, index: number): unknown {
    if (!isObject(raw)) {
      return raw; // Left for the v4 checks to refuse, with the cell's number.
    }
    const cell: Record<string, unknown> = { ...raw };
    const metadata = isObject(cell.metadata) ? { ...cell.metadata } : {};
    // Trust is transient: never read from a file.
    delete metadata.trusted;
    delete cell.trusted;
    cell.metadata = metadata;
    cell.id = `cell-${index}`;
    if (cell.cell_type === 'code') {
      delete cell.language;
      if ('collapsed' in cell) {
        metadata.collapsed = cell.collapsed;
        delete cell.collapsed;
      }
      cell.source = joinLines(cell.input) ?? '';
      delete cell.input;
      cell.execution_count =
        typeof cell.prompt_number === 'number' ? cell.prompt_number : null;
      delete cell.prompt_number;
      cell.outputs = Array.isArray(cell.outputs)
        ? cell.outputs.map(upgradeOutput)
        : [];
      return cell;
    }
    for (const key of ['source', 'rendered']) {
      if (Array.isArray(cell[key])) {
        cell[key] = joinLines(cell[key]);
      }
    }
    if (cell.cell_type === 'heading') {
      const level = typeof cell.level === 'number' ? cell.level : 1;
      delete cell.level;
      const source = typeof cell.source === 'string' ? cell.source : '';
      cell.cell_type = 'markdown';
      cell.source = `${'#'.repeat(level)} ${splitLines(source).join(' ')}`;
    } else if (cell.cell_type === 'html') {
      cell.cell_type = 'markdown';
    }
    return cell;
  }

  function upgradeOutput(raw: unknown): unknown {
    if (!isObject(raw)) {
      return raw;
    }
    const output: Record<string, unknown> = { ...raw };
    for (const key of MULTILINE) {
      if (Array.isArray(output[key])) {
        output[key] = joinLines(output[key]);
      }
    }
    const type = output.output_type;
    if (type === 'pyout' || type === 'display_data') {
      const upgraded: Record<string, unknown> = { output_type: type };
      if (type === 'pyout') {
        upgraded.output_type = 'execute_result';
        upgraded.execution_count =
          typeof output.prompt_number === 'number'
            ? output.prompt_number
            : null;
        delete output.prompt_number;
      }
      upgraded.metadata = mimeKeys(
        isObject(output.metadata) ? output.metadata : {}
      );
      const data: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(output)) {
        if (!['output_type', 'execution_count', 'metadata'].includes(key)) {
          data[key] = value;
        }
      }
      upgraded.data = mimeKeys(data);
      const json = (upgraded.data as Record<string, unknown>)[
        'application/json'
      ];
      if (typeof json === 'string') {
        try {
          (upgraded.data as Record<string, unknown>)['application/json'] =
            JSON.parse(json);
        } catch {
          // Left as saved: a display of broken JSON is no reason to refuse the notebook.
        }
      }
      return upgraded;
    }
    if (type === 'pyerr') {
      output.output_type = 'error';
    } else if (type === 'stream') {
      output.name =
        typeof output.stream === 'string' ? output.stream : 'stdout';
      delete output.stream;
    }
    return output;
  }

  function mimeKeys(record: Record<string, unknown>): Record<string, unknown> {
    const keyed = { ...record };
    for (const [alias, mime] of Object.entries(MIME)) {
      if (alias in keyed) {
        keyed[mime] = keyed[alias];
        delete keyed[alias];
      }
    }
    return keyed;
  }

  /**
   * A v3 list of lines as one string. Lines written by Python's splitlines() lost their
   * newlines, which are put back (nbformat's `_join_lines`).
   */
  function joinLines(value: unknown): string | undefined {
    if (typeof value === 'string') {
      return value;
    }
    if (!Array.isArray(value)) {
      return undefined;
    }
    const lines = value.map(line => (typeof line === 'string' ? line : ''));
    return /[\n\r]$/.test(lines[0] ?? '') ? lines.join('') : lines.join('\n');
  }

  /** Python's str.splitlines(): no empty last line after a final newline. */
  function splitLines(text: string): string[] {
    // eslint-disable-next-line no-control-regex -- Python splits at these separators too.
    const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
    if (lines[lines.length - 1] === '') {
      lines.pop();
    }
    return lines;
  }
}
