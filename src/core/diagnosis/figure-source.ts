import { finalException, stripAnsi } from './traceback';

// A frame of matplotlib drawing a figure: `savefig`, the inline backend's show, an idle draw.
const DRAW_FRAME =
  /[/\\]matplotlib[/\\](?:backend_bases|backends[/\\]\w+|figure|artist|pyplot|_pylab_helpers)\.py\S*,? in \S*(?:print_figure|draw|print_png|_draw_all_if_interactive)/;
// A frame in a cell or in a file of the notebook's own: the code that raised is there.
const OWN_FRAME = /^Cell In\[\d+\]/;
// A call that draws: pyplot, seaborn, or a method on axes and figures.
const PLOTTING =
  /\b(?:plt|pyplot|pylab|sns|ax\w*|fig\w*)\.\w+\(|\.(?:plot|scatter|imshow|contourf?|hist|barh?|annotate|text|fill_between|errorbar)\(/;

/** A code cell as the figure's search sees it. */
export interface IFigureCell {
  id: string;
  source: string;
}

/**
 * Whether an error was raised while a figure was drawn, not by the cell's own lines: its
 * frames are matplotlib's drawing, none is in a cell. The inline backend draws after the
 * cell ran (its reply was ok), so the traceback names no line of the notebook.
 */
export function raisedWhileDrawing(traceback: readonly string[]): boolean {
  const entries = finalException([...traceback]).map(entry =>
    stripAnsi(entry).trim()
  );
  return (
    entries.some(entry => DRAW_FRAME.test(entry)) &&
    !entries.some(entry => OWN_FRAME.test(entry.split('\n')[0]))
  );
}

/**
 * The earlier cell that made the figure a failing cell drew: the last one defining a
 * function the failing cell calls whose code draws (`plot_svc(svc, X, y)`, defined three
 * cells up). Undefined when the failing cell draws by its own calls only.
 */
export function figureCell(
  failing: IFigureCell,
  earlier: readonly IFigureCell[]
): { cellId: string; name: string } | undefined {
  const own = new Set(Private.defined(failing.source));
  const called = Private.called(failing.source).filter(name => !own.has(name));
  for (let i = earlier.length - 1; i >= 0; i--) {
    const cell = earlier[i];
    const name = Private.defined(cell.source).find(
      defined =>
        called.includes(defined) &&
        PLOTTING.test(Private.body(cell.source, defined))
    );
    if (name) {
      return { cellId: cell.id, name };
    }
  }
  return undefined;
}

namespace Private {
  /** Names of the functions a source defines. */
  export function defined(source: string): string[] {
    return [...source.matchAll(/^[ \t]*(?:async\s+)?def\s+(\w+)/gm)].map(
      match => match[1]
    );
  }

  /** Names a source calls as plain functions (`plot_svc(...)`, not `svc.fit(...)`). */
  export function called(source: string): string[] {
    return [...source.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\(/g)].map(
      match => match[1]
    );
  }

  /** A function's lines: its def and what is indented under it. */
  export function body(source: string, name: string): string {
    const lines = source.split('\n');
    const start = lines.findIndex(line =>
      new RegExp(`^[ \\t]*(?:async\\s+)?def\\s+${name}\\b`).test(line)
    );
    const indent = /^[ \t]*/.exec(lines[start])![0].length;
    const end = lines.findIndex(
      (line, i) =>
        i > start &&
        line.trim() !== '' &&
        /^[ \t]*/.exec(line)![0].length <= indent
    );
    return lines.slice(start, end < 0 ? undefined : end).join('\n');
  }
}
