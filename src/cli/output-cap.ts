import type * as nbformat from '@jupyterlab/nbformat';

/** The outputs a run keeps per cell, in bytes of their JSON: past it they are cut. */
export const MAX_CELL_OUTPUT_BYTES = 1024 * 1024;

/**
 * A cell's outputs within `limit` bytes: they are kept in order while they fit; a stream
 * that does not is cut to the room left, a rich output that does not is dropped, and a
 * note at the end says how much was left out, as a notebook runner's user expects.
 */
export function capOutputs(
  outputs: nbformat.IOutput[],
  limit = MAX_CELL_OUTPUT_BYTES
): nbformat.IOutput[] {
  const sizes = outputs.map(output => Private.bytes(JSON.stringify(output)));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= limit) {
    return outputs;
  }
  const kept: nbformat.IOutput[] = [];
  let room = limit;
  outputs.forEach((output, i) => {
    if (sizes[i] <= room) {
      kept.push(output);
      room -= sizes[i];
    } else if (output.output_type === 'stream' && room > 0) {
      const text = Private.text(output.text);
      kept.push({ ...output, text: Private.head(text, room) });
      room = 0;
    } else {
      room = 0;
    }
  });
  kept.push({
    output_type: 'stream',
    name: 'stderr',
    text:
      `\n[jupyterlab-modernizer: output truncated: this cell printed ${Private.mb(total)} MB; ` +
      `the first ${Private.mb(limit)} MB are kept]\n`
  });
  return kept;
}

namespace Private {
  export function bytes(text: string): number {
    return Buffer.byteLength(text, 'utf8');
  }

  export function text(value: unknown): string {
    return Array.isArray(value) ? value.join('') : String(value ?? '');
  }

  /** The start of `text` within about `room` bytes, cut at a line end when there is one. */
  export function head(text: string, room: number): string {
    let cut = Buffer.from(text, 'utf8')
      .subarray(0, room)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    const line = cut.lastIndexOf('\n');
    if (line > cut.length / 2) {
      cut = cut.slice(0, line + 1);
    }
    return cut;
  }

  export function mb(bytes: number): string {
    return (bytes / (1024 * 1024)).toFixed(1);
  }
}
