import { defineRule, matchAt } from './builders';
import { copyOf } from './data-copies';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/**
 * Line magics that read a file named by their first argument, with their options that
 * take a value (`%run -N 3 x.py`, `%load -r 1-5 x.py`); `%run -m` names a module instead.
 */
const MAGICS: Record<string, { values: string; url?: boolean }> = {
  load: { values: 'rs', url: true },
  loadpy: { values: 'rs', url: true },
  run: { values: 'NbDlsTm' },
  pycat: { values: '' }
};
const MAGIC_LINE = /^([ \t]*)%(load|loadpy|run|pycat)([ \t]+)([^\n]*)$/gm;
// One argument: a quoted string or a run of non-blanks.
const ARGUMENT = /"[^"]*"|'[^']*'|[^\s'"]+/g;
// Expanded by IPython before it reads the path: not the path as written.
const EXPANDED = /[$*?{]/;

const ID = 'data.magic-file-copy';

/**
 * A file a magic reads (`%load solutions/x.py`, `%run helpers.py`) that is not where the
 * magic says, when the repository holds one copy of it: the notebook was moved, or sits
 * in a second folder beside the one with its exercises. The path becomes the copy's,
 * relative to the notebook.
 */
export const magicCopyRules: IRule[] = [
  defineRule(
    {
      id: ID,
      needs: ['%load', '%run', '%pycat'],
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A magic reads a file that is not where it says, and the repository holds one copy of it: read the copy.',
      link: 'https://ipython.readthedocs.io/en/stable/interactive/magics.html#magic-run',
      raises: {
        ename: ['ValueError', 'Exception'],
        message: /was not found in history, as a file|^File `.*` not found/
      },
      examples: [
        {
          setup:
            "import os\nos.makedirs('exercises/solutions', exist_ok=True)\nwith open('exercises/solutions/answer.py', 'w') as f:\n    f.write('answer = 6 * 7\\n')",
          before: '%run solutions/answer.py\nprint(answer)',
          after: '%run exercises/solutions/answer.py\nprint(answer)',
          files: [
            'notebook.ipynb',
            'exercises',
            'exercises/solutions',
            'exercises/solutions/answer.py'
          ]
        },
        {
          setup:
            "import os\nos.makedirs('exercises/solutions', exist_ok=True)\nwith open('exercises/solutions/answer.py', 'w') as f:\n    f.write('answer = 6 * 7\\n')",
          before: '%load -y solutions/answer.py',
          after: '%load -y exercises/solutions/answer.py',
          files: [
            'notebook.ipynb',
            'exercises',
            'exercises/solutions',
            'exercises/solutions/answer.py'
          ]
        }
      ]
    },
    context =>
      context.files.size === 0
        ? []
        : [...context.source.matchAll(MAGIC_LINE)].flatMap(line =>
            Private.copyFor(context, line)
          )
  )
];

namespace Private {
  /** The match for one magic line whose file has a single copy elsewhere. */
  export function copyFor(
    context: IRuleContext,
    line: RegExpMatchArray
  ): IRuleMatch[] {
    const [, indent, magic, gap, rest] = line;
    const start = line.index! + indent.length;
    // A line the parser sees as blank is a magic; `%run` inside brackets is Python.
    const node = context.tree.resolveInner(start, 1);
    if (node.name !== 'Script' && node.name !== 'Body') {
      return [];
    }
    const path = pathArgument(rest, MAGICS[magic]);
    if (!path) {
      return [];
    }
    const value = path.text.replace(/^(['"])(.*)\1$/, '$2');
    const url = /^\w+:\/\//.test(value);
    if (
      EXPANDED.test(value) ||
      (url && !MAGICS[magic].url) ||
      context.files.has(value.replace(/^\.\//, ''))
    ) {
      return [];
    }
    const copy = copyOf(context.files, value, true);
    if (!copy || copy === value) {
      return [];
    }
    const from = start + 1 + magic.length + gap.length + path.at;
    const to = from + path.text.length;
    const insert = /\s/.test(copy) ? `"${copy}"` : copy;
    return [
      matchAt(
        ID,
        { from, to },
        [{ from, to, insert }],
        `The repository holds the file at ${copy}.`
      )
    ];
  }

  /** The file argument of a magic: the first that is no option nor an option's value. */
  export function pathArgument(
    rest: string,
    spec: { values: string }
  ): { text: string; at: number } | null {
    let skipNext = false;
    for (const token of rest.matchAll(ARGUMENT)) {
      const text = token[0];
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (text === '--') {
        continue;
      }
      if (text.startsWith('-')) {
        const letter = text[1] ?? '';
        // `%run -m name` runs a module: no file is named.
        if (letter === 'm' && spec.values.includes('m')) {
          return null;
        }
        skipNext = spec.values.includes(letter) && text.length === 2;
        continue;
      }
      return { text, at: token.index! };
    }
    return null;
  }
}
