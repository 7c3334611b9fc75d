import {
  aliasReplaced,
  anyOf,
  askedMatch,
  defineRule,
  matchAt
} from './builders';
import { spellName } from './bindings';
import { moduleMoved } from './builders-imports';
import {
  appendArgument,
  argsOf,
  calleeOf,
  callsTo,
  dottedName,
  resolve,
  textOf
} from './syntax';
import type { IRule } from './types';

const NOTES = (version: string) =>
  `https://numpy.org/doc/stable/release/${version}-notes.html`;
const gone = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(
    `module 'numpy' has no attribute '${name}'|np.${name}. was removed`
  )
});

/**
 * Removed numpy names and what replaces them: `[name, replacement, since, use]`. `$` in
 * the replacement is the module as the cell spells it (`np`); `use` is example code.
 */
const ALIASES: readonly (readonly [string, string, string, string])[] = [
  // Aliases of Python builtins, deprecated in 1.20 and removed in 1.24.
  ['int', 'int', '1.24', 'print(np.array([1.7]).astype(np.int))'],
  ['float', 'float', '1.24', 'print(np.float(3))'],
  ['object', 'object', '1.24', 'print(np.array([1], dtype=np.object).dtype)'],
  ['str', 'str', '1.24', 'print(np.str(3))'],
  ['complex', 'complex', '1.24', 'print(np.complex(1, 2))'],
  ['unicode', 'str', '2.0.0', 'print(np.unicode(3))'],
  // The numpy 2.0 namespace clean-up (NEP 52).
  ['NaN', '$.nan', '2.0.0', 'print(np.isnan(np.NaN))'],
  ['NAN', '$.nan', '2.0.0', 'print(np.isnan(np.NAN))'],
  ['Inf', '$.inf', '2.0.0', 'print(np.Inf > 1)'],
  ['Infinity', '$.inf', '2.0.0', 'print(np.Infinity > 1)'],
  ['infty', '$.inf', '2.0.0', 'print(np.infty > 1)'],
  ['PINF', '$.inf', '2.0.0', 'print(np.PINF > 1)'],
  ['NINF', '-$.inf', '2.0.0', 'print(np.NINF < 1)'],
  ['float_', '$.float64', '2.0.0', 'print(np.float_(1.5))'],
  ['complex_', '$.complex128', '2.0.0', 'print(np.complex_(1))'],
  ['cfloat', '$.complex128', '2.0.0', 'print(np.cfloat(1))'],
  ['string_', '$.bytes_', '2.0.0', "print(np.string_('a'))"],
  ['unicode_', '$.str_', '2.0.0', "print(np.unicode_('a'))"],
  ['bool8', '$.bool_', '2.0.0', 'print(np.bool8(1))'],
  ['round_', '$.round', '2.0.0', 'print(np.round_(1.26, 1))'],
  ['product', '$.prod', '2.0.0', 'print(np.product([2, 3]))'],
  ['cumproduct', '$.cumprod', '2.0.0', 'print(np.cumproduct([2, 3]))'],
  ['alltrue', '$.all', '2.0.0', 'print(np.alltrue([True, False]))'],
  ['sometrue', '$.any', '2.0.0', 'print(np.sometrue([True, False]))'],
  ['mat', '$.asmatrix', '2.0.0', 'print(np.mat([[1, 2]]).shape)'],
  ['in1d', '$.isin', '2.4.0', 'print(np.in1d([1, 2], [2]))'],
  ['trapz', '$.trapezoid', '2.4.0', 'print(np.trapz([1, 2, 3]))']
];

// numpy re-exported the standard library's math module as `np.math` until 2.0.
const MATH = {
  id: 'numpy.math',
  distribution: 'numpy',
  since: '2.0.0',
  summary: '`np.math` was removed in numpy 2.0: it was the `math` module.',
  link: NOTES('2.0.0'),
  raises: {
    ename: ['AttributeError', 'ImportError'],
    message:
      /module 'numpy' has no attribute 'math'|cannot import name 'math' from 'numpy'/
  },
  targets: ['math']
};

// numpy re-exported the standard library's warnings module as `np.warnings` until 1.24.
const WARNINGS = {
  id: 'numpy.warnings-module',
  distribution: 'numpy',
  since: '1.24.0',
  summary:
    '`np.warnings` was removed in numpy 1.24: it was the `warnings` module.',
  link: NOTES('1.24.0'),
  raises: {
    ename: ['AttributeError', 'ImportError'],
    message:
      /module 'numpy' has no attribute 'warnings'|cannot import name 'warnings' from 'numpy'/
  },
  targets: ['warnings']
};

/** numpy's removed aliases and functions. */
export const numpyRules: IRule[] = (
  [
    // `np.math.factorial(3)` through the notebook's numpy alias, and `from numpy import math`.
    anyOf(
      {
        ...MATH,
        examples: [
          {
            setup: 'import numpy as np',
            before: 'print(np.math.factorial(4) + np.math.floor(2.5))',
            after: 'import math\nprint(math.factorial(4) + math.floor(2.5))'
          },
          {
            before: 'from numpy import math\nprint(math.factorial(4))',
            after: 'import math\nprint(math.factorial(4))'
          }
        ]
      },
      [
        aliasReplaced({
          ...MATH,
          examples: [],
          module: 'numpy',
          name: 'math',
          to: '@',
          importing: { module: 'math', alias: 'math' }
        }),
        moduleMoved({ ...MATH, examples: [], module: 'numpy.math', to: 'math' })
      ]
    ),
    // `np.warnings.filterwarnings('ignore')`, and `from numpy import warnings`.
    anyOf(
      {
        ...WARNINGS,
        examples: [
          {
            setup: 'import numpy as np',
            before:
              "np.warnings.filterwarnings('ignore')\nprint(np.log(np.array([1.0, 0.0])))",
            after:
              "import warnings\nwarnings.filterwarnings('ignore')\nprint(np.log(np.array([1.0, 0.0])))"
          },
          {
            setup: 'import numpy as np',
            before:
              "with np.warnings.catch_warnings(record=True) as caught:\n    np.warnings.simplefilter('always')\n    np.log(np.array([-1.0]))\nprint([w.category.__name__ for w in caught])",
            after:
              "import warnings\nwith warnings.catch_warnings(record=True) as caught:\n    warnings.simplefilter('always')\n    np.log(np.array([-1.0]))\nprint([w.category.__name__ for w in caught])"
          },
          {
            before:
              "from numpy import warnings\nwarnings.filterwarnings('ignore', category=DeprecationWarning)\nprint(warnings.filters[0][:3])",
            after:
              "import warnings\nwarnings.filterwarnings('ignore', category=DeprecationWarning)\nprint(warnings.filters[0][:3])"
          }
        ]
      },
      [
        aliasReplaced({
          ...WARNINGS,
          examples: [],
          module: 'numpy',
          name: 'warnings',
          to: '@',
          importing: { module: 'warnings', alias: 'warnings' }
        }),
        moduleMoved({
          ...WARNINGS,
          examples: [],
          module: 'numpy.warnings',
          to: 'warnings'
        })
      ]
    ),
    ...ALIASES.map(([name, to, since, use]) =>
      aliasReplaced({
        id: `numpy.${name.toLowerCase().replace(/_$/, '-underscore')}${name === 'NAN' ? '-upper' : ''}`,
        distribution: 'numpy',
        since,
        summary: `\`np.${name}\` was removed in numpy ${since}: use \`${to.replace('$', 'np')}\`.`,
        link: NOTES(since),
        raises: gone(name),
        module: 'numpy',
        name,
        to,
        examples: [
          {
            before: `import numpy as np\n${use}`,
            after: `import numpy as np\n${use.replace(`np.${name}`, to.replace('$', 'np'))}`
          }
        ]
      })
    ),
    defineRule(
      {
        id: 'numpy.ptp-method',
        targets: ['numpy.ptp'],
        distribution: 'numpy',
        since: '2.0.0',
        summary:
          "The arrays' `a.ptp()` was removed in numpy 2.0 (a Series' in pandas 2.0): use `np.ptp(a)`.",
        link: NOTES('2.0.0'),
        raises: {
          ename: 'AttributeError',
          message: /object has no attribute 'ptp'/
        },
        needs: ['ptp'],
        examples: [
          {
            setup: 'import numpy as np\nC = np.array([[1.0, 4.0], [3.0, 2.0]])',
            before:
              'print(C.ptp(), (C / C.ptp()).tolist(), C.ptp(axis=1).tolist())',
            after:
              'print(np.ptp(C), (C / np.ptp(C)).tolist(), np.ptp(C, axis=1).tolist())'
          }
        ]
      },
      context =>
        context.nodes('CallExpression').flatMap(call => {
          const callee = calleeOf(context, call);
          const owner = callee?.node.firstChild;
          const args = argsOf(context, call);
          const dotted = callee && dottedName(context, callee.node);
          if (
            callee?.name !== 'ptp' ||
            callee.node.name !== 'MemberExpression' ||
            !owner ||
            (dotted !== null && resolve(context, dotted) === 'numpy.ptp')
          ) {
            return [];
          }
          // np.ptp(a) hands any other object to its own ptp: nothing changes for those.
          const np = spellName(context, { module: 'numpy', alias: 'np' });
          const rest = args.length
            ? `, ${context.source.slice(args[0].from, args[args.length - 1].to)}`
            : '';
          return [
            matchAt('numpy.ptp-method', call, [
              {
                from: call.from,
                to: call.to,
                insert: `${np.text}.ptp(${textOf(context, owner)}${rest})`,
                needs: np.needs
              }
            ])
          ];
        })
    ),
    defineRule(
      {
        id: 'numpy.asscalar',
        distribution: 'numpy',
        since: '1.23.0',
        summary: '`np.asscalar(a)` was removed in numpy 1.23: use `a.item()`.',
        link: NOTES('1.23.0'),
        raises: gone('asscalar'),
        examples: [
          {
            before: 'import numpy as np\nprint(np.asscalar(np.array([4])))',
            after: 'import numpy as np\nprint(np.asarray(np.array([4])).item())'
          }
        ]
      },
      context =>
        context.nodes('CallExpression').flatMap(call => {
          const callee = calleeOf(context, call);
          const dotted = callee && dottedName(context, callee.node);
          const args = argsOf(context, call);
          if (
            !dotted ||
            resolve(context, dotted) !== 'numpy.asscalar' ||
            args.length !== 1
          ) {
            return [];
          }
          const module = dotted.slice(0, dotted.lastIndexOf('.'));
          const value = context.source.slice(args[0].from, args[0].to);
          return [
            matchAt('numpy.asscalar', call, [
              {
                from: call.from,
                to: call.to,
                insert: `${module}.asarray(${value}).item()`
              }
            ])
          ];
        })
    ),
    defineRule(
      {
        id: 'numpy.load-allow-pickle',
        distribution: 'numpy',
        since: '1.16.3',
        summary:
          "`np.load` of an array of Python objects needs `allow_pickle=True` since numpy 1.16.3 (the notebook's own file, saved with pickles).",
        link: NOTES('1.16.3'),
        raises: {
          ename: 'ValueError',
          message: /Object arrays cannot be loaded when allow_pickle=False/
        },
        // Only a file that holds objects needs it: the error says which.
        onFailureOnly: true,
        examples: [
          {
            setup:
              "import os, tempfile\nimport numpy as np\npath = os.path.join(tempfile.mkdtemp(), 'tdm.npy')\nnp.save(path, np.array([{'a': 1}, [2, 3]], dtype=object))",
            before: 'print(np.load(path).tolist())',
            after: 'print(np.load(path, allow_pickle=True).tolist())'
          }
        ]
      },
      context =>
        context.nodes('CallExpression').flatMap(call => {
          const args = argsOf(context, call);
          if (
            !callsTo(context, call, ['numpy.load']) ||
            args.length === 0 ||
            args.some(arg => arg.star || arg.name === 'allow_pickle')
          ) {
            return [];
          }
          return [
            matchAt('numpy.load-allow-pickle', call, [
              appendArgument(context, call, 'allow_pickle=True')
            ])
          ];
        })
    ),
    starAliasRule()
  ] as IRule[]
).map(withNumpyAlias);

/**
 * The removed aliases as bare names, bound by `%pylab` or `from numpy import *` until numpy
 * 2.0 (`data[mask] = NaN`): the name they stood for, where the kernel says that name is
 * numpy's own (the star import bound it). `NINF` becomes `(-inf)` inside an operation.
 */
function starAliasRule(): IRule {
  const bare = new Map(
    ALIASES.filter(
      ([, to, since]) => since === '2.0.0' && /^-?\$\.\w+$/.test(to)
    ).map(([name, to]) => [name, to.replace('$.', '')])
  );
  const id = 'numpy.star-import-alias';
  return defineRule(
    {
      id,
      distribution: 'numpy',
      since: '2.0.0',
      summary:
        'Names numpy 2.0 removed, bound by `%pylab` or `from numpy import *` (`NaN`, `Inf`): the name they stood for, which the star import still binds.',
      link: NOTES('2.0.0'),
      raises: {
        ename: 'NameError',
        message: new RegExp(
          `name '(${[...bare.keys()].join('|')})' is not defined`
        )
      },
      examples: [
        {
          setup:
            'from numpy import *\nimport pandas as pd\ns = pd.Series([1.0, -1.0, 3.0])',
          before:
            's[s < 0] = NaN\nprint(s.isna().sum(), isnan(NaN), NINF ** 2)',
          after:
            's[s < 0] = nan\nprint(s.isna().sum(), isnan(nan), (-inf) ** 2)',
          answer: 'True'
        }
      ]
    },
    context =>
      context.nodes('VariableName').flatMap(node => {
        const name = textOf(context, node);
        const to = bare.get(name);
        if (
          to === undefined ||
          context.imports.has(name) ||
          context.defined.has(name)
        ) {
          return [];
        }
        const operand = [
          'BinaryExpression',
          'UnaryExpression',
          'MemberExpression'
        ].includes(node.parent?.name ?? '');
        const insert = to.startsWith('-') && operand ? `(${to})` : to;
        const bound = to.replace('-', '');
        return [
          askedMatch(
            id,
            node,
            `globals().get('${bound}') is getattr(__import__('numpy'), '${bound}')`,
            [{ from: node.from, to: node.to, insert }],
            `\`${name}\` was numpy's \`${bound}\`: asks the kernel whether the star import bound it.`
          )
        ];
      }),
    [...bare.keys()]
  );
}

/**
 * The rule reading `np` as numpy where no import or assignment of the notebook binds it:
 * `%pylab` binds it, as does a deleted cell's import, and no other module goes by it.
 */
function withNumpyAlias(rule: IRule): IRule {
  return {
    ...rule,
    find: context =>
      context.imports.has('np') || context.defined.has('np')
        ? rule.find(context)
        : rule.find({
            ...context,
            imports: new Map([...context.imports, ['np', 'numpy']])
          })
  };
}
