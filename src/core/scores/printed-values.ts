import { metricOfValue, type MetricNames } from './metric-names';
import type { IMetricSpec } from './metrics';
import type { IPrintedScore } from './printed-text';
import { argumentsAt, scanOutsideStrings } from './python-source';

// Prints whose text names no metric but whose one value is a metric's:
// `print('tree: ', mean_squared_error(y, p))`, `print('Random forest: %.3f' % rf_auc)`,
// `print(f'kNN: {knn.score(X, y):.2f}')`. The literal text around the value tells its line.

/** A print's literal text before and after its one value, and the value's metric. */
interface IPrintedValue {
  prefix: string;
  suffix: string;
  spec: IMetricSpec;
  /** `print(a, b)` puts a space between its arguments. */
  spaced: boolean;
}

const NUMBER = '[-+]?(?:\\d+\\.\\d*|\\.\\d+|\\d+)(?:e[-+]?\\d+)?|nan';

/** Scores on the lines that the cell's prints of one metric value wrote. */
export function scoresOfPrints(
  text: string,
  source: string,
  names: MetricNames
): IPrintedScore[] {
  const prints = Private.printedValues(source, names);
  const scores: IPrintedScore[] = [];
  for (const line of text.matchAll(/[^\r\n]*/g)) {
    for (const print of prints) {
      const score = Private.scoreOnLine(print, line[0], line.index);
      if (score) {
        scores.push(score);
        break;
      }
    }
  }
  return scores;
}

namespace Private {
  const LITERAL = /^[rRuU]?(['"])((?:\\.|(?!\1).)*)\1$/s;
  const FORMATTED = /^[fF][rR]?(['"])((?:\\.|(?!\1).)*)\1$/s;
  const PLACEHOLDER = /%[-+ 0#]*\d*(?:\.\d+)?[dfeEgGsr]/g;

  export function printedValues(
    source: string,
    names: MetricNames
  ): IPrintedValue[] {
    const found: IPrintedValue[] = [];
    for (const call of source.matchAll(/(?<![\w.])print\b[ \t]*(\()?/g)) {
      const after = call.index + call[0].length;
      const args = splitTopLevel(
        call[1]
          ? argumentsAt(source, after - 1)
          : source.slice(after).split('\n')[0]
      );
      const print = printOf(args, names);
      // Literal text is what tells the lines apart: a print with none is not read here.
      if (print && (print.prefix + print.suffix).trim() !== '') {
        found.push(print);
      }
    }
    return found;
  }

  function printOf(
    args: string[],
    names: MetricNames
  ): IPrintedValue | undefined {
    if (args.some(arg => /^\w+\s*=[^=]/.test(arg))) {
      return undefined; // sep=, end=, file=: not the plain layout read here.
    }
    if (args.length === 2) {
      const label = LITERAL.exec(args[0]);
      const spec = label ? metricOfValue(args[1], names) : undefined;
      return spec && { prefix: label![2], suffix: '', spec, spaced: true };
    }
    if (args.length !== 1) {
      return undefined;
    }
    const [arg] = args;
    const percent = /^([rRuU]?(['"])(?:\\.|(?!\2).)*\2)\s*%\s*([\s\S]+)$/.exec(
      arg
    );
    if (percent) {
      const body = LITERAL.exec(percent[1])?.[2] ?? '';
      const holes = [...body.matchAll(PLACEHOLDER)];
      const value = percent[3].trim().replace(/^\(([\s\S]*?),?\s*\)$/, '$1');
      const spec = holes.length === 1 ? metricOfValue(value, names) : undefined;
      return spec && around(body, holes[0], spec, s => s.replace(/%%/g, '%'));
    }
    const format =
      /^([rRuU]?(['"])(?:\\.|(?!\2).)*\2)\.format\(([\s\S]*)\)$/.exec(arg);
    if (format) {
      const body = LITERAL.exec(format[1])?.[2] ?? '';
      const holes = [...body.matchAll(/\{[^{}]*\}/g)];
      const spec =
        holes.length === 1 && splitTopLevel(format[3]).length === 1
          ? metricOfValue(format[3], names)
          : undefined;
      return spec && around(body, holes[0], spec);
    }
    const fstring = FORMATTED.exec(arg);
    if (fstring) {
      const holes = [...fstring[2].matchAll(/\{([^{}]*)\}/g)];
      const expression = holes[0]?.[1].replace(/(?:![rsa])?(?::[^:]*)?$/, '');
      const spec =
        holes.length === 1 ? metricOfValue(expression, names) : undefined;
      return spec && around(fstring[2], holes[0], spec);
    }
    return undefined;
  }

  function around(
    body: string,
    hole: RegExpMatchArray,
    spec: IMetricSpec,
    clean: (text: string) => string = text => text
  ): IPrintedValue {
    return {
      prefix: clean(body.slice(0, hole.index)),
      suffix: clean(body.slice(hole.index! + hole[0].length)),
      spec,
      spaced: false
    };
  }

  /** The score on `line` if it is exactly what `print` writes (or Python 2's tuple of it). */
  export function scoreOnLine(
    print: IPrintedValue,
    line: string,
    offset: number
  ): IPrintedScore | null {
    const prefix = escape(print.prefix);
    const gap = print.spaced ? ' ' : '';
    const found =
      new RegExp(
        `^${prefix}${gap}(${NUMBER})${escape(print.suffix)}\\s*$`,
        'id'
      ).exec(line) ??
      (print.spaced
        ? new RegExp(`^\\(['"]${prefix}['"], (${NUMBER})\\)\\s*$`, 'id').exec(
            line
          )
        : null);
    if (!found) {
      return null;
    }
    const printed = found[1];
    let value = /nan/i.test(printed) ? NaN : Number(printed);
    const [low, high] = print.spec.range ?? [-Infinity, Infinity];
    if (print.suffix.startsWith('%')) {
      if (high !== 1) {
        return null;
      }
      value /= 100;
    }
    if (value < low || value > high) {
      return null;
    }
    const [start] = found.indices![1];
    const label = print.prefix.replace(/[\s:=,;|-]+$/, '').trim();
    return {
      spec: print.spec,
      label: label || print.suffix.trim(),
      value,
      printed,
      start: offset + start,
      end: offset + start + printed.length,
      line
    };
  }

  function escape(text: string): string {
    return text.replace(/\\n/g, '\n').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }

  /** Arguments separated by the commas outside brackets and strings. */
  export function splitTopLevel(text: string): string[] {
    const parts: string[] = [];
    let depth = 0;
    let start = 0;
    scanOutsideStrings(text, (char, i) => {
      if ('([{'.includes(char)) {
        depth++;
      } else if (')]}'.includes(char)) {
        depth--;
      } else if (char === ',' && depth === 0) {
        parts.push(text.slice(start, i).trim());
        start = i + 1;
      }
      return false;
    });
    const last = text.slice(start).trim();
    return last ? [...parts, last] : parts;
  }
}
