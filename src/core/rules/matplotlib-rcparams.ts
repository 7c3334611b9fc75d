import type { SyntaxNode } from '@lezer/common';
import { spellName, type ISpelledName } from './bindings';
import { defineRule, matchAt } from './builders';
import {
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  stringValue,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const OLD = 'axes.color_cycle';
const NEW = 'axes.prop_cycle';
// Where `rc` and `rcParams` come from, however the notebook imports them.
const RC = /^(matplotlib(\.pyplot)?|pylab)\.rc$/;
const RC_PARAMS = /^(matplotlib(\.pyplot)?|pylab)\.rcParams(Default)?$/;

/**
 * `axes.color_cycle` (removed in matplotlib 2.0) in each form a notebook sets it: an item
 * of `rcParams`, `rc('axes', color_cycle=...)`, or an entry of a dictionary of settings
 * (given to `rcParams.update`, `rc_context`, `style.use`, or kept in a name for later).
 */
export const matplotlibRcParamRules: IRule[] = [
  defineRule(
    {
      id: 'matplotlib.axes-color-cycle',
      needs: ['color_cycle'],
      targets: ['cycler.cycler', 'matplotlib.cycler'],
      distribution: 'matplotlib',
      since: '2.0.0',
      summary:
        "The rcParam 'axes.color_cycle' was removed in matplotlib 2.0: it is 'axes.prop_cycle', a cycler of colors.",
      link: 'https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.0.0.html',
      raises: {
        ename: ['KeyError', 'AttributeError', 'TypeError'],
        message:
          /'axes\.color_cycle' is not a valid value for rcParam|Unrecognized key "axes\.color_cycle"/
      },
      examples: [
        {
          setup: 'import matplotlib as mpl',
          before:
            "mpl.rcParams['axes.color_cycle'] = ['#348ABD', '#A60628']\nprint(mpl.rcParams['axes.prop_cycle'].by_key()['color'])",
          after:
            "mpl.rcParams['axes.prop_cycle'] = mpl.cycler(color=['#348ABD', '#A60628'])\nprint(mpl.rcParams['axes.prop_cycle'].by_key()['color'])"
        },
        {
          setup: 'import matplotlib.pyplot as plt',
          before:
            "plt.rc('axes', color_cycle=['r', 'g'], grid=True)\nprint(plt.rcParams['axes.prop_cycle'].by_key()['color'])",
          after:
            "from cycler import cycler\nplt.rc('axes', prop_cycle=cycler(color=['r', 'g']), grid=True)\nprint(plt.rcParams['axes.prop_cycle'].by_key()['color'])"
        },
        {
          setup:
            'from matplotlib import rcParams\nfrom cycler import cycler\nimport matplotlib',
          before:
            "rcParams.update({'lines.linewidth': 2, 'axes.color_cycle': ['k', 'b']})\nprint(rcParams['axes.prop_cycle'].by_key()['color'])",
          after:
            "rcParams.update({'lines.linewidth': 2, 'axes.prop_cycle': cycler(color=['k', 'b'])})\nprint(rcParams['axes.prop_cycle'].by_key()['color'])"
        }
      ]
    },
    context => [
      ...Private.items(context),
      ...Private.rcCalls(context),
      ...Private.entries(context)
    ]
  )
];

namespace Private {
  const ID = 'matplotlib.axes-color-cycle';

  /** `rcParams['axes.color_cycle'] = colors`. */
  export function items(context: IRuleContext): IRuleMatch[] {
    return context.nodes('AssignStatement').flatMap(assign => {
      const target = assign.firstChild;
      const value = assign.lastChild;
      const key = target?.getChild('String');
      const owner = target?.firstChild;
      const dotted = owner ? dottedName(context, owner) : null;
      if (
        target?.name !== 'MemberExpression' ||
        assign.getChildren('AssignOp').length !== 1 ||
        !key ||
        !value ||
        stringValue(textOf(context, key)) !== OLD ||
        dotted === null ||
        !isRcParams(context, dotted)
      ) {
        return [];
      }
      return [colorCycle(context, assign, key, value)];
    });
  }

  /** `rc('axes', color_cycle=colors)`. */
  export function rcCalls(context: IRuleContext): IRuleMatch[] {
    return context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const dotted = callee && dottedName(context, callee.node);
      const args = argsOf(context, call);
      const group = args[0] && !args[0].name ? args[0].value : null;
      const keyword = args.find(arg => arg.name === 'color_cycle');
      if (
        !dotted ||
        !RC.test(resolve(context, dotted)) ||
        !group ||
        stringValue(textOf(context, group)) !== 'axes' ||
        !keyword
      ) {
        return [];
      }
      const value = context.source.slice(keyword.valueFrom, keyword.valueTo);
      const cycler = cyclerName(context);
      return [
        matchAt(ID, keyword, [
          {
            from: keyword.from,
            to: keyword.to,
            insert: `prop_cycle=${cycler.text}(color=${value})`,
            needs: cycler.needs
          }
        ])
      ];
    });
  }

  /** `{'axes.color_cycle': colors, ...}`: a dictionary of settings, wherever it goes. */
  export function entries(context: IRuleContext): IRuleMatch[] {
    return context.nodes('DictionaryExpression').flatMap(dict => {
      const found: IRuleMatch[] = [];
      for (let key = dict.firstChild; key; key = key.nextSibling) {
        const colon = key.nextSibling;
        const value = colon?.nextSibling;
        if (
          key.name === 'String' &&
          colon?.name === ':' &&
          value &&
          stringValue(textOf(context, key)) === OLD
        ) {
          found.push(colorCycle(context, key, key, value));
        }
      }
      return found;
    });
  }

  /** The key renamed and its colors made a cycler. */
  function colorCycle(
    context: IRuleContext,
    node: SyntaxNode,
    key: SyntaxNode,
    value: SyntaxNode
  ): IRuleMatch {
    const literal = textOf(context, key);
    const cycler = cyclerName(context);
    return matchAt(ID, { from: node.from, to: value.to }, [
      { from: key.from, to: key.to, insert: literal.replace(OLD, NEW) },
      {
        from: value.from,
        to: value.to,
        insert: `${cycler.text}(color=${textOf(context, value)})`,
        needs: cycler.needs
      }
    ]);
  }
}

/** Whether a dotted name is matplotlib's rcParams (`plt.rcParams`, `rcParams`). */
export function isRcParams(context: IRuleContext, dotted: string): boolean {
  return RC_PARAMS.test(resolve(context, dotted)) || dotted === 'rcParams';
}

/**
 * `cycler` as the notebook names it: its own import of it, else through matplotlib as
 * the notebook imports it (`mpl.cycler`), else imported from the cycler package.
 */
export function cyclerName(context: IRuleContext): ISpelledName {
  const bound = (target: string) =>
    [...context.imports.values()].includes(target);
  if (bound('cycler.cycler')) {
    return spellName(context, { module: 'cycler', name: 'cycler' });
  }
  if (bound('matplotlib.cycler') || bound('matplotlib')) {
    return spellName(context, {
      module: 'matplotlib',
      name: 'cycler',
      alias: 'matplotlib'
    });
  }
  return spellName(context, { module: 'cycler', name: 'cycler' });
}
