import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { evaluableAgain, inFunction } from './numpy-shapes';
import {
  argsOf,
  calleeOf,
  stringValue,
  textOf,
  wrapIn,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// A figure of its own: an earlier example's figure would still fail to draw.
const SETUP =
  "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\nplt.close('all')";
// Keywords that only matplotlib's drawing calls take, whatever the callee is called
// (`dict(lw='2')` given as `arrowprops=`).
const WIDTHS = [
  'linewidth',
  'linewidths',
  'lw',
  'elinewidth',
  'capthick',
  'capsize',
  'markeredgewidth',
  'mew',
  'markersize',
  'ms'
];
// Keywords other libraries take too: only on matplotlib's drawing calls.
const SHARED: Record<string, readonly string[]> = {
  alpha: [
    'plot',
    'scatter',
    'bar',
    'barh',
    'hist',
    'fill',
    'fill_between',
    'fill_betweenx',
    'contour',
    'contourf',
    'imshow',
    'pcolormesh',
    'axhline',
    'axvline',
    'axhspan',
    'axvspan',
    'errorbar',
    'text',
    'annotate',
    'plot_surface'
  ],
  s: ['scatter', 'scatter3D']
};
const SUBPLOT = ['subplot', 'add_subplot'];
const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const NUMPY = "__import__('numpy')";
const LITERAL = /^(Number|String|Boolean|None)$/;

/**
 * Values matplotlib once converted itself and today's draws do not: a number written as a
 * string, and a coordinate that is an array of one value. Both break only when the figure
 * is drawn, after the call that made it returned.
 */
export const matplotlibValueRules: IRule[] = [
  defineRule(
    {
      id: 'matplotlib.number-as-string',
      distribution: 'matplotlib',
      since: '3.9.0',
      summary:
        "A line width, marker size, alpha or subplot number written as a string (`linewidths='1'`, `subplot('131')`) no longer draws: it is the number.",
      link: 'https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.9.0.html',
      raises: {
        ename: ['RuntimeError', 'TypeError', 'ValueError'],
        message:
          /Unable to cast Python instance of type <class 'tuple'>|alpha must be numeric or None|^s must be float|^Single argument to subplot must be a three-digit integer, not '\d{3}'|Bbox\.from_bounds\(\) missing 1 required positional argument/
      },
      examples: [
        {
          setup: SETUP,
          before:
            "plt.scatter([1, 2], [3, 4], c='k', marker='|', linewidths='2')\nplt.gcf().canvas.draw()\nprint(plt.gca().collections[0].get_linewidths())",
          after:
            "plt.scatter([1, 2], [3, 4], c='k', marker='|', linewidths=2)\nplt.gcf().canvas.draw()\nprint(plt.gca().collections[0].get_linewidths())"
        },
        {
          setup: SETUP,
          before:
            "ax = plt.figure().add_subplot('121')\nprint(ax.get_subplotspec().get_geometry())",
          after:
            'ax = plt.figure().add_subplot(121)\nprint(ax.get_subplotspec().get_geometry())'
        },
        {
          setup: SETUP,
          before:
            "plt.plot([0, 1], [0, 1], alpha='0.5')\nprint(plt.gca().lines[0].get_alpha())",
          after:
            'plt.plot([0, 1], [0, 1], alpha=0.5)\nprint(plt.gca().lines[0].get_alpha())'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call)?.name ?? '';
        return argsOf(context, call).flatMap((arg, index) => {
          const keyword = arg.name ?? '';
          const number = Private.numberIn(context, arg);
          const takes =
            WIDTHS.includes(keyword) ||
            (SHARED[keyword]?.includes(callee) ?? false);
          // `subplot('131')`: the grid and index as one three-digit number.
          const grid =
            SUBPLOT.includes(callee) &&
            index === 0 &&
            !arg.name &&
            !arg.star &&
            number !== null &&
            /^\d{3}$/.test(number);
          return (takes || grid) && number !== null
            ? [
                matchAt('matplotlib.number-as-string', arg, [
                  { from: arg.value.from, to: arg.value.to, insert: number }
                ])
              ]
            : [];
        });
      }),
    [...WIDTHS, 'alpha', 's=', 'subplot']
  ),
  // matplotlib 2 took `int()` of a subplot's rows, columns and number; 3.5 refuses floats.
  defineRule(
    {
      id: 'matplotlib.subplot-float-grid',
      onFailureOnly: true,
      distribution: 'matplotlib',
      since: '3.5.0',
      summary:
        "A subplot's rows, columns and number must be integers (matplotlib 3.5): matplotlib took `int()` of each before, as the rewrite does (`sqrt(N)`, `n / 2`).",
      link: 'https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html',
      raises: {
        ename: 'ValueError',
        message:
          /^Number of (rows|columns) must be a positive integer, not|^num must be an integer with 1 <= num <= \d+, not (np\.float\d*\()?-?\d*\.\d*/
      },
      examples: [
        {
          setup: `${SETUP}\nfrom math import sqrt`,
          before:
            'N = 4\nfor i in range(N):\n    ax = plt.subplot(sqrt(N), sqrt(N), i + 1)\nprint(ax.get_subplotspec().get_geometry())',
          after:
            'N = 4\nfor i in range(N):\n    ax = plt.subplot(int(sqrt(N)), int(sqrt(N)), int(i + 1))\nprint(ax.get_subplotspec().get_geometry())'
        },
        {
          setup: SETUP,
          before:
            'n = 4\nfig = plt.figure()\nax = fig.add_subplot(n / 2, 2, n / 4)\nprint(ax.get_subplotspec().get_geometry())',
          after:
            'n = 4\nfig = plt.figure()\nax = fig.add_subplot(int(n / 2), 2, int(n / 4))\nprint(ax.get_subplotspec().get_geometry())'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const args = argsOf(context, call);
        if (
          !callee ||
          !SUBPLOT.includes(callee.name) ||
          args.length < 3 ||
          args.slice(0, 3).some(arg => arg.name || arg.star)
        ) {
          return [];
        }
        const edits = args
          .slice(0, 3)
          .filter(arg => !Private.integral(context, arg.value))
          .flatMap(arg => wrapIn(arg.value, 'int'));
        return edits.length > 0
          ? [matchAt('matplotlib.subplot-float-grid', call, edits)]
          : [];
      }),
    SUBPLOT
  ),
  // matplotlib 3.4 reads a sequence given as `plot`'s label as one label per data set.
  defineRule(
    {
      id: 'matplotlib.plot-label-sequence',
      onFailureOnly: true,
      distribution: 'matplotlib',
      since: '3.4.0',
      summary:
        "`plot(..., label=values)` takes one label per data set since matplotlib 3.4: the line's label was the text of the values, as `str(values)` writes it.",
      link: 'https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.4.0.html',
      raises: {
        ename: 'ValueError',
        message:
          /^label must be scalar or have the same length as the input data/
      },
      examples: [
        {
          setup: `${SETUP}\nimport numpy as np\ntarget = np.array([0, 1, 2])`,
          before:
            'line, = plt.plot([1, 2], [3, 4], label=target)\nprint(line.get_label())',
          after:
            'line, = plt.plot([1, 2], [3, 4], label=str(target))\nprint(line.get_label())'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const label = argsOf(context, call).find(arg => arg.name === 'label');
        const text =
          label?.value.name === 'CallExpression' &&
          calleeOf(context, label.value)?.name === 'str';
        return calleeOf(context, call)?.name === 'plot' &&
          label &&
          !text &&
          !/^(String|FormatString)$/.test(label.value.name)
          ? [
              matchAt(
                'matplotlib.plot-label-sequence',
                label,
                wrapIn(label.value, 'str')
              )
            ]
          : [];
      }),
    ['label']
  ),
  defineRule(
    {
      id: 'matplotlib.size-one-coordinate',
      needs: ['annotate', 'text'],
      distribution: 'numpy',
      since: '1.25.0',
      summary:
        'A text or annotation placed at an array of one value no longer draws (numpy 2 makes no scalar of it): its position takes the value with `.item()`.',
      link: 'https://numpy.org/doc/stable/release/1.25.0-notes.html',
      raises: {
        ename: 'TypeError',
        message:
          /only 0-dimensional arrays can be converted|only length-1 arrays can be converted/
      },
      examples: [
        {
          setup: `${SETUP}\nimport numpy as np\nslope = np.array([[0.5]])\ny0 = np.array([[1.0]])`,
          before:
            "plt.plot([0, 1], [1, 2])\nplt.annotate('', xy=(1, y0 + slope), xytext=(0, y0), arrowprops={'arrowstyle': '-'})\nplt.gcf().canvas.draw()\nprint(plt.gca().texts[0].xy)",
          after:
            "plt.plot([0, 1], [1, 2])\nplt.annotate('', xy=(1, (y0 + slope).item()), xytext=(0, y0.item()), arrowprops={'arrowstyle': '-'})\nplt.gcf().canvas.draw()\nprint(plt.gca().texts[0].xy)",
          answer: '2,1,1 2,1,1'
        },
        {
          setup: `${SETUP}\nimport numpy as np\nscores = np.array([0.75])`,
          before:
            "ax = plt.gca()\nax.text(0.5, scores, 'best')\nplt.gcf().canvas.draw()\nprint(ax.texts[0].get_position())",
          after:
            "ax = plt.gca()\nax.text(0.5, scores.item(), 'best')\nplt.gcf().canvas.draw()\nprint(ax.texts[0].get_position())",
          answer: '1,1,1'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const items = Private.coordinates(context, call).filter(
          item => !Private.literal(item) && evaluableAgain(item)
        );
        if (items.length === 0 || inFunction(call)) {
          return [];
        }
        return [Private.askSizes(context, call, items)];
      })
  )
];

namespace Private {
  /** An integer as written, or a value made one already (`int(n / 2)`, `len(cols)`). */
  export function integral(context: IRuleContext, node: SyntaxNode): boolean {
    if (node.name === 'Number') {
      return /^\d+$/.test(textOf(context, node));
    }
    const callee = node.name === 'CallExpression' && calleeOf(context, node);
    return (
      !!callee &&
      callee.node.name === 'VariableName' &&
      ['int', 'len', 'round'].includes(callee.name)
    );
  }

  /** A literal as written (`0.5`, `-1`, `'top'`): a number already. */
  export function literal(node: SyntaxNode): boolean {
    return (
      LITERAL.test(node.name) ||
      (node.name === 'UnaryExpression' && node.lastChild?.name === 'Number')
    );
  }

  /** The number a string argument spells (`'1.5'` → `1.5`), or null. */
  export function numberIn(
    context: IRuleContext,
    arg: IArgument
  ): string | null {
    if (arg.value.name !== 'String' || arg.value.to !== arg.valueTo) {
      return null;
    }
    const value = stringValue(textOf(context, arg.value));
    return value !== null && NUMBER.test(value) ? value.trim() : null;
  }

  /**
   * The coordinate expressions of a text or annotation: the items of `annotate`'s `xy` and
   * `xytext` pairs, `text`'s `x` and `y`.
   */
  export function coordinates(
    context: IRuleContext,
    call: SyntaxNode
  ): SyntaxNode[] {
    const name = calleeOf(context, call)?.name;
    const args = argsOf(context, call);
    const at = (keyword: string, position: number) =>
      args.find(a => a.name === keyword) ??
      (args[position] && !args[position].name && !args[position].star
        ? args[position]
        : undefined);
    if (name === 'annotate') {
      return [at('xy', 1), at('xytext', 2)].flatMap(arg =>
        arg ? pairItems(arg.value) : []
      );
    }
    if (name === 'text' && args.length >= 3) {
      return [at('x', 0), at('y', 1)].flatMap(arg =>
        arg && !arg.star ? [arg.value] : []
      );
    }
    return [];
  }

  /** The two items of a pair literal `(x, y)` or `[x, y]`. */
  function pairItems(node: SyntaxNode): SyntaxNode[] {
    if (node.name !== 'TupleExpression' && node.name !== 'ArrayExpression') {
      return [];
    }
    const items: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!['(', ')', '[', ']', ','].includes(child.name)) {
        items.push(child);
      }
    }
    return items.length === 2 ? items : [];
  }

  /**
   * A match that asks the kernel each coordinate's `ndim,size,has item()`; those that are
   * arrays of one value take it with `.item()`.
   */
  export function askSizes(
    context: IRuleContext,
    call: SyntaxNode,
    items: readonly SyntaxNode[]
  ): IRuleMatch {
    const values = items.map(item => textOf(context, item));
    const expression =
      "(lambda *a: ' '.join('%d,%d,%d' % " +
      `(${NUMPY}.ndim(v), ${NUMPY}.size(v), hasattr(v, 'item')) for v in a))` +
      `(${values.join(', ')})`;
    const decide = (answer: string): ITextEdit[] | null => {
      const sizes = answer.split(' ').map(part => part.split(',').map(Number));
      if (sizes.length !== items.length) {
        return null;
      }
      const edits = items.flatMap((item, i) => {
        const [ndim, size, item_] = sizes[i];
        if (!(ndim >= 1 && size === 1 && item_ === 1)) {
          return [];
        }
        const primary = /^(VariableName|MemberExpression)$/.test(item.name);
        const insert = `${primary ? values[i] : `(${values[i]})`}.item()`;
        return [{ from: item.from, to: item.to, insert }];
      });
      return edits.length > 0 ? edits : null;
    };
    return {
      ...matchAt('matplotlib.size-one-coordinate', call, []),
      question: { expression, decide }
    };
  }
}
