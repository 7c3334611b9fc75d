import {
  anyOf,
  appendKeywordIfMissing,
  askedMatch,
  defineRule,
  matchAt
} from './builders';
import { movedFunction, nameMoved } from './builders-imports';
import {
  argsOf,
  calleeOf,
  callsTo,
  dottedName,
  resolve,
  spellModule,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const notes = (version: string) =>
  `https://docs.scipy.org/doc/scipy/release/${version}-notes.html`;
// numpy functions scipy's top level re-exported until 1.12 (the ones old notebooks used).
const NUMPY_NAMES = new Set([
  'interp',
  'array',
  'arange',
  'zeros',
  'ones',
  'exp',
  'log',
  'sqrt',
  'mean',
  'std',
  'var',
  'sum',
  'linspace',
  'pi',
  'sin',
  'cos',
  'absolute',
  'dot',
  'random',
  'rand',
  'randn',
  'polyfit',
  'polyval',
  'log10',
  'floor',
  'ceil'
]);

/**
 * A scipy function that moved between submodules: `scipy.misc.comb` → `scipy.special.comb`,
 * in both its import form and its dotted form.
 */
function functionMoved(
  id: string,
  since: string,
  from: string,
  name: string,
  to: string,
  toName: string,
  use: string
): IRule {
  return movedFunction(
    {
      id: `scipy.${id}`,
      distribution: 'scipy',
      since,
      summary: `\`${from}.${name}\` was removed in scipy ${since}: use \`${to}.${toName}\`.`,
      link: notes(since)
    },
    { from, name, to, toName, use }
  );
}

/**
 * scipy's top level stopped re-exporting numpy (1.12): `scipy.interp(...)` and
 * `from scipy import interp` both come from numpy now.
 */
function numpyNames(): IRule {
  const info = {
    id: 'scipy.numpy-names',
    distribution: 'scipy',
    since: '1.12.0',
    summary:
      "scipy's top level no longer re-exports numpy (scipy 1.12): `scipy.interp` is `np.interp`.",
    link: notes('1.12.0'),
    raises: {
      ename: ['AttributeError', 'ImportError'],
      message:
        /module 'scipy' has no attribute|cannot import name '\w+' from 'scipy'/i
    },
    examples: [
      {
        before: 'import scipy\nprint(scipy.interp(1.5, [1, 2], [10, 20]))',
        after:
          'import scipy\nimport numpy as np\nprint(np.interp(1.5, [1, 2], [10, 20]))'
      },
      {
        before:
          'from scipy import interp, stats\nprint(interp(1.5, [1, 2], [10, 20]), stats.norm.cdf(0))',
        after:
          'from scipy import stats\nfrom numpy import interp\nprint(interp(1.5, [1, 2], [10, 20]), stats.norm.cdf(0))'
      }
    ]
  };
  const dotted = defineRule({ ...info, needs: ['scipy'] }, context =>
    context.nodes('MemberExpression').flatMap(member => {
      const dotted = dottedName(context, member);
      const resolved = dotted ? resolve(context, dotted) : '';
      const name = resolved.slice('scipy.'.length);
      if (!resolved.startsWith('scipy.') || !NUMPY_NAMES.has(name)) {
        return [];
      }
      const np = spellModule(context, 'numpy', 'np');
      return [
        matchAt('scipy.numpy-names', member, [
          ...np.edits,
          { from: member.from, to: member.to, insert: `${np.name}.${name}` }
        ])
      ];
    })
  );
  const imported = [...NUMPY_NAMES].map(name =>
    nameMoved({ ...info, module: 'scipy', name, to: 'numpy' })
  );
  // Only cells that name scipy: the numpy names themselves (sum, log) are everywhere.
  return anyOf({ ...info, needs: ['scipy'] }, [dotted, ...imported]);
}

// `scipy.stats.stats` is the deprecated old path of the same function.
const MODE = ['scipy.stats.mode', 'scipy.stats.stats.mode'];
const AXIS_NONE =
  'With axis=None, mode returned a 1-D result for any input, which keepdims=True does not give back: left as it is.';

/**
 * A call of `scipy.stats.mode` that does not choose keepdims: `keepdims=True` appended.
 * One that passes it (by keyword, fourth position or `**`) is left alone; one with
 * `axis=None` is only pointed at. A bare `mode` the notebook also defines is its own.
 */
function modeCalls(context: IRuleContext, id: string): IRuleMatch[] {
  return context.nodes('CallExpression').flatMap(call => {
    const callee = calleeOf(context, call)!;
    if (
      !callsTo(context, call, MODE) ||
      (callee.node.name === 'VariableName' && context.defined.has(callee.name))
    ) {
      return [];
    }
    const args = argsOf(context, call);
    const positional = args.filter(arg => !arg.name && !arg.star);
    if (positional.length > 3) {
      return [];
    }
    const axis = args.find(arg => arg.name === 'axis') ?? positional[1];
    if (axis && textOf(context, axis.value) === 'None') {
      return [matchAt(id, call, [], AXIS_NONE)];
    }
    const edits = appendKeywordIfMissing(context, call, 'keepdims', 'True');
    return edits.length > 0 ? [matchAt(id, call, edits)] : [];
  });
}

/**
 * `stats.mode(a)[0][0]`: scipy 1.11 made `mode` drop the reduced axis (keepdims=False),
 * so old code's indexing of its result hits a scalar. Before 1.11 it kept the axis, at
 * length 1, for every input reduced along one: `keepdims=True` is that shape again. Code
 * written for 1.11 may read the scalar, so the rewrite waits for the old code's failure.
 */
const modeKeepdims = defineRule(
  {
    id: 'scipy.stats-mode-keepdims',
    needs: ['mode'],
    onFailureOnly: true,
    distribution: 'scipy',
    since: '1.11.0',
    summary:
      '`stats.mode` drops the reduced axis since scipy 1.11: `keepdims=True` keeps it as before, so `mode(a)[0][0]` is the mode again.',
    link: notes('1.11.0'),
    raises: {
      ename: 'IndexError',
      message: /invalid index to scalar variable/
    },
    targets: ['scipy.stats.mode(keepdims=)'],
    examples: [
      {
        setup:
          'import numpy as np\nfrom scipy import stats\ndata = np.array([[1, 2], [1, 3], [2, 3]])',
        before:
          'print(stats.mode(data[:, -1])[0][0], stats.mode(data)[0][0], stats.mode(data, axis=1).count.shape)',
        after:
          'print(stats.mode(data[:, -1], keepdims=True)[0][0], stats.mode(data, keepdims=True)[0][0], stats.mode(data, axis=1, keepdims=True).count.shape)'
      },
      {
        setup: 'import numpy as np\nlabels = np.array([2, 0, 2, 1, 2])',
        before:
          'import scipy.stats as st\ndef majority(votes):\n    return st.mode(votes).mode[0]\nprint(majority(labels))',
        after:
          'import scipy.stats as st\ndef majority(votes):\n    return st.mode(votes, keepdims=True).mode[0]\nprint(majority(labels))'
      },
      {
        setup: 'import numpy as np\nlabels = np.array([2, 0, 2, 1, 2])',
        before:
          'from scipy.stats import mode\nvalue, count = mode(labels, 0)\nprint(value[0], count[0])',
        after:
          'from scipy.stats import mode\nvalue, count = mode(labels, 0, keepdims=True)\nprint(value[0], count[0])'
      }
    ]
  },
  context => modeCalls(context, 'scipy.stats-mode-keepdims')
);

/** scipy API removals, 1.2 to 1.14, and the changed shape of `stats.mode` (1.11). */
export const scipyRules: IRule[] = [
  functionMoved(
    'misc-comb',
    '1.3.0',
    'scipy.misc',
    'comb',
    'scipy.special',
    'comb',
    '(5, 2)'
  ),
  functionMoved(
    'misc-factorial',
    '1.3.0',
    'scipy.misc',
    'factorial',
    'scipy.special',
    'factorial',
    '(4)'
  ),
  functionMoved(
    'misc-logsumexp',
    '1.3.0',
    'scipy.misc',
    'logsumexp',
    'scipy.special',
    'logsumexp',
    '([0.0, 0.0]).round(4)'
  ),
  functionMoved(
    'integrate-simps',
    '1.14.0',
    'scipy.integrate',
    'simps',
    'scipy.integrate',
    'simpson',
    '([1, 2, 3])'
  ),
  functionMoved(
    'integrate-trapz',
    '1.14.0',
    'scipy.integrate',
    'trapz',
    'scipy.integrate',
    'trapezoid',
    '([1, 2, 3])'
  ),
  functionMoved(
    'integrate-cumtrapz',
    '1.14.0',
    'scipy.integrate',
    'cumtrapz',
    'scipy.integrate',
    'cumulative_trapezoid',
    '([1, 2, 3])'
  ),
  functionMoved(
    'signal-windows',
    '1.13.0',
    'scipy.signal',
    'gaussian',
    'scipy.signal.windows',
    'gaussian',
    '(5, 1.0).round(2)'
  ),
  numpyNames(),
  modeKeepdims,
  defineRule(
    {
      id: 'scipy.binom-test',
      needs: ['binom_test'],
      distribution: 'scipy',
      since: '1.12.0',
      summary:
        '`stats.binom_test` was removed in scipy 1.12: use `stats.binomtest(...).pvalue`.',
      link: notes('1.12.0'),
      raises: {
        ename: 'AttributeError',
        message: /has no attribute 'binom_test'/
      },
      examples: [
        {
          before:
            'from scipy import stats\nprint(round(stats.binom_test(7, 10, 0.5), 4))',
          after:
            'from scipy import stats\nprint(round(stats.binomtest(7, 10, 0.5).pvalue, 4))'
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const dotted = callee && dottedName(context, callee.node);
        if (
          !dotted ||
          resolve(context, dotted) !== 'scipy.stats.binom_test' ||
          argsOf(context, call).length < 2
        ) {
          return [];
        }
        const property = callee.node.lastChild!;
        return [
          matchAt('scipy.binom-test', call, [
            { from: property.from, to: property.to, insert: 'binomtest' },
            { from: call.to, to: call.to, insert: '.pvalue' }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'scipy.sparse-a',
      needs: ['.A'],
      distribution: 'scipy',
      since: '1.14.0',
      summary: 'Sparse matrices lost `.A` in scipy 1.14: use `.toarray()`.',
      link: notes('1.14.0'),
      raises: { ename: 'AttributeError', message: /has no attribute 'A'/ },
      examples: [
        {
          setup:
            'from scipy import sparse\nm = sparse.csr_matrix([[1, 0], [0, 2]])',
          before: 'print(m.A.sum())',
          after: 'print(m.toarray().sum())',
          answer: 'True'
        }
      ]
    },
    // `.A` is a common attribute name: only the kernel knows whether the owner is sparse.
    context =>
      context.nodes('PropertyName').flatMap(property => {
        const member = property.parent!;
        const owner = member.firstChild!;
        const name = dottedName(context, owner);
        if (
          context.source.slice(property.from, property.to) !== 'A' ||
          name === null ||
          member.parent?.name === 'CallExpression'
        ) {
          return [];
        }
        return [
          askedMatch(
            'scipy.sparse-a',
            member,
            `(lambda o: str(type(o).__module__.startswith('scipy.sparse')))(${name})`,
            [{ from: property.from, to: property.to, insert: 'toarray()' }],
            'Only if it is a scipy sparse matrix: asks the kernel.'
          )
        ];
      })
  )
];
