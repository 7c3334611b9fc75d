import { aliasReplaced, anyOf, defineRule, matchAt } from './builders';
import { nameMoved } from './builders-imports';
import { argsOf, calleeOf, dottedName, resolve, spellModule } from './syntax';
import type { IRule } from './types';

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
  const info = {
    id: `scipy.${id}`,
    distribution: 'scipy',
    since,
    summary: `\`${from}.${name}\` was removed in scipy ${since}: use \`${to}.${toName}\`.`,
    link: notes(since),
    raises: {
      ename: 'ImportError',
      message: new RegExp(`cannot import name '${name}'`)
    },
    examples: [
      {
        before: `from ${from} import ${name}\nprint(${name}${use})`,
        after: `from ${to} import ${toName}\nprint(${toName}${use})`
      }
    ]
  };
  return anyOf(info, [
    nameMoved({ ...info, module: from, name, to, toName }),
    aliasReplaced({
      ...info,
      module: from,
      name,
      to: `@.${toName}`,
      importing: { module: to, alias: to }
    })
  ]);
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

/** scipy API removals, 1.2 to 1.14. */
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
        const match = matchAt(
          'scipy.sparse-a',
          member,
          [],
          'Only if it is a scipy sparse matrix: asks the kernel.'
        );
        match.question = {
          expression: `(lambda o: str(type(o).__module__.startswith('scipy.sparse')))(${name})`,
          decide: answer =>
            answer === 'True'
              ? [{ from: property.from, to: property.to, insert: 'toarray()' }]
              : null
        };
        return [match];
      })
  )
];
