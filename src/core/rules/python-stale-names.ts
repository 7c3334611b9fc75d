import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule } from './builders';
import { hiddenStateRules } from './hidden-state';
import { inFunction } from './numpy-shapes';
import { textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const ID = 'python.stale-name-statement';
// Builtins (and the kernel's own names) are always bound: nothing to ask.
const BUILTINS = new Set(
  (
    'abs all any bytes dict dir display enumerate exit filter float frozenset get_ipython ' +
    'getattr globals help input int isinstance iter len list locals map max min next ' +
    'object open print quit range reversed round set setattr sorted str sum super tuple type vars zip'
  ).split(' ')
);

/** The name a call chain is rooted at: `leg` in `leg.get_frame().set_alpha(0.5)`. */
function rootName(node: SyntaxNode): SyntaxNode | null {
  let current: SyntaxNode | null = node;
  let calls = 0;
  let members = 0;
  while (current) {
    if (current.name === 'CallExpression') {
      calls++;
    } else if (current.name === 'MemberExpression') {
      members++;
    } else {
      break;
    }
    current = current.firstChild;
  }
  // A method of the object, not a call of the name itself (a lost function of its own).
  return current?.name === 'VariableName' && calls > 0 && members > 0
    ? current
    : null;
}

/**
 * A statement that only calls a method of a name nothing in the notebook binds (`leg`
 * in `leg.get_frame().set_alpha(0.5)`): the object was made by a cell since deleted, on
 * the author's machine alone, and its result is thrown away. The kernel is asked whether
 * the name is bound; where it is not, the statement becomes a comment, as nothing the
 * notebook runs can see that object.
 */
function findStaleStatements(context: IRuleContext): IRuleMatch[] {
  const hidden = hiddenStateRules[0].raises!.message;
  return context.nodes('ExpressionStatement').flatMap(statement => {
    const expression = statement.firstChild;
    const root = expression && rootName(expression);
    const name = root && textOf(context, root);
    const body = statement.parent;
    if (
      !root ||
      !name ||
      (expression.nextSibling && expression.nextSibling.name !== 'Comment') ||
      BUILTINS.has(name) ||
      context.imports.has(name) ||
      context.defined.has(name) ||
      // A library name nothing imports: hidden-state.ts imports it.
      hidden.test(`name '${name}' is not defined`) ||
      inFunction(statement) ||
      // The only statement of its block: a comment there would leave the block empty.
      (body?.name === 'Body' && Private.statements(body) < 2)
    ) {
      return [];
    }
    const lineStart = context.source.lastIndexOf('\n', statement.from - 1) + 1;
    const edits: ITextEdit[] = [];
    for (let at = lineStart; at < statement.to;) {
      const indent = /^[ \t]*/.exec(context.source.slice(at))![0].length;
      edits.push({ from: at + indent, to: at + indent, insert: '# ' });
      const next = context.source.indexOf('\n', at);
      if (next < 0 || next >= statement.to) {
        break;
      }
      at = next + 1;
    }
    return [
      askedMatch(
        ID,
        statement,
        `'${name}' in get_ipython().user_ns or hasattr(__import__('builtins'), '${name}')`,
        edits,
        `\`${name}\` is bound by no cell of the notebook: the kernel is asked whether it is defined.`,
        'False'
      )
    ];
  });
}

export const staleNameRules: IRule[] = [
  defineRule(
    {
      id: ID,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'A statement only calls a method of an object no cell makes (it came from a cell since deleted): it becomes a comment, as nothing else can see that object.',
      link: 'https://docs.python.org/3/reference/executionmodel.html#resolution-of-names',
      raises: { ename: 'NameError', message: /name '\w+' is not defined/ },
      examples: [
        {
          setup: "import matplotlib.pyplot as plt\nplt.plot([1, 2], label='a')",
          before:
            "for name in ['x', 'y']:\n    plt.gca().set_title(name)\n    legend_box.get_frame().set_alpha(0.5)\nprint(plt.gca().get_title())",
          after:
            "for name in ['x', 'y']:\n    plt.gca().set_title(name)\n    # legend_box.get_frame().set_alpha(0.5)\nprint(plt.gca().get_title())",
          answer: 'False'
        }
      ]
    },
    findStaleStatements
  )
];

namespace Private {
  /** How many statements a block holds. */
  export function statements(body: SyntaxNode): number {
    let count = 0;
    for (let child = body.firstChild; child; child = child.nextSibling) {
      count += /Statement$|Definition$/.test(child.name) ? 1 : 0;
    }
    return count;
  }
}
