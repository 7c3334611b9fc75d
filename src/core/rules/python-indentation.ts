import { defineRule } from './builders';
import { ipythonNotes } from './ipython';
import { logicalLineStarts } from './prepare';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const ID = 'python.indentation';

/** The width of a line's leading whitespace, a tab reaching the next multiple of 8 as in Python 2. */
function width(indent: string): number {
  let column = 0;
  for (const c of indent) {
    column = c === '\t' ? (Math.floor(column / 8) + 1) * 8 : column + 1;
  }
  return column;
}

/**
 * Indentation Python 3 refuses: tabs mixed with spaces (Python 2 read a tab as up to 8
 * columns), and a line dedented to a column no open block starts at (the author's edit of
 * a cell that ran before it). Tabs become the spaces Python 2 counted; a line between two
 * levels goes to the block it was dedented from, where it ran.
 */
function findIndentation(context: IRuleContext): IRuleMatch[] {
  const lines = context.source.split('\n');
  const starts = logicalLineStarts(lines);
  // Tabs and spaces both lead some line: Python 3 compares them, Python 2 counted columns.
  const mixed =
    /^[ \t]*\t/m.test(context.source) && /^\t* +\S/m.test(context.source);
  const levels = [0];
  const edits: ITextEdit[] = [];
  let offset = 0;
  let from = -1;
  let to = -1;
  lines.forEach((line, i) => {
    const at = offset;
    offset += line.length + 1;
    const indent = /^[ \t]*/.exec(line)![0];
    if (!starts[i] || line.trim() === '' || line.trim().startsWith('#')) {
      return;
    }
    let column = width(indent);
    if (column > levels[levels.length - 1]) {
      levels.push(column);
    } else {
      let above = column;
      while (levels[levels.length - 1] > column) {
        above = levels.pop()!;
      }
      if (levels[levels.length - 1] !== column) {
        levels.push(above);
        column = above;
      }
    }
    const wanted = ' '.repeat(column);
    if (indent !== wanted && (mixed || width(indent) !== column)) {
      edits.push({ from: at, to: at + indent.length, insert: wanted });
      from = from < 0 ? at : from;
      to = at + line.length;
    }
  });
  return edits.length > 0 ? [{ ruleId: ID, from, to, edits }] : [];
}

/**
 * A cell whose first line is indented further than a line below it (code pasted with its
 * indentation). IPython 7 to 9.0 took the first line's indentation off every line that
 * starts with it; 9.1 takes off only what all lines share, so the first line is an
 * unexpected indent. The edits take it off as IPython did.
 */
function findLeadingIndent(context: IRuleContext): IRuleMatch[] {
  const source = context.source;
  // The first line of code: Python reads no indentation of a comment or a blank line.
  const first = /^(?:[ \t]*(?:#.*)?\n)*([ \t]+)[^\s#]/.exec(source);
  if (!first) {
    return [];
  }
  const indent = first[1];
  const edits: ITextEdit[] = [];
  let shared = true;
  let offset = 0;
  for (const line of source.split('\n')) {
    if (line.startsWith(indent)) {
      edits.push({ from: offset, to: offset + indent.length, insert: '' });
    } else if (line.trim() !== '') {
      shared = false;
    }
    offset += line.length + 1;
  }
  // Indentation every line shares is what IPython still takes off.
  return shared
    ? []
    : [
        {
          ruleId: 'ipython.leading-indent',
          from: edits[0].from,
          to: edits[0].to,
          edits
        }
      ];
}

export const indentationRules: IRule[] = [
  defineRule(
    {
      id: 'ipython.leading-indent',
      distribution: 'ipython',
      since: '9.1.0',
      summary:
        "A cell whose first line is indented further than a line below it: IPython before 9.1 took the first line's indentation off each line that starts with it, as it is taken off here.",
      link: ipythonNotes('9'),
      raises: {
        ename: 'IndentationError',
        message: /unexpected indent/
      },
      examples: [
        {
          before:
            '    from math import sqrt\nprint(sqrt(16))\n    # a note\nprint(2)',
          after: 'from math import sqrt\nprint(sqrt(16))\n# a note\nprint(2)'
        }
      ]
    },
    findLeadingIndent
  ),
  defineRule(
    {
      id: ID,
      distribution: 'python',
      // Not a Python 2 change only: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'Indentation Python 3 refuses (tabs mixed with spaces, a line dedented between two blocks) is made consistent, each line kept in the block it ran in.',
      link: 'https://docs.python.org/3/reference/lexical_analysis.html#indentation',
      raises: {
        ename: ['IndentationError', 'TabError'],
        message:
          /unindent does not match any outer indentation level|inconsistent use of tabs and spaces/
      },
      examples: [
        {
          before:
            'def mean(values):\n    total = sum(values)\n\n  return total / len(values)\nprint(mean([1, 2, 6]))',
          after:
            'def mean(values):\n    total = sum(values)\n\n    return total / len(values)\nprint(mean([1, 2, 6]))'
        },
        {
          before: 'for i in range(2):\n        x = i * 2\n\tprint(x)',
          after: 'for i in range(2):\n        x = i * 2\n        print(x)'
        }
      ]
    },
    findIndentation
  )
];
