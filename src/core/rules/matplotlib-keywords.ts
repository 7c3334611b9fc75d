import type { SyntaxNode } from '@lezer/common';
import { defineRule } from './builders';
import { onPlottingCall, removeArguments } from './matplotlib-calls';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';
import {
  argsOf,
  calleeOf,
  removeArgument,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

// The keyword each bar function's positions had before matplotlib 2.0 named them, and now.
const POSITION: Record<string, readonly [string, string]> = {
  bar: ['left', 'x'],
  barh: ['bottom', 'y']
};

/** `ax.barh(bottom=ys, width=ws)`: the positions are `y` (`x` for bar) since matplotlib 3.0. */
const barPosition = defineRule(
  {
    id: 'matplotlib.bar-position-keyword',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      "`bar(left=)` and `barh(bottom=)` were removed in matplotlib 3.0: the bars' positions are `x=` and `y=`.",
    link: notes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /\bbarh?\(\) missing 1 required positional argument: '[xy]'/
    },
    needs: ['left', 'bottom'],
    examples: [
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          'bars = ax.barh(bottom=[0, 1], width=[2, 3], left=1, height=0.5)\nprint([b.get_y() for b in bars])',
        after:
          'bars = ax.barh(y=[0, 1], width=[2, 3], left=1, height=0.5)\nprint([b.get_y() for b in bars])',
        answer: 'True'
      },
      {
        setup: SETUP,
        before:
          'bars = plt.bar(left=[1, 2], height=[3, 4], bottom=1)\nprint([b.get_x() for b in bars])',
        after:
          'bars = plt.bar(x=[1, 2], height=[3, 4], bottom=1)\nprint([b.get_x() for b in bars])'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const names = callee && POSITION[callee.name];
      if (!names) {
        return [];
      }
      const [old, name] = names;
      const args = argsOf(context, call);
      const position = args.find(arg => arg.name === old);
      // A positional argument was the position already (the old keyword then failed too).
      if (
        !position ||
        args.some(arg => arg.name === undefined || arg.name === name)
      ) {
        return [];
      }
      return onPlottingCall(context, 'matplotlib.bar-position-keyword', call, [
        { from: position.from, to: position.from + old.length, insert: name }
      ]);
    })
);

// What ContourLabeler.clabel takes (and pyplot's and Axes' clabel, the contour set first).
const CLABEL_KEYWORDS = new Set([
  'CS',
  'levels',
  'fontsize',
  'inline',
  'inline_spacing',
  'fmt',
  'colors',
  'use_clabeltext',
  'manual',
  'rightside_up',
  'zorder'
]);
const isLabeler = (owner: string) =>
  `isinstance(${owner}, (__import__('matplotlib.axes').axes.Axes, __import__('matplotlib.contour').contour.ContourLabeler))`;

/** `plt.clabel(cs, axes=ax)`: clabel ignored keywords it did not take until matplotlib 3.0. */
const clabelIgnored = defineRule(
  {
    id: 'matplotlib.clabel-ignored-keywords',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      '`clabel()` ignored keywords it does not take (`axes=`) until matplotlib 3.0, where they fail: drop them.',
    link: notes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /clabel\(\) got an unexpected keyword argument/
    },
    needs: ['clabel'],
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np\nfig, ax = plt.subplots()\ncs = ax.contour(np.outer(np.arange(4), np.arange(4)), levels=[2, 4])`,
        before:
          "labels = plt.clabel(cs, fmt='%1.1f', axes=ax)\nprint([t.get_text() for t in labels])",
        after:
          "labels = plt.clabel(cs, fmt='%1.1f')\nprint([t.get_text() for t in labels])"
      },
      {
        setup: `${SETUP}\nimport numpy as np\ncs = plt.contour(np.outer(np.arange(4), np.arange(4)), levels=[2])`,
        before:
          'labels = cs.clabel(axes=plt.gca(), fontsize=9)\nprint(len(labels))',
        after: 'labels = cs.clabel(fontsize=9)\nprint(len(labels))',
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      if (calleeOf(context, call)?.name !== 'clabel') {
        return [];
      }
      const drop = argsOf(context, call).flatMap((arg, i) =>
        arg.name !== undefined && !CLABEL_KEYWORDS.has(arg.name) ? [i] : []
      );
      if (drop.length === 0) {
        return [];
      }
      return onPlottingCall(
        context,
        'matplotlib.clabel-ignored-keywords',
        call,
        removeArguments(context, call, drop),
        'matplotlib before 3.0 ignored these keywords: dropped, the labels are drawn as they were.',
        isLabeler
      );
    })
);

/**
 * `ax.set_yticklabels(labels)` after `ax.set_yticks(ticks)` with another count: until
 * matplotlib 3.3 the labels went to the ticks in order, extra ones unused and missing
 * ones empty; now the counts must match. The labels are fitted to the ticks as they were,
 * where the same source set the ticks before (the error names no line of its own).
 */
const tickLabelCount = defineRule(
  {
    id: 'matplotlib.tick-label-count',
    needs: ['ticklabels'],
    onFailureOnly: true,
    distribution: 'matplotlib',
    since: '3.3.0',
    summary:
      'Tick labels must be as many as the fixed ticks since matplotlib 3.3; before, extra labels went unused and missing ones were empty: fit them to the ticks.',
    link: notes('3.3.0'),
    raises: {
      ename: 'ValueError',
      message:
        /The number of FixedLocator locations \(\d+\), usually from a call to set_ticks, does not match the number of (tick)?labels/
    },
    examples: [
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          "ax.set_yticks([0.3, 1.3, 2.3])\nax.set_yticklabels(['Split %d' % i for i in range(1, 4)] + ['labels'])\nprint([t.get_text() for t in ax.get_yticklabels()])",
        after:
          "ax.set_yticks([0.3, 1.3, 2.3])\nax.set_yticklabels((list(['Split %d' % i for i in range(1, 4)] + ['labels']) + [''] * len(ax.get_yticks()))[:len(ax.get_yticks())])\nprint([t.get_text() for t in ax.get_yticklabels()])",
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const axis = /^set_([xy])ticklabels$/.exec(callee?.name ?? '')?.[1];
      if (!callee || !axis || callee.node.name !== 'MemberExpression') {
        return [];
      }
      const args = argsOf(context, call);
      const labels = args[0];
      if (
        !labels ||
        labels.name ||
        labels.star ||
        args.some(arg => arg.name === 'minor')
      ) {
        return [];
      }
      const owner = textOf(context, callee.node.firstChild!);
      // The fixed ticks come from the owner's set_ticks before it (`usually`, says the error).
      const fixed = context
        .nodes('CallExpression')
        .some(
          before =>
            before.to <= call.from &&
            calleeOf(context, before)?.name === `set_${axis}ticks` &&
            textOf(context, before.firstChild!) === `${owner}.set_${axis}ticks`
        );
      const count = `len(${owner}.get_${axis}ticks())`;
      const value = context.source.slice(labels.valueFrom, labels.valueTo);
      // Labels counted against the ticks already (fitted before) are left alone.
      if (!fixed || value.includes(`${owner}.get_${axis}ticks()`)) {
        return [];
      }
      return onPlottingCall(context, 'matplotlib.tick-label-count', call, [
        {
          from: labels.from,
          to: labels.to,
          insert: `(list(${value}) + [''] * ${count})[:${count}]`
        }
      ]);
    })
);

/** Keywords of matplotlib plotting calls that were renamed or never taken. */
// The axis each log-scale function sets, for its keywords spelled with the axis until 3.3.
const LOG_AXES: Record<string, 'x' | 'y'> = {
  set_xscale: 'x',
  xscale: 'x',
  semilogx: 'x',
  set_yscale: 'y',
  yscale: 'y',
  semilogy: 'y'
};
// The keywords of the log scale that named their axis (`basex`), without it since 3.3.
const LOG_KEYWORDS = ['base', 'subs', 'nonpos'];
const axisFree = (keyword: string) =>
  keyword.startsWith('nonpos') ? 'nonpositive' : keyword.slice(0, -1);

/**
 * `loglog(..., basex=4, basey=4)`: one axis-free keyword for each pair the two axes gave the
 * same value; none where a pair differs or has one side only (one keyword now sets both).
 */
function loglogBoth(
  context: IRuleContext,
  call: SyntaxNode,
  old: IArgument[]
): IRuleMatch[] {
  const args = argsOf(context, call);
  const value = (arg: IArgument) =>
    context.source.slice(arg.valueFrom, arg.valueTo).trim();
  const edits: ITextEdit[] = [];
  for (const keyword of LOG_KEYWORDS) {
    const [first, second] = old.filter(arg => arg.name!.startsWith(keyword));
    if (!first) {
      continue;
    }
    if (
      !second ||
      first.name === second.name ||
      value(first) !== value(second)
    ) {
      return [];
    }
    edits.push(
      {
        from: first.from,
        to: first.from + first.name!.length,
        insert: axisFree(first.name!)
      },
      removeArgument(
        context,
        call,
        args.findIndex(arg => arg.from === second.from)
      )
    );
  }
  return onPlottingCall(context, 'matplotlib.log-scale-keywords', call, edits);
}

/**
 * `ax.set_xscale('log', basex=2)`, `plt.semilogy(y, basey=2)`: matplotlib 3.3 named the log
 * scale's keywords without their axis (`base`, `subs`, `nonpositive`) and 3.5 removed the
 * old names. Each function sets one axis, so the keyword is the same setting renamed.
 * `loglog` sets both with one `base`: it is renamed only where both axes had the same.
 */
const logScaleKeywords = defineRule(
  {
    id: 'matplotlib.log-scale-keywords',
    distribution: 'matplotlib',
    since: '3.5.0',
    summary:
      "The log scale's `basex`, `subsx` and `nonposx` (and their `y` forms) are `base`, `subs` and `nonpositive` since matplotlib 3.3, and the old names were removed in 3.5.",
    link: notes('3.3.0'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument '(base|subs|nonpos)[xy]'/
    },
    needs: ['basex', 'basey', 'subsx', 'subsy', 'nonposx', 'nonposy'],
    examples: [
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          "ax.set_xscale('log', basex=2)\nplt.semilogy([1, 8, 64], basey = 2, nonposy='clip')\nprint(ax.xaxis.get_transform().base, ax.yaxis.get_transform().base)",
        after:
          "ax.set_xscale('log', base=2)\nplt.semilogy([1, 8, 64], base = 2, nonpositive='clip')\nprint(ax.xaxis.get_transform().base, ax.yaxis.get_transform().base)",
        answer: 'True'
      },
      {
        setup: SETUP,
        before:
          'plt.loglog([1, 4, 16], [1, 4, 16], basex=4, basey=4)\nprint(plt.gca().xaxis.get_transform().base, plt.gca().yaxis.get_transform().base)',
        after:
          'plt.loglog([1, 4, 16], [1, 4, 16], base=4)\nprint(plt.gca().xaxis.get_transform().base, plt.gca().yaxis.get_transform().base)'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const name = calleeOf(context, call)?.name ?? '';
      const axis = LOG_AXES[name];
      const args = argsOf(context, call);
      const spelled = (arg: (typeof args)[number]) =>
        LOG_KEYWORDS.some(k => arg.name === `${k}x` || arg.name === `${k}y`);
      const old = args.filter(spelled);
      if (old.length === 0 || (!axis && name !== 'loglog')) {
        return [];
      }
      if (axis) {
        // The other axis' keyword was never this function's: it failed then too.
        if (old.some(arg => !arg.name!.endsWith(axis))) {
          return [];
        }
        return onPlottingCall(
          context,
          'matplotlib.log-scale-keywords',
          call,
          old.map(arg => ({
            from: arg.from,
            to: arg.from + arg.name!.length,
            insert: axisFree(arg.name!)
          }))
        );
      }
      return loglogBoth(context, call, old);
    })
);

export const matplotlibKeywordRules: IRule[] = [
  barPosition,
  clabelIgnored,
  tickLabelCount,
  logScaleKeywords
];
