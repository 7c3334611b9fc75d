import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { cyclerName, isRcParams } from './matplotlib-rcparams';
import {
  argsOf,
  calleeOf,
  dottedName,
  indentAt,
  resolve,
  stringValue,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const NOTES = 'https://matplotlib.org/stable/api/api_changes_old.html';
// Settings removed with nothing in their place, none of which changed what a figure
// shows: paths and flags of tools gone, a logger, a LaTeX option that is always on.
const REMOVED = new Set([
  'examples.directory',
  'examples.download',
  'verbose.level',
  'verbose.fileo',
  'text.latex.unicode',
  'text.latex.preview',
  'text.dvipnghack',
  'savefig.jpeg_quality',
  'keymap.all_axes',
  'animation.avconv_path',
  'animation.avconv_args',
  'animation.html_args',
  'pgf.debug',
  'backend.qt4',
  'backend.qt5',
  'nbagg.transparent',
  'svg.embed_char_paths',
  'svg.image_noscale'
]);
const NOT_VALID = /'([\w.]+)' is not a valid value for rcParam/;
// Readers of settings files: the keys they give are the file's, which the source never shows.
const READERS = /^(json\.loads?|yaml\.(safe_|full_|unsafe_)?load)$/;
const SETUP = 'import matplotlib\nimport json';

/** Settings that matplotlib removed since 2.0, in the notebook's code and in files it reads. */
export const matplotlibRemovedRcParamRules: IRule[] = [
  defineRule(
    {
      id: 'matplotlib.removed-rcparams',
      needs: [...REMOVED],
      distribution: 'matplotlib',
      since: '3.0.0',
      summary:
        'matplotlib removed settings that no longer did anything (`examples.directory`, `text.latex.unicode`, `verbose.level`, ...): setting them raises, so they go.',
      link: NOTES,
      raises: {
        ename: 'KeyError',
        message: new RegExp(
          `'(${[...REMOVED].map(k => k.replace('.', '\\.')).join('|')})' is not a valid value for rcParam`
        )
      },
      examples: [
        {
          setup: SETUP,
          before:
            "matplotlib.rcParams.update({'lines.linewidth': 2.0, 'examples.directory': ''})\nprint(matplotlib.rcParams['lines.linewidth'])",
          after:
            "matplotlib.rcParams.update({'lines.linewidth': 2.0})\nprint(matplotlib.rcParams['lines.linewidth'])"
        },
        {
          setup: SETUP,
          before:
            "matplotlib.rcParams['text.latex.unicode'] = True\nmatplotlib.rcParams['lines.linewidth'] = 3.0\nprint(matplotlib.rcParams['lines.linewidth'])",
          after:
            "matplotlib.rcParams['lines.linewidth'] = 3.0\nprint(matplotlib.rcParams['lines.linewidth'])"
        }
      ]
    },
    context => [...Private.entries(context), ...Private.items(context)]
  ),
  defineRule(
    {
      id: 'matplotlib.rcparams-from-file',
      needs: ['load'],
      targets: ['cycler.cycler', 'matplotlib.cycler'],
      distribution: 'matplotlib',
      since: '2.0.0',
      summary:
        "Settings read from a file may use names matplotlib removed: 'axes.color_cycle' becomes 'axes.prop_cycle', and the settings it no longer knows are left out before they are applied.",
      link: NOTES,
      raises: { ename: 'KeyError', message: NOT_VALID },
      examples: [
        {
          setup: `${SETUP}\nsaved = json.dumps({'axes.grid': True, 'axes.color_cycle': ['#348ABD', '#A60628'], 'examples.directory': ''})`,
          before:
            "style = json.loads(saved)\nmatplotlib.rcParams.update(style)\nprint(matplotlib.rcParams['axes.grid'], matplotlib.rcParams['axes.prop_cycle'].by_key()['color'])",
          after:
            "style = json.loads(saved)\nif 'axes.color_cycle' in style:\n    style['axes.prop_cycle'] = matplotlib.cycler(color=style.pop('axes.color_cycle'))\nstyle = {k: v for k, v in style.items() if k in matplotlib.rcParams}\nmatplotlib.rcParams.update(style)\nprint(matplotlib.rcParams['axes.grid'], matplotlib.rcParams['axes.prop_cycle'].by_key()['color'])"
        }
      ]
    },
    context => Private.fromFile(context)
  )
];

namespace Private {
  const ID = 'matplotlib.removed-rcparams';

  /** `{..., 'examples.directory': '', ...}`: the entry goes, with its comma. */
  export function entries(context: IRuleContext): IRuleMatch[] {
    return context.nodes('DictionaryExpression').flatMap(dict => {
      const parts: SyntaxNode[] = [];
      for (let c = dict.firstChild; c; c = c.nextSibling) {
        parts.push(c);
      }
      return parts.flatMap((key, i) => {
        const value = parts[i + 2];
        if (
          key.name !== 'String' ||
          parts[i + 1]?.name !== ':' ||
          !value ||
          !REMOVED.has(stringValue(textOf(context, key)) ?? '')
        ) {
          return [];
        }
        const after = parts[i + 3];
        const before = parts[i - 1];
        const next = parts[i + 4];
        // The comma after the entry goes with it; the last entry takes the one before.
        let edit: ITextEdit = { from: key.from, to: value.to, insert: '' };
        if (after?.name === ',') {
          const to = next && next.name !== '}' ? next.from : after.to;
          edit = { from: key.from, to, insert: '' };
        } else if (before?.name === ',') {
          edit = { from: before.from, to: value.to, insert: '' };
        }
        return [matchAt(ID, { from: key.from, to: value.to }, [edit])];
      });
    });
  }

  /** `rcParams['examples.directory'] = ...` on a line of its own: the line goes. */
  export function items(context: IRuleContext): IRuleMatch[] {
    return context.nodes('AssignStatement').flatMap(assign => {
      const target = assign.firstChild;
      const key = target?.getChild('String');
      const owner = target?.firstChild;
      const dotted = owner ? dottedName(context, owner) : null;
      const alone = assign.parent?.name === 'Script' || siblings(assign) > 1;
      if (
        target?.name !== 'MemberExpression' ||
        !key ||
        !REMOVED.has(stringValue(textOf(context, key)) ?? '') ||
        dotted === null ||
        !isRcParams(context, dotted) ||
        !alone
      ) {
        return [];
      }
      const start = context.source.lastIndexOf('\n', assign.from - 1) + 1;
      const end = context.source.indexOf('\n', assign.to);
      const line = context.source.slice(start, end < 0 ? undefined : end);
      if (line.trim() !== textOf(context, assign)) {
        return [];
      }
      return [
        matchAt(ID, assign, [
          { from: start, to: end < 0 ? assign.to : end + 1, insert: '' }
        ])
      ];
    });
  }

  /** The statements of the body that holds a statement. */
  function siblings(statement: SyntaxNode): number {
    let count = 0;
    for (let c = statement.parent?.firstChild; c; c = c.nextSibling) {
      count += /Statement$/.test(c.name) ? 1 : 0;
    }
    return count;
  }

  /**
   * `rcParams.update(style)`, `style` last read from a settings file in the same scope:
   * the old names are translated and the unknown ones left out before the update.
   */
  export function fromFile(context: IRuleContext): IRuleMatch[] {
    return context.nodes('ExpressionStatement').flatMap(statement => {
      const call = statement.firstChild;
      const callee = call && calleeOf(context, call);
      const owner = callee?.node.firstChild;
      const dotted = owner ? dottedName(context, owner) : null;
      const args = call ? argsOf(context, call) : [];
      if (
        call?.name !== 'CallExpression' ||
        callee?.name !== 'update' ||
        dotted === null ||
        !isRcParams(context, dotted) ||
        args.length !== 1 ||
        args[0].name ||
        args[0].star ||
        args[0].value.name !== 'VariableName' ||
        !readFromFile(context, textOf(context, args[0].value), statement)
      ) {
        return [];
      }
      const name = textOf(context, args[0].value);
      const indent = indentAt(context.source, statement.from);
      const cycler = cyclerName(context);
      const lines = [
        `if 'axes.color_cycle' in ${name}:`,
        `${indent}    ${name}['axes.prop_cycle'] = ${cycler.text}(color=${name}.pop('axes.color_cycle'))`,
        `${indent}${name} = {k: v for k, v in ${name}.items() if k in ${dotted}}`,
        indent
      ];
      return [
        matchAt('matplotlib.rcparams-from-file', statement, [
          {
            from: statement.from,
            to: statement.from,
            insert: lines.join('\n'),
            needs: cycler.needs
          }
        ])
      ];
    });
  }

  /** Whether a name was last assigned, before `at` and in its scope, what a reader of files gave. */
  function readFromFile(
    context: IRuleContext,
    name: string,
    at: SyntaxNode
  ): boolean {
    const scope = scopeOf(at);
    let value: SyntaxNode | null = null;
    for (const assign of context.nodes('AssignStatement')) {
      const target = assign.firstChild;
      if (
        assign.to <= at.from &&
        scopeOf(assign) === scope &&
        target?.name === 'VariableName' &&
        textOf(context, target) === name
      ) {
        value = assign.lastChild;
      }
    }
    const callee = value?.name === 'CallExpression' && calleeOf(context, value);
    const dotted = callee ? dottedName(context, callee.node) : null;
    return dotted !== null && READERS.test(resolve(context, dotted));
  }

  function scopeOf(node: SyntaxNode): number {
    for (let p = node.parent; p; p = p.parent) {
      if (p.name === 'FunctionDefinition') {
        return p.from;
      }
    }
    return -1;
  }
}
