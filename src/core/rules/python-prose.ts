import { parser } from '@lezer/python';
import { defineRule, matchAt } from './builders';
import { logicalLineStarts } from './prepare';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// Words that begin a Python statement (or a Python 2 one): a line led by one is broken
// code, for the rules that know its form, never prose.
const KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else ' +
    'except exec finally for from global if import in is lambda nonlocal not or pass ' +
    'print raise return try while with yield match case type'
  ).split(' ')
);
// Commands typed without their `!`: a shell line, not a sentence.
const SHELL = new Set(
  'pip pip3 conda python python3 ls cd cat wget curl git mkdir rmdir rm cp mv touch unzip tar apt apt-get sudo echo head'.split(
    ' '
  )
);
// IPython's line magics and aliases, which it runs without their `%` (automagic):
// `run script.py` is the magic `%run`, not a sentence.
const AUTOMAGIC = new Set(
  (
    'alias alias_magic autoawait autocall automagic autosave bookmark cat cd clear colors ' +
    'conda config connect_info cp debug dhist dirs doctest_mode ed edit env gui hist ' +
    'history killbgscripts ldir less lf lk ll load load_ext loadpy logoff logon logstart ' +
    'logstate logstop ls lsmagic lx macro magic man matplotlib mkdir more mv notebook page ' +
    'pastebin pdb pdef pdoc pfile pinfo pinfo2 pip popd pprint precision prun psearch ' +
    'psource pushd pwd pycat pylab qtconsole quickref recall rehashx reload_ext rep rerun ' +
    'reset reset_selective rm rmdir run save sc set_env sx system tb time timeit unalias ' +
    'unload_ext who who_ls whos xdel xmode'
  ).split(' ')
);
const NEVER_RAN = 'python.never-ran-cell';
const WORD = String.raw`\p{L}[\p{L}\p{N}_'’-]*`;
// A title or sentence: an optional list marker, a word, then another word or a number,
// and nothing that only code writes (assignment, brackets for indexing, quotes, a comment).
const PROSE = new RegExp(
  String.raw`^(?:[-*]\s+|\d+[.)]\s+)?(${WORD})[:,]?\s+(?:${WORD}|\p{N})[^=\[\]{}"\x60@#<>*\\]*$`,
  'u'
);

// `from m import a, b,` or `import a, b,` with no bracket or backslash: the comma, and
// the spaces before it, after the statement's last name.
const TRAILING_COMMA =
  /^(\s*(?:from\s+[\w.]+\s+)?import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)(\s*,)\s*(?:#.*)?$/;

/**
 * Lines of prose in a code cell: a heading or a sentence the author typed into a code
 * cell and never ran. No Python reads them, and the notebook's saved outputs show they
 * never ran: they become comments, so the code around them runs.
 */
function findProse(context: IRuleContext, id: string): IRuleMatch[] {
  const lines = context.source.split('\n');
  return logicalLines(context.source).flatMap(({ line, from, index }) => {
    const words = PROSE.exec(line.trimEnd());
    if (
      !words ||
      KEYWORDS.has(words[1]) ||
      SHELL.has(words[1].toLowerCase()) ||
      AUTOMAGIC.has(words[1]) ||
      !Private.balanced(line) ||
      !Private.hasError(line) ||
      Private.opensBlock(lines, index)
    ) {
      return [];
    }
    return [
      matchAt(id, { from, to: from + line.trimEnd().length }, [
        { from, to: from, insert: '# ' }
      ])
    ];
  });
}

/** The lines that begin a logical line (not a bracket's or a backslash's continuation). */
function logicalLines(
  source: string
): { line: string; from: number; index: number }[] {
  const lines = source.split('\n');
  const starts = logicalLineStarts(lines);
  let offset = 0;
  return lines.flatMap((line, index) => {
    const from = offset;
    offset += line.length + 1;
    return starts[index] ? [{ line, from, index }] : [];
  });
}

export const proseRules: IRule[] = [
  defineRule(
    {
      id: 'python.prose-line',
      distribution: 'python',
      // No Python ever read prose; 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A line of prose in a code cell (a heading or a sentence that never ran) is not Python: it becomes a comment.',
      link: 'https://docs.python.org/3/reference/lexical_analysis.html#comments',
      raises: {
        ename: 'SyntaxError',
        message: /invalid syntax|unterminated string literal/
      },
      examples: [
        {
          before:
            'Fitting a straight line\nimport numpy as np\nprint(np.polyfit([0, 1, 2], [1, 3, 5], 1).round(2))',
          after:
            '# Fitting a straight line\nimport numpy as np\nprint(np.polyfit([0, 1, 2], [1, 3, 5], 1).round(2))'
        },
        {
          before:
            "Let's count the words, then sort them.\nwords = sorted('b c a'.split())\nprint(words)",
          after:
            "# Let's count the words, then sort them.\nwords = sorted('b c a'.split())\nprint(words)"
        }
      ]
    },
    context => findProse(context, 'python.prose-line')
  ),
  defineRule(
    {
      id: NEVER_RAN,
      onFailureOnly: true,
      lastResort: true,
      distribution: 'python',
      // No Python ever read it; 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A cell the author never ran (saved with no execution count and no output) fails, and no fix was found: an exercise left blank, a note, a call never finished. None of the saved results came from it, so it becomes comments and the cells below run.',
      link: 'https://nbformat.readthedocs.io/en/latest/format_description.html#code-cells',
      raises: { ename: '*', message: /(?:)/ },
      examples: [
        {
          before:
            '# Your code here\nbest_model = \n\nprint(best_model.score(X_test, y_test))',
          after:
            '# Your code here\n# best_model = \n\n# print(best_model.score(X_test, y_test))',
          neverRan: true
        },
        {
          before: '100 -> 70, 30\n\n100 -> 60, 20, 20',
          after: '# 100 -> 70, 30\n\n# 100 -> 60, 20, 20',
          neverRan: true
        },
        {
          before: 'def area(r):\n    return 3.14 * r ** 2\n\nradius = ',
          after: '# def area(r):\n#     return 3.14 * r ** 2\n\n# radius = ',
          neverRan: true
        },
        {
          before: 'import math\nprint(math.hypot(3, 4))\nmath.copysign()',
          after: '# import math\n# print(math.hypot(3, 4))\n# math.copysign()',
          neverRan: true
        }
      ]
    },
    context => Private.neverRan(context)
  ),
  defineRule(
    {
      id: 'python.import-trailing-comma',
      onFailureOnly: true,
      distribution: 'python',
      // No Python ever read it; 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'An import line ends in a comma outside parentheses (edited after it last ran, the next name never typed): the comma goes.',
      link: 'https://docs.python.org/3/reference/simple_stmts.html#the-import-statement',
      raises: {
        ename: 'SyntaxError',
        message: /trailing comma not allowed without surrounding parentheses/
      },
      examples: [
        {
          before: 'from math import floor, ceil,\nprint(floor(2.5), ceil(2.5))',
          after: 'from math import floor, ceil\nprint(floor(2.5), ceil(2.5))'
        }
      ]
    },
    context =>
      logicalLines(context.source).flatMap(({ line, from }) => {
        const comma = TRAILING_COMMA.exec(line);
        if (!comma) {
          return [];
        }
        const at = from + comma[1].length;
        return [
          matchAt(
            'python.import-trailing-comma',
            { from, to: from + line.length },
            [{ from: at, to: at + comma[2].length, insert: '' }]
          )
        ];
      })
  )
];

namespace Private {
  /**
   * The cell that failed, which the author never ran (an exercise left blank, a note, a
   * call never finished): none of the notebook's saved results came from it, so every
   * line that is not a comment already becomes one and the cells below run. Asked only
   * once no fixer has a fix (IRule.lastResort).
   */
  export function neverRan(context: IRuleContext): IRuleMatch[] {
    if (!context.neverRan) {
      return [];
    }
    const edits: ITextEdit[] = [];
    let from = 0;
    for (const line of context.source.split('\n')) {
      const text = line.trim();
      if (text !== '' && !text.startsWith('#')) {
        edits.push({ from, to: from, insert: '# ' });
      }
      from += line.length + 1;
    }
    return edits.length === 0
      ? []
      : [
          matchAt(
            NEVER_RAN,
            { from: 0, to: context.source.length },
            edits,
            'The author never ran this cell, and it fails.'
          )
        ];
  }

  /** Whether the line's brackets close on it: a line that opens one continues below. */
  export function balanced(line: string): boolean {
    let depth = 0;
    for (const c of line) {
      depth += c === '(' ? 1 : c === ')' ? -1 : 0;
      if (depth < 0) {
        return false;
      }
    }
    return depth === 0 && !line.trimEnd().endsWith('\\');
  }

  /** Whether the line alone is no Python: valid code is never taken for prose. */
  export function hasError(line: string): boolean {
    let error = false;
    parser.parse(line).iterate({
      enter: node => {
        error ||= node.type.isError;
        return !error;
      }
    });
    return error;
  }

  /** Whether the line is indented or the next code line is: a comment there breaks a block. */
  export function opensBlock(lines: readonly string[], i: number): boolean {
    const next = lines.slice(i + 1).find(line => line.trim() !== '');
    return /^\s/.test(lines[i]) || (next !== undefined && /^\s/.test(next));
  }
}
