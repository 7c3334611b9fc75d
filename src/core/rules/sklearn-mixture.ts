import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { nameMoved } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import { argsOf, calleeOf, dottedName, resolve, stringValue } from './syntax';
import type { IRule, IRuleContext } from './types';

const BAYESIAN = 'BayesianGaussianMixture';
// The old classes' positional parameters that every release before 0.20 put first.
const POSITIONS = ['n_components', 'covariance_type', 'alpha', 'random_state'];
// Same name and meaning on BayesianGaussianMixture.
const KEPT = ['random_state', 'tol', 'verbose'];
const SIMPLE = /^(?:[\w.]+|'[^']*'|"[^"]*")$/;
const SETUP =
  'import numpy as np\nX = np.random.RandomState(0).normal(size=(60, 2))';

/**
 * The old call's arguments as BayesianGaussianMixture's, with the old defaults that
 * differ pinned: diagonal covariances, 10 iterations, and (for DPGMM) a concentration of
 * 1. VBGMM divided its `alpha` among the components; the new prior is per component.
 * Null when an argument has no equivalent (`params='wc'`, `**options`).
 */
function bayesianArguments(
  context: IRuleContext,
  call: SyntaxNode,
  old: 'VBGMM' | 'DPGMM'
): string | null {
  const given = new Map<string, string>();
  let position = 0;
  for (const arg of argsOf(context, call)) {
    const key = arg.star ? undefined : (arg.name ?? POSITIONS[position++]);
    if (!key || given.has(key)) {
      return null;
    }
    given.set(key, context.source.slice(arg.valueFrom, arg.valueTo).trim());
  }
  const out: string[] = [];
  const n = given.get('n_components');
  if (n !== undefined) {
    out.push(`n_components=${n}`);
  }
  out.push(`covariance_type=${given.get('covariance_type') ?? "'diag'"}`);
  out.push(
    `weight_concentration_prior_type='${old === 'VBGMM' ? 'dirichlet_distribution' : 'dirichlet_process'}'`
  );
  const alpha = given.get('alpha');
  if (old === 'DPGMM') {
    out.push(`weight_concentration_prior=${alpha ?? '1.0'}`);
  } else if (alpha !== undefined) {
    if (n !== undefined && !SIMPLE.test(n)) {
      return null;
    }
    const share = SIMPLE.test(alpha) ? alpha : `(${alpha})`;
    out.push(
      `weight_concentration_prior=${n === undefined ? alpha : `${share} / ${n}`}`
    );
  }
  for (const [key, value] of given) {
    if (KEPT.includes(key)) {
      out.push(`${key}=${value}`);
    } else if (key === 'thresh' && !given.has('tol')) {
      out.push(`tol=${value}`);
    } else if (key === 'min_covar' && value !== 'None') {
      out.push(`reg_covar=${value}`);
    } else if (key === 'n_iter') {
      out.push(`max_iter=${value}`);
    } else if (key === 'params' || key === 'init_params') {
      // All of weights, means and covariances: what the new class always does.
      if (stringValue(value) !== 'wmc') {
        return null;
      }
    } else if (!POSITIONS.includes(key) && key !== 'thresh') {
      return null;
    }
  }
  if (!given.has('n_iter')) {
    out.push('max_iter=10');
  }
  return `(${out.join(', ')})`;
}

/** `VBGMM` or `DPGMM` → BayesianGaussianMixture: the import, its uses and its calls. */
function bayesianMixture(old: 'VBGMM' | 'DPGMM', example: string): IRule {
  const id = `sklearn.${old.toLowerCase()}`;
  const prior =
    old === 'VBGMM' ? 'dirichlet_distribution' : 'dirichlet_process';
  const info = {
    distribution: 'scikit-learn',
    since: '0.20',
    link: sklearnNotes('0.20'),
    raises: {
      ename: 'ImportError',
      message: new RegExp(`cannot import name '${old}'`)
    }
  };
  const moved = nameMoved({
    ...info,
    id,
    summary: '',
    module: 'sklearn.mixture',
    name: old,
    to: 'sklearn.mixture',
    toName: BAYESIAN,
    examples: []
  });
  const after = example.replace(
    `${old}(3, alpha=2.0, random_state=0)`,
    `${BAYESIAN}(n_components=3, covariance_type='diag', weight_concentration_prior_type='${prior}', weight_concentration_prior=${old === 'VBGMM' ? '2.0 / 3' : '2.0'}, random_state=0, max_iter=10)`
  );
  return defineRule(
    {
      ...info,
      id,
      summary: `\`sklearn.mixture.${old}\` was removed in 0.20: it is \`${BAYESIAN}(weight_concentration_prior_type='${prior}')\`, alpha its weight concentration prior, n_iter max_iter, min_covar reg_covar, with its old defaults kept (diagonal covariances, 10 iterations).`,
      targets: [`sklearn.mixture.${BAYESIAN}`],
      examples: [
        {
          setup: SETUP,
          before: `from sklearn.mixture import ${old}\n${example}`,
          after: `from sklearn.mixture import ${BAYESIAN}\n${after}`
        }
      ]
    },
    context => [
      ...moved.find(context),
      ...context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const dotted = callee && dottedName(context, callee.node);
        const list = call.getChild('ArgList');
        if (
          !dotted ||
          !list ||
          resolve(context, dotted) !== `sklearn.mixture.${old}`
        ) {
          return [];
        }
        const args = bayesianArguments(context, call, old);
        // `mixture.VBGMM(...)`: the attribute is renamed here, a bare name by its import.
        const property =
          callee.node.name === 'MemberExpression'
            ? callee.node.lastChild
            : null;
        const from = property?.from ?? list.from;
        const insert = `${property ? BAYESIAN : ''}${args}`;
        return args ? [matchAt(id, list, [{ from, to: list.to, insert }])] : [];
      })
    ],
    [old]
  );
}

/** Removed mixture models and their replacements' arguments. */
export const sklearnMixtureRules: IRule[] = [
  bayesianMixture(
    'VBGMM',
    'model = VBGMM(3, alpha=2.0, random_state=0).fit(X)\nprint(model.weights_.shape, model.covariances_.shape)'
  ),
  bayesianMixture(
    'DPGMM',
    'model = DPGMM(3, alpha=2.0, random_state=0).fit(X)\nprint(model.weights_.shape, model.covariances_.shape)'
  )
];
