import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import {
  appendArgument,
  argsOf,
  calleeOf,
  callsTo,
  childrenOf,
  stringValue,
  textOf
} from './syntax';
import type { IRule, IRuleContext, ITextEdit } from './types';

const LOADS = ['pickle.load', 'cPickle.load', 'six.moves.cPickle.load'];
const DUMPS = ['pickle.dump', 'cPickle.dump', 'six.moves.cPickle.dump'];
// The csv module's readers and writers, given the file first.
const CSV_FILES = [
  'csv.reader',
  'csv.writer',
  'csv.DictReader',
  'csv.DictWriter'
];

/**
 * Files opened in the mode Python 2 wanted. It read and wrote a pickle through a file
 * opened in text mode (`open(path, 'r')`), as its text was bytes; Python 3's pickle needs
 * a binary file. And its csv module took binary files (`'rb'`, `'wb'`), where Python 3's
 * takes text. The file's `open` in the cell, given directly or bound by `with ... as f` or
 * `f = open(...)`, gets the mode Python 3 needs.
 */
export const pythonPickleRules: IRule[] = [
  defineRule(
    {
      id: 'python.pickle-binary-file',
      needs: ['pickle', 'Pickle'],
      distribution: 'python',
      since: '3.0',
      link: 'https://docs.python.org/3/library/pickle.html#pickle.load',
      summary:
        "Python 3's pickle reads and writes bytes: open the file in binary mode (`'rb'`, `'wb'`).",
      raises: {
        ename: ['TypeError', 'UnicodeDecodeError'],
        // A text pickle (protocol 0) is read as str; a binary one does not decode.
        message:
          /a bytes-like object is required, not 'str'|write\(\) argument must be str, not bytes|codec can't decode byte 0x80 in position 0/
      },
      examples: [
        {
          setup:
            "import pickle\nwith open('scores.pkl', 'wb') as f:\n    pickle.dump({'svm': 0.91}, f)",
          before:
            "with open('scores.pkl', 'r') as data_file:\n    scores = pickle.load(data_file)\nprint(scores)",
          after:
            "with open('scores.pkl', 'rb') as data_file:\n    scores = pickle.load(data_file)\nprint(scores)"
        },
        {
          setup: 'import pickle',
          before:
            "pickle.dump([1, 2], open('results.pkl', 'w'))\nprint(pickle.load(open('results.pkl')))",
          after:
            "pickle.dump([1, 2], open('results.pkl', 'wb'))\nprint(pickle.load(open('results.pkl', 'rb')))"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const load = callsTo(context, call, LOADS);
        if (!load && !callsTo(context, call, DUMPS)) {
          return [];
        }
        const args = argsOf(context, call);
        const file =
          args.find(arg => arg.name === 'file') ??
          args.filter(arg => !arg.name && !arg.star)[load ? 0 : 1];
        const opened = file && Private.opened(context, file.value, call);
        const edits = opened && Private.binary(context, opened, load);
        return edits
          ? [matchAt('python.pickle-binary-file', opened, edits)]
          : [];
      })
  ),
  defineRule(
    {
      id: 'python.csv-text-file',
      needs: ['csv'],
      distribution: 'python',
      since: '3.0',
      link: 'https://docs.python.org/3/library/csv.html#csv.reader',
      summary:
        "Python 3's csv module reads and writes text: open the file in text mode with `newline=''` (Python 2's documentation asked for `'rb'` and `'wb'`).",
      raises: {
        ename: ['Error', 'TypeError'],
        message:
          /iterator should return strings, not bytes|a bytes-like object is required, not 'str'/
      },
      examples: [
        {
          setup:
            "import csv\nwith open('train.csv', 'w') as f:\n    f.write('Survived,Age\\n1,22\\n')",
          before:
            "rows = csv.reader(open('train.csv', 'rb'))\nheader = next(rows)\nprint(header, list(rows))",
          after:
            "rows = csv.reader(open('train.csv', 'r', newline=''))\nheader = next(rows)\nprint(header, list(rows))"
        },
        {
          setup: 'import csv',
          before:
            "with open('out.csv', 'wb') as fp:\n    writer = csv.writer(fp)\n    writer.writerow(['a', 1])\nprint(open('out.csv').read().split())",
          after:
            "with open('out.csv', 'w', newline='') as fp:\n    writer = csv.writer(fp)\n    writer.writerow(['a', 1])\nprint(open('out.csv').read().split())"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        if (!callsTo(context, call, CSV_FILES)) {
          return [];
        }
        const [file] = argsOf(context, call);
        const opened =
          file && !file.name && Private.opened(context, file.value, call);
        const edits = opened && Private.text(context, opened);
        return edits ? [matchAt('python.csv-text-file', opened, edits)] : [];
      })
  )
];

namespace Private {
  /**
   * The edits opening a file for csv as Python 3 wants: `'rb'` → `'r'`, `'wb'` → `'w'`,
   * with `newline=''`. Null where the mode is no binary literal.
   */
  export function text(
    context: IRuleContext,
    open: SyntaxNode
  ): ITextEdit[] | null {
    const args = argsOf(context, open);
    const mode =
      args.find(arg => arg.name === 'mode') ??
      (args[1] && !args[1].name ? args[1] : undefined);
    const value = mode && stringValue(textOf(context, mode.value));
    if (
      !mode ||
      !value ||
      !/^[rwa]\+?b$|^b[rwa]$/.test(value) ||
      args.some(arg => arg.star || arg.name === 'newline')
    ) {
      return null;
    }
    const quote = textOf(context, mode.value).slice(-1);
    return [
      {
        from: mode.value.from,
        to: mode.value.to,
        insert: `${quote}${value.replace('b', '')}${quote}`
      },
      appendArgument(context, open, `newline=${quote}${quote}`)
    ];
  }

  /** Whether a call is the builtin `open`. */
  function isOpen(context: IRuleContext, node: SyntaxNode): boolean {
    const callee = node.name === 'CallExpression' && calleeOf(context, node);
    return (
      !!callee && callee.node.name === 'VariableName' && callee.name === 'open'
    );
  }

  /**
   * The `open(...)` call a pickle function is given: the argument itself, or for a name,
   * the last `with open(...) as name` or `name = open(...)` before the call in the cell.
   */
  export function opened(
    context: IRuleContext,
    file: SyntaxNode,
    call: SyntaxNode
  ): SyntaxNode | null {
    if (isOpen(context, file)) {
      return file;
    }
    if (file.name !== 'VariableName') {
      return null;
    }
    const name = textOf(context, file);
    let found = null as SyntaxNode | null;
    const bind = (value: SyntaxNode | null, target: SyntaxNode | null) => {
      if (
        value &&
        target?.name === 'VariableName' &&
        textOf(context, target) === name &&
        value.to <= call.from &&
        isOpen(context, value)
      ) {
        found = value;
      }
    };
    for (const statement of context.nodes('WithStatement')) {
      const parts = childrenOf(statement);
      parts.forEach((part, i) => {
        if (part.name === 'as') {
          bind(parts[i - 1] ?? null, parts[i + 1] ?? null);
        }
      });
    }
    for (const assign of context.nodes('AssignStatement')) {
      const parts = childrenOf(assign);
      if (parts.length === 3) {
        bind(parts[2], parts[0]);
      }
    }
    return found;
  }

  /**
   * The edits giving an `open` call a binary mode: `'r'` → `'rb'`, `'w'` → `'wb'`, no mode
   * → `'rb'` for a load. Null where the mode is binary already, or not a literal.
   */
  export function binary(
    context: IRuleContext,
    open: SyntaxNode,
    load: boolean
  ): ITextEdit[] | null {
    const args = argsOf(context, open);
    if (args.some(arg => arg.star)) {
      return null;
    }
    const mode =
      args.find(arg => arg.name === 'mode') ??
      (args[1] && !args[1].name ? args[1] : undefined);
    if (!mode) {
      return load && args.length === 1 && !args[0].name
        ? [appendArgument(context, open, "'rb'")]
        : null;
    }
    const text = textOf(context, mode.value);
    const value = stringValue(text);
    if (
      value === null ||
      value.includes('b') ||
      !/^[rwa]\+?[tU]?$/.test(value)
    ) {
      return null;
    }
    const quote = text.slice(-1);
    return [
      {
        from: mode.value.from,
        to: mode.value.to,
        insert: `${quote}${value.replace(/[tU]/, '')}b${quote}`
      }
    ];
  }
}
