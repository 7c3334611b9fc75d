import {
  aliasReplaced,
  appendKeywordIfMissing,
  defineRule,
  keywordRenamed,
  matchAt
} from './builders';
import { moduleMoved, nameRemoved } from './builders-imports';
import {
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve
} from './syntax';
import type { SyntaxNode } from '@lezer/common';
import { removeArguments } from './matplotlib-calls';
import type { IRule, IRuleContext, ITextEdit } from './types';

const notes = (version: string) =>
  `https://seaborn.pydata.org/whatsnew/v${version}.html`;
const SETUP =
  "import matplotlib\nmatplotlib.use('Agg')\nimport seaborn as sns\nimport pandas as pd\n" +
  "df = pd.DataFrame({'x': [1, 2, 3, 4], 'y': [1.0, 3.0, 2.0, 4.0], 'g': ['a', 'a', 'b', 'b']})";
// Plotting functions whose x and y became keyword-only in 0.12 (figure-level ones take
// `data` first, so `catplot('a', 'b', data=df)` passes data twice).
const XY_FUNCTIONS = [
  'factorplot',
  'catplot',
  'lmplot',
  'barplot',
  'boxplot',
  'violinplot',
  'stripplot',
  'swarmplot',
  'pointplot',
  'boxenplot',
  'countplot',
  'scatterplot',
  'lineplot',
  'regplot',
  'residplot',
  'jointplot',
  'kdeplot'
];

// pointplot's own parameters, through 0.11 and since: any other keyword it ignored.
const POINTPLOT_PARAMETERS = new Set(
  (
    'x y hue data order hue_order estimator ci n_boot units seed markers linestyles ' +
    'dodge join scale orient color palette errwidth capsize ax errorbar weights ' +
    'hue_norm log_scale native_scale formatter legend err_kws label'
  ).split(' ')
);

/** The calls of seaborn's plotting functions that take x and y (XY_FUNCTIONS). */
function xyPlots(context: IRuleContext): SyntaxNode[] {
  return context.nodes('CallExpression').filter(call => {
    const callee = calleeOf(context, call);
    const dotted = callee && dottedName(context, callee.node);
    const resolved = dotted ? resolve(context, dotted) : '';
    return (
      resolved.startsWith('seaborn.') &&
      XY_FUNCTIONS.includes(resolved.slice('seaborn.'.length))
    );
  });
}

/** seaborn API removals, 0.9 to 0.13. */
export const seabornRules: IRule[] = [
  defineRule(
    {
      id: 'seaborn.factorplot',
      needs: ['factorplot'],
      distribution: 'seaborn',
      since: '0.12.0',
      summary:
        "`factorplot` was removed in seaborn 0.12: use `catplot` (its default kind was 'point').",
      link: notes('0.12.0'),
      raises: {
        ename: 'AttributeError',
        message: /has no attribute 'factorplot'/
      },
      examples: [
        {
          setup: SETUP,
          before:
            "g = sns.factorplot(x='g', y='y', data=df)\nprint(type(g).__name__, len(g.ax.lines))",
          after:
            "g = sns.catplot(x='g', y='y', data=df, kind='point')\nprint(type(g).__name__, len(g.ax.lines))"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const dotted = callee && dottedName(context, callee.node);
        if (!dotted || resolve(context, dotted) !== 'seaborn.factorplot') {
          return [];
        }
        const property = callee.node.lastChild!;
        const edits: ITextEdit[] = [
          { from: property.from, to: property.to, insert: 'catplot' }
        ];
        edits.push(...appendKeywordIfMissing(context, call, 'kind', "'point'"));
        return [matchAt('seaborn.factorplot', call, edits)];
      })
  ),
  keywordRenamed({
    id: 'seaborn.size-height',
    distribution: 'seaborn',
    since: '0.9.0',
    summary:
      '`size=` of figure-level functions is `height=` since seaborn 0.9.',
    link: notes('0.9.0'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'size'/
    },
    callees: [
      'factorplot',
      'lmplot',
      'FacetGrid',
      'PairGrid',
      'catplot',
      'pairplot',
      'jointplot',
      'relplot',
      'displot'
    ],
    module: 'seaborn',
    keyword: 'size',
    to: 'height',
    examples: [
      {
        setup: SETUP,
        before:
          "g = sns.lmplot(x='x', y='y', data=df, size=3)\nprint(g.fig.get_size_inches())",
        after:
          "g = sns.lmplot(x='x', y='y', data=df, height=3)\nprint(g.fig.get_size_inches())"
      }
    ]
  }),
  defineRule(
    {
      id: 'seaborn.positional-xy',
      needs: XY_FUNCTIONS,
      distribution: 'seaborn',
      since: '0.12.0',
      summary:
        'x and y are keyword-only since seaborn 0.12: `barplot(x=..., y=..., data=df)`, `lineplot(x=xs, y=ys)`.',
      link: notes('0.12.0'),
      raises: {
        ename: 'TypeError',
        message:
          /multiple values for argument 'data'|takes from 0 to 1 positional arguments but 2 were given/
      },
      examples: [
        {
          setup: SETUP,
          before:
            'ax = sns.lineplot(df.x.values, df.y.values)\nprint(len(ax.lines))',
          after:
            'ax = sns.lineplot(x=df.x.values, y=df.y.values)\nprint(len(ax.lines))'
        },
        {
          setup: SETUP,
          before: "ax = sns.barplot('g', 'y', data=df)\nprint(len(ax.patches))",
          after:
            "ax = sns.barplot(x='g', y='y', data=df)\nprint(len(ax.patches))"
        },
        {
          setup: SETUP,
          before:
            "g = sns.catplot('g', 'y', data=df, kind='point')\nprint(len(g.ax.lines) > 0)",
          after:
            "g = sns.catplot(x='g', y='y', data=df, kind='point')\nprint(len(g.ax.lines) > 0)"
        }
      ]
    },
    context =>
      xyPlots(context).flatMap(call => {
        const args = argsOf(context, call);
        const positional = args.filter(arg => !arg.name && !arg.star);
        // Without data, one positional argument is today's `data`; two fail.
        const hasData = args.some(arg => arg.name === 'data');
        if (
          positional.length < (hasData ? 1 : 2) ||
          positional.length > 2 ||
          args.indexOf(positional[positional.length - 1]) !==
            positional.length - 1
        ) {
          return [];
        }
        const edits = positional.map((arg, i) => ({
          from: arg.from,
          to: arg.from,
          insert: i === 0 ? 'x=' : 'y='
        }));
        return [matchAt('seaborn.positional-xy', call, edits)];
      })
  ),
  defineRule(
    {
      id: 'seaborn.vectors-with-data',
      needs: ['data'],
      onFailureOnly: true,
      distribution: 'seaborn',
      since: '0.12.0',
      summary:
        'Before seaborn 0.12 a plot given its x and y as vectors ignored `data=`; now the vectors must be as long as `data`: the `data` it ignored goes.',
      link: notes('0.12.0'),
      raises: {
        ename: 'ValueError',
        message: /vectors must match length of `data` when both are used/
      },
      examples: [
        {
          setup: `${SETUP}\nimport numpy as np\npredicted = np.array([0, 1, 1])`,
          before:
            "ax = sns.countplot(x=predicted, data=df, palette='RdBu_r', hue=predicted, legend=False)\nprint(len(ax.patches))",
          after:
            "ax = sns.countplot(x=predicted, palette='RdBu_r', hue=predicted, legend=False)\nprint(len(ax.patches))"
        }
      ]
    },
    // Only where every variable is a vector: a column named by a string reads `data`.
    context =>
      xyPlots(context).flatMap(call => {
        const args = argsOf(context, call);
        const data = args.findIndex(arg => arg.name === 'data');
        const variables = args.filter(arg =>
          ['x', 'y', 'hue'].includes(arg.name ?? '')
        );
        if (
          data < 0 ||
          variables.length === 0 ||
          variables.some(arg => /String$/.test(arg.value.name)) ||
          args.some(arg => !arg.name || arg.star)
        ) {
          return [];
        }
        return [
          matchAt('seaborn.vectors-with-data', args[data], [
            removeArgument(context, call, data)
          ])
        ];
      })
  ),
  aliasReplaced({
    id: 'seaborn.lvplot',
    distribution: 'seaborn',
    since: '0.9.0',
    summary: '`lvplot` was renamed `boxenplot` in seaborn 0.9.',
    link: notes('0.9.0'),
    raises: { ename: 'AttributeError', message: /has no attribute 'lvplot'/ },
    module: 'seaborn',
    name: 'lvplot',
    to: '$.boxenplot',
    examples: [
      {
        setup: SETUP,
        before: "print(type(sns.lvplot(x='g', y='y', data=df)).__name__)",
        after: "print(type(sns.boxenplot(x='g', y='y', data=df)).__name__)"
      }
    ]
  }),
  nameRemoved({
    id: 'seaborn.tsplot',
    distribution: 'seaborn',
    since: '0.9.0',
    summary:
      '`tsplot` was removed in seaborn 0.9: `lineplot` draws the same from long-form data.',
    link: notes('0.9.0'),
    raises: { ename: 'AttributeError', message: /has no attribute 'tsplot'/ },
    module: 'seaborn',
    name: 'tsplot',
    note: 'No rewrite: tsplot took a wide array (time, unit, condition); lineplot needs a long-form frame.',
    examples: [
      {
        setup: SETUP,
        before: 'print(sns.tsplot([[1, 2], [2, 3]]))',
        after: 'print(sns.tsplot([[1, 2], [2, 3]]))'
      }
    ]
  }),
  defineRule(
    {
      id: 'seaborn.distplot',
      needs: ['distplot'],
      distribution: 'seaborn',
      since: '0.11.0',
      summary:
        '`distplot` is deprecated since seaborn 0.11 and goes away: use `histplot(..., kde=True, stat="density")`.',
      link: notes('0.11.0'),
      examples: [
        {
          setup: `${SETUP}\nimport numpy as np\ndata = np.random.RandomState(0).normal(size=200)`,
          before: 'ax = sns.distplot(data)\nprint(len(ax.patches))',
          after:
            "ax = sns.histplot(data, kde=True, stat='density')\nprint(len(ax.patches))"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const dotted = callee && dottedName(context, callee.node);
        const args = argsOf(context, call);
        // Only the plain form: hist=, rug=, fit= have no one-to-one histplot equivalent.
        if (
          !dotted ||
          resolve(context, dotted) !== 'seaborn.distplot' ||
          args.length !== 1 ||
          args[0].name ||
          args[0].star
        ) {
          return [];
        }
        const property = callee.node.lastChild!;
        return [
          matchAt('seaborn.distplot', call, [
            { from: property.from, to: property.to, insert: 'histplot' },
            {
              from: args[0].to,
              to: args[0].to,
              insert: ", kde=True, stat='density'"
            }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'seaborn.pointplot-unused-keywords',
      needs: ['pointplot'],
      distribution: 'seaborn',
      since: '0.12.0',
      summary:
        '`pointplot` took other keywords and used none of them until seaborn 0.12 (0.13 gives them to the lines, which refuse most): they go.',
      link: notes('0.12.0'),
      raises: {
        ename: ['TypeError', 'AttributeError'],
        message:
          /pointplot\(\) got an unexpected keyword argument|Line2D\.set\(\) got an unexpected keyword argument/
      },
      // Some are line properties that draw today; only the failure says one is not.
      onFailureOnly: true,
      examples: [
        {
          setup: `${SETUP}\nimport matplotlib.pyplot as plt\nfig, ax = plt.subplots()`,
          before:
            "sns.pointplot(x='g', y='y', data=df, axis=ax)\nprint(len(ax.lines) > 0)",
          after:
            "sns.pointplot(x='g', y='y', data=df)\nprint(len(ax.lines) > 0)"
        }
      ]
    },
    context =>
      xyPlots(context).flatMap(call => {
        const callee = calleeOf(context, call)!;
        const args = argsOf(context, call);
        const drop = args.flatMap((arg, i) =>
          arg.name !== undefined && !POINTPLOT_PARAMETERS.has(arg.name)
            ? [i]
            : []
        );
        return callee.name !== 'pointplot' ||
          drop.length === 0 ||
          args.some(arg => arg.star)
          ? []
          : [
              matchAt(
                'seaborn.pointplot-unused-keywords',
                call,
                removeArguments(context, call, drop)
              )
            ];
      })
  ),
  moduleMoved({
    id: 'seaborn.apionly',
    distribution: 'seaborn',
    since: '0.9.0',
    summary:
      '`seaborn.apionly` was removed in seaborn 0.9: `import seaborn` no longer changes styles.',
    link: notes('0.9.0'),
    raises: {
      ename: 'ModuleNotFoundError',
      message: /No module named 'seaborn.apionly'/
    },
    module: 'seaborn.apionly',
    to: 'seaborn',
    examples: [
      {
        before: 'import seaborn.apionly as sns\nprint(callable(sns.barplot))',
        after: 'import seaborn as sns\nprint(callable(sns.barplot))'
      }
    ]
  })
];
