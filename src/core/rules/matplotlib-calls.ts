import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule, matchAt } from './builders';
import {
  inScopeOf,
  isPyplot,
  PYPLOT,
  receiverKind,
  readsOnly
} from './receivers';
import { spellName } from './bindings';
import {
  argsOf,
  calleeOf,
  callsTo,
  indentAt,
  removeArgument,
  resolve,
  statementOf,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';

const isAxes = (owner: string) =>
  `isinstance(${owner}, __import__('matplotlib.axes').axes.Axes)`;

/**
 * The match of a rewrite that is right on a pyplot function or an Axes method only: at once
 * on pyplot, and on a name the source binds to an Axes (`ax = plt.gca()`); asked of the
 * kernel for a method on any other object that reads only names (`ax`, `axes[0]`); none
 * on another module or a literal. `isReceiver` is the test put
 * to the kernel for a method's owner, when Axes are not the only objects that have it.
 */
export function onPlottingCall(
  context: IRuleContext,
  ruleId: string,
  call: SyntaxNode,
  edits: ITextEdit[],
  note?: string,
  isReceiver: (owner: string) => string = isAxes
): IRuleMatch[] {
  const callee = calleeOf(context, call);
  if (!callee) {
    return [];
  }
  const bare = callee.node.name === 'VariableName';
  if (bare && PYPLOT.test(resolve(context, callee.name))) {
    return [matchAt(ruleId, call, edits, note)];
  }
  if (
    bare &&
    (context.imports.has(callee.name) || context.defined.has(callee.name))
  ) {
    return [];
  }
  if (!bare && isPyplot(context, callee.node)) {
    return [matchAt(ruleId, call, edits, note)];
  }
  const owner = callee.node.firstChild!;
  const kind = bare ? 'unknown' : receiverKind(context, owner);
  if (kind === 'axes') {
    return [matchAt(ruleId, call, edits, note)];
  }
  if (!bare && (kind !== 'unknown' || !readsOnly(owner))) {
    return [];
  }
  // A bare `plot(...)` is pyplot's where `%pylab` or `from pylab import *` bound it.
  const expression = inScopeOf(
    context,
    call,
    bare
      ? `getattr(${callee.name}, '__module__', None) == 'matplotlib.pyplot'`
      : isReceiver(textOf(context, owner))
  );
  if (expression === null) {
    return [];
  }
  return [
    askedMatch(
      ruleId,
      call,
      expression,
      edits,
      note ?? 'Only on matplotlib Axes or pyplot: asks the kernel.'
    )
  ];
}

/** The edits removing the arguments at `drop` (indices, ascending) of one call. */
export function removeArguments(
  context: IRuleContext,
  call: SyntaxNode,
  drop: readonly number[]
): ITextEdit[] {
  const args = argsOf(context, call);
  const kept = args.filter((_, i) => !drop.includes(i));
  if (kept.length === 0) {
    const list = call.getChild('ArgList')!;
    return [{ from: list.from + 1, to: list.to - 1, insert: '' }];
  }
  // Each goes with the comma before it; those before the first kept one, with the comma after.
  const first = args.indexOf(kept[0]);
  return drop.map(i =>
    i < first
      ? { from: args[i].from, to: args[i + 1].from, insert: '' }
      : { from: args[i - 1].to, to: args[i].to, insert: '' }
  );
}

// Values of `hold=` whose dropping keeps what the call drew: True was the default.
const HOLD_SAFE = new Set(['True', 'None', '1']);

/** `plt.plot(x, y, hold=True)`: the keyword went in matplotlib 3.0. */
const holdKeyword = defineRule(
  {
    id: 'matplotlib.hold-keyword',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      'The `hold=` keyword of plotting calls was removed in matplotlib 3.0: axes always hold what they drew.',
    link: notes('3.0.0'),
    raises: {
      ename: 'AttributeError',
      message: /\.set\(\) got an unexpected keyword argument 'hold'/
    },
    needs: ['hold'],
    examples: [
      {
        setup: SETUP,
        before:
          "plt.plot([0, 1], [0, 1], 'r-', hold=True)\nprint(len(plt.gca().lines))",
        after: "plt.plot([0, 1], [0, 1], 'r-')\nprint(len(plt.gca().lines))"
      },
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          'ax.scatter([1, 2], [3, 4], hold=True, s=9)\nprint(len(ax.collections))',
        after: 'ax.scatter([1, 2], [3, 4], s=9)\nprint(len(ax.collections))',
        answer: 'True'
      },
      {
        setup: `${SETUP}\nplt.plot([0, 1])`,
        before:
          'for i in range(2):\n    plt.plot([i, 2], hold=False)\nprint(len(plt.gca().lines))',
        after:
          'for i in range(2):\n    plt.cla()\n    plt.plot([i, 2])\nprint(len(plt.gca().lines))'
      },
      {
        setup: `${SETUP}\nfrom matplotlib.pyplot import *`,
        before: 'bar([1, 2], [3, 1], hold=True)\nprint(len(gca().patches))',
        after: 'bar([1, 2], [3, 1])\nprint(len(gca().patches))',
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'hold');
      if (index < 0) {
        return [];
      }
      const value = textOf(context, args[index].value);
      const drop = removeArgument(context, call, index);
      if (HOLD_SAFE.has(value)) {
        return onPlottingCall(context, 'matplotlib.hold-keyword', call, [drop]);
      }
      // hold=False cleared the axes before drawing: the call gets a cla() of its own first,
      // where it is a statement on its own line.
      const callee = calleeOf(context, call);
      const statement = statementOf(call);
      const line = context.source.lastIndexOf('\n', statement.from - 1) + 1;
      const own =
        statement.name === 'ExpressionStatement'
          ? statement.firstChild
          : statement.name === 'AssignStatement'
            ? statement.lastChild
            : null;
      const alone =
        own?.from === call.from &&
        own.to === call.to &&
        /^[ \t]*$/.test(context.source.slice(line, statement.from)) &&
        /^[ \t]*(#.*)?(\n|$)/.test(context.source.slice(call.to));
      if (
        !/^(False|0)$/.test(value) ||
        callee?.node.name !== 'MemberExpression' ||
        !alone
      ) {
        return [];
      }
      const owner = textOf(context, callee.node.firstChild!);
      const indent = indentAt(context.source, statement.from);
      return onPlottingCall(context, 'matplotlib.hold-keyword', call, [
        {
          from: statement.from,
          to: statement.from,
          insert: `${owner}.cla()\n${indent}`
        },
        drop
      ]);
    })
);

/** `plt.hold(True)`: the function went in matplotlib 3.0, holding being the only way left. */
const holdCall = defineRule(
  {
    id: 'matplotlib.hold-call',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      '`plt.hold()` and `Axes.hold()` were removed in matplotlib 3.0: axes always hold what they drew.',
    link: notes('3.0.0'),
    raises: {
      ename: 'AttributeError',
      message: /has no attribute 'hold'/
    },
    needs: ['hold'],
    examples: [
      {
        setup: SETUP,
        before:
          'plt.plot([0, 1])\nplt.hold(True)\nplt.plot([1, 0])\nprint(len(plt.gca().lines))',
        after:
          'plt.plot([0, 1])\npass\nplt.plot([1, 0])\nprint(len(plt.gca().lines))'
      },
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          "ax.plot([0, 1])\nax.hold('on')\nax.plot([1, 0])\nax.hold('off')\nprint(len(ax.lines))",
        after:
          'ax.plot([0, 1])\npass\nax.plot([1, 0])\npass\nprint(len(ax.lines))',
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      const statement = call.parent;
      if (
        callee?.name !== 'hold' ||
        statement?.name !== 'ExpressionStatement' ||
        statement.firstChild?.to !== call.to ||
        args.length > 1 ||
        (args.length === 1 &&
          (args[0].star || !Private.holds(textOf(context, args[0].value))))
      ) {
        return [];
      }
      // `pass` keeps a block that held only this call a block.
      return onPlottingCall(context, 'matplotlib.hold-call', call, [
        { from: call.from, to: call.to, insert: 'pass' }
      ]);
    })
);

/**
 * `plt.figsize(w, h)`: IPython's pylab helper, never pyplot's own; it set the default
 * figure size, which is `rcParams['figure.figsize']`.
 */
const figsizeCall = defineRule(
  {
    id: 'matplotlib.pylab-figsize',
    targets: ["matplotlib.pyplot.rcParams['figure.figsize']"],
    // No matplotlib ever had it, so no matplotlib version gates it; and a notebook whose
    // pyplot came from a deleted cell or a profile imports no matplotlib to probe.
    distribution: 'python',
    since: '3.0',
    summary:
      "`plt.figsize(w, h)` came from IPython's pylab helpers and is gone: set `rcParams['figure.figsize']`.",
    link: 'https://matplotlib.org/stable/users/explain/customizing.html',
    raises: {
      ename: 'AttributeError',
      message: /module '(matplotlib\.pyplot|pylab)' has no attribute 'figsize'/
    },
    needs: ['figsize'],
    examples: [
      {
        setup: SETUP,
        before: 'plt.figsize(7, 3)\nprint(plt.figure().get_size_inches())',
        after:
          "plt.rcParams['figure.figsize'] = (7, 3)\nprint(plt.figure().get_size_inches())"
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const statement = call.parent;
      if (
        callee?.name !== 'figsize' ||
        !isPyplot(context, callee.node) ||
        statement?.name !== 'ExpressionStatement' ||
        statement.firstChild?.to !== call.to
      ) {
        return [];
      }
      // IPython's signature: figsize(sizex=8, sizey=6).
      const args = argsOf(context, call);
      const size = ['sizex', 'sizey'].map((name, i) => {
        const arg =
          args.find(a => a.name === name) ??
          (args[i] && !args[i].name && !args[i].star ? args[i] : undefined);
        return arg ? context.source.slice(arg.valueFrom, arg.valueTo) : null;
      });
      const known = args.every(
        a => !a.star && (a.name === undefined || /^size[xy]$/.test(a.name))
      );
      if (!known || args.length > 2) {
        return [];
      }
      const owner = textOf(context, callee.node.firstChild!);
      const insert = `${owner}.rcParams['figure.figsize'] = (${size[0] ?? '8'}, ${size[1] ?? '6'})`;
      return [
        matchAt('matplotlib.pylab-figsize', call, [
          { from: call.from, to: call.to, insert }
        ])
      ];
    })
);

// Keywords the contour functions ignored (with a warning) until matplotlib 3.8 made a
// contour set a Collection, whose set() rejects them: `c=` and the marker keywords of
// plot and scatter.
const CONTOUR_IGNORED = new Set([
  'c',
  's',
  'marker',
  'markersize',
  'ms',
  'markeredgecolor',
  'mec',
  'markerfacecolor',
  'mfc'
]);
const CONTOURS = ['contour', 'contourf', 'tricontour', 'tricontourf'];

/** `ax.contour(X, Y, Z, c='k')`: a keyword contour never used now fails. */
const contourIgnored = defineRule(
  {
    id: 'matplotlib.contour-ignored-keywords',
    distribution: 'matplotlib',
    since: '3.8.0',
    summary:
      'Contour calls ignored keywords they do not take (`c=`, marker sizes) until matplotlib 3.8, where they fail: drop them.',
    link: notes('3.8.0'),
    raises: {
      ename: 'AttributeError',
      message: /ContourSet\.set\(\) got an unexpected keyword argument/
    },
    needs: CONTOURS,
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np\nfig, ax = plt.subplots()`,
        before:
          "cs = ax.contour(np.outer(np.arange(4), np.arange(4)), levels=[2], c='b')\nprint(cs.levels)",
        after:
          'cs = ax.contour(np.outer(np.arange(4), np.arange(4)), levels=[2])\nprint(cs.levels)',
        answer: 'True'
      },
      {
        setup: `${SETUP}\nimport numpy as np`,
        before:
          "cs = plt.contourf(np.eye(4), c='r', s=3)\nprint(len(cs.levels) > 1)",
        after: 'cs = plt.contourf(np.eye(4))\nprint(len(cs.levels) > 1)'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      if (!callee || !CONTOURS.includes(callee.name)) {
        return [];
      }
      const drop = argsOf(context, call).flatMap((arg, i) =>
        arg.name !== undefined && CONTOUR_IGNORED.has(arg.name) ? [i] : []
      );
      if (drop.length === 0) {
        return [];
      }
      return onPlottingCall(
        context,
        'matplotlib.contour-ignored-keywords',
        call,
        removeArguments(context, call, drop),
        'matplotlib before 3.8 ignored these keywords (colours are `colors=`): dropped, the lines look as they did.'
      );
    })
);

/**
 * `scatter(x, y, c='', edgecolor='k')`: an empty colour was an empty sequence of colours,
 * hollow markers; matplotlib 3.4 rejects it. `facecolors='none'` draws them as they were.
 */
const scatterEmptyColor = defineRule(
  {
    id: 'matplotlib.scatter-empty-color',
    distribution: 'matplotlib',
    since: '3.4.0',
    summary:
      "`scatter(..., c='')` drew hollow markers until matplotlib 3.4, which rejects an empty colour: `facecolors='none'`.",
    link: notes('3.4.0'),
    raises: {
      ename: 'ValueError',
      message:
        /'c' argument must be a color.*not ''|string of single character colors/
    },
    needs: ['scatter'],
    examples: [
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          "points = ax.scatter([1, 2], [3, 4], c='', edgecolor='black', s=50)\nprint(points.get_facecolors().tolist())",
        after:
          "points = ax.scatter([1, 2], [3, 4], facecolors='none', edgecolor='black', s=50)\nprint(points.get_facecolors().tolist())",
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      const empty = args.find(
        arg =>
          arg.name === 'c' &&
          /^(''|"")$/.test(context.source.slice(arg.valueFrom, arg.valueTo))
      );
      if (
        callee?.name !== 'scatter' ||
        !empty ||
        args.some(arg => arg.star || /^(facecolors?|fc)$/.test(arg.name ?? ''))
      ) {
        return [];
      }
      return onPlottingCall(context, 'matplotlib.scatter-empty-color', call, [
        { from: empty.from, to: empty.to, insert: "facecolors='none'" }
      ]);
    })
);

/**
 * matplotlib plotting calls whose keywords went: `hold=`, contour's ignored ones,
 * `plt.figsize`, scatter's empty colour.
 */
/**
 * `plt.hist(y)` of booleans (`y = ratings <= 5`): numpy's histogram subtracted them to
 * find its range, which numpy refuses since 1.13 ("numpy boolean subtract"). As integers
 * they fall in the same two bins.
 */
const histBooleans = defineRule(
  {
    id: 'numpy.histogram-booleans',
    distribution: 'numpy',
    since: '1.13.0',
    summary:
      "A histogram of booleans (`plt.hist(y > 5)`, `ax.hist(mask)`, `df['Churn'].hist()`) needs them as integers since numpy 1.13, which no longer subtracts booleans: `np.asarray(y, dtype=int)`, or `.astype(int)` on a Series.",
    link: 'https://numpy.org/doc/stable/release/1.13.0-notes.html',
    raises: { ename: 'TypeError', message: /numpy boolean subtract/ },
    onFailureOnly: true,
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np\ny = np.array([3, 6, 5, 7]) <= 5`,
        before: 'counts, edges, patches = plt.hist(y)\nprint(counts.tolist())',
        after:
          'counts, edges, patches = plt.hist(np.asarray(y, dtype=int))\nprint(counts.tolist())',
        answer: 'True'
      },
      {
        setup: `${SETUP}\nimport numpy as np\nfig, ax = plt.subplots()\nmask = np.array([3, 6, 5, 7]) > 5`,
        before:
          'counts, edges, patches = ax.hist(x=mask, bins=2)\nprint(counts.tolist(), edges.tolist())',
        after:
          'counts, edges, patches = ax.hist(x=np.asarray(mask, dtype=int), bins=2)\nprint(counts.tolist(), edges.tolist())',
        answer: 'True'
      },
      {
        setup: `${SETUP}\nimport pandas as pd\ndf = pd.DataFrame({'Churn': [True, False, True, True]})`,
        before:
          "ax = df['Churn'].hist(bins=2)\nprint([p.get_height() for p in ax.patches])",
        after:
          "ax = df['Churn'].astype(int).hist(bins=2)\nprint([p.get_height() for p in ax.patches])",
        answer: 'True'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const numpyCall = callsTo(context, call, ['numpy.histogram']);
      if (!callee || !(callee.name === 'hist' || numpyCall)) {
        return [];
      }
      const args = argsOf(context, call);
      const keyword = numpyCall ? 'a' : 'x';
      const data =
        args[0] && !args[0].name && !args[0].star
          ? args[0]
          : args.find(arg => arg.name === keyword);
      if (!data) {
        return args.some(arg => arg.star) || numpyCall
          ? []
          : Private.seriesHist(context, call, callee.node);
      }
      if (!readsOnly(data.value) || data.valueTo !== data.value.to) {
        return [];
      }
      // `s.hist(by)`: a pandas object's hist takes its data from itself.
      const owner =
        callee.node.name === 'MemberExpression' &&
        !numpyCall &&
        !isPyplot(context, callee.node) &&
        readsOnly(callee.node.firstChild!)
          ? textOf(context, callee.node.firstChild!)
          : null;
      const value = textOf(context, data.value);
      const booleans = `__import__('numpy').asarray(${value}).dtype == bool`;
      const expression = inScopeOf(
        context,
        call,
        owner === null
          ? `str(${booleans})`
          : `str(not type(${owner}).__module__.startswith('pandas') and ${booleans})`
      );
      if (expression === null) {
        return [];
      }
      const numpy = spellName(context, { module: 'numpy', alias: 'np' });
      return [
        askedMatch(
          'numpy.histogram-booleans',
          data.value,
          expression,
          [
            {
              from: data.valueFrom,
              to: data.valueTo,
              insert: `${numpy.text}.asarray(${value}, dtype=int)`,
              needs: numpy.needs
            }
          ],
          'Only booleans: asks the kernel.'
        )
      ];
    })
);

namespace Private {
  /**
   * Whether `hold(value)` held what was drawn: True and 1 did, and so did any string,
   * `'off'` too: matplotlib stored the value as given and tested its truth.
   */
  export function holds(value: string): boolean {
    return HOLD_SAFE.has(value) || /^(['"])[^'"\\]+\1$/.test(value);
  }

  /**
   * `df['Churn'].hist()`: a Series' hist of its own booleans, which fails the same way;
   * as integers (`.astype(int)`) they fall in the same bins. The kernel says whether the
   * receiver is a Series of booleans.
   */
  export function seriesHist(
    context: IRuleContext,
    call: SyntaxNode,
    callee: SyntaxNode
  ): IRuleMatch[] {
    const owner =
      callee.name === 'MemberExpression' ? callee.firstChild! : null;
    if (
      !owner ||
      !['VariableName', 'MemberExpression'].includes(owner.name) ||
      !readsOnly(owner) ||
      // `s.plot.hist()` is the plot accessor's, which leaves booleans out of its data.
      /\.plot$/.test(textOf(context, owner)) ||
      isPyplot(context, callee) ||
      receiverKind(context, owner) !== 'unknown'
    ) {
      return [];
    }
    const text = textOf(context, owner);
    const expression = inScopeOf(
      context,
      call,
      `str(type(${text}).__name__ == 'Series' and type(${text}).__module__.startswith('pandas') and __import__('numpy').asarray(${text}).dtype == bool)`
    );
    if (expression === null) {
      return [];
    }
    return [
      askedMatch(
        'numpy.histogram-booleans',
        owner,
        expression,
        [{ from: owner.to, to: owner.to, insert: '.astype(int)' }],
        'Only a Series of booleans: asks the kernel.'
      )
    ];
  }
}

/**
 * `plt.xticks(np.arange(6), names)` with more names than ticks: matplotlib labelled the
 * ticks it had and dropped the rest until 3.5; it refuses the mismatch now. The labels are
 * cut to the ticks, which draws what was drawn.
 */
const ticksLabels = defineRule(
  {
    id: 'matplotlib.tick-labels-count',
    distribution: 'matplotlib',
    since: '3.5.0',
    summary:
      '`xticks(ticks, labels)` with more labels than ticks is refused since matplotlib 3.5; it labelled the ticks and dropped the rest: `labels[:len(ticks)]`.',
    link: notes('3.5.0'),
    raises: {
      ename: 'ValueError',
      message:
        /The number of FixedLocator locations \(\d+\), usually from a call to set_ticks, does not match the number of labels/
    },
    onFailureOnly: true,
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np\nplt.plot(range(6))\nC = 10.0 ** np.arange(-3, 5)`,
        before:
          'locs, labels = plt.xticks(np.arange(6), C)\nprint([t.get_text() for t in labels][:2])',
        after:
          'locs, labels = plt.xticks(np.arange(6), C[:len(np.arange(6))])\nprint([t.get_text() for t in labels][:2])'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      const [ticks, labels] = args;
      if (
        !callee ||
        !['xticks', 'yticks'].includes(callee.name) ||
        args.length < 2 ||
        args.slice(0, 2).some(arg => arg.name || arg.star)
      ) {
        return [];
      }
      const count = `[:len(${textOf(context, ticks.value)})]`;
      const text = textOf(context, labels.value);
      if (text.endsWith(count)) {
        return [];
      }
      const cut = `${text}${count}`;
      return onPlottingCall(context, 'matplotlib.tick-labels-count', call, [
        { from: labels.valueFrom, to: labels.valueTo, insert: cut }
      ]);
    })
);

export const matplotlibCallRules: IRule[] = [
  histBooleans,
  ticksLabels,
  holdKeyword,
  holdCall,
  figsizeCall,
  contourIgnored,
  scatterEmptyColor
];
