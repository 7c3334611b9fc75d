import type { SyntaxNode } from '@lezer/common';
import { callsOf, defineRule, matchAt } from './builders';
import { nameMoved } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import { onReceiver } from './receivers';
import {
  appendArgument,
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve,
  stringValue
} from './syntax';
import type { IRule, IRuleContext, ITextEdit } from './types';

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
        // The name is renamed by `moved`: by its import, or as `mixture.VBGMM`.
        const args = bayesianArguments(context, call, old);
        return args
          ? [
              matchAt(id, list, [
                { from: list.from, to: list.to, insert: args }
              ])
            ]
          : [];
      })
    ],
    [old]
  );
}

const OLD_MIXTURES = ['GMM', 'VBGMM', 'DPGMM'].map(n => `sklearn.mixture.${n}`);
const NEW_MIXTURES = ['GaussianMixture', BAYESIAN];

/**
 * Whether the notebook was written for GMM and its kin: its imports, as written, bind one
 * of them and none of their replacements. Its GaussianMixtures are then rewritten GMMs.
 */
function writtenForOldMixtures(context: IRuleContext): boolean {
  const bound = [...(context.evidence.imports ?? context.imports).values()];
  return (
    bound.some(target => OLD_MIXTURES.includes(target)) &&
    !bound.some(target =>
      NEW_MIXTURES.some(name => target === `sklearn.mixture.${name}`)
    )
  );
}

/**
 * GMM's arguments on GaussianMixture: `min_covar` is `reg_covar`, `thresh` is `tol`,
 * `params='wmc'` and `init_params='wmc'` (everything, as GaussianMixture does) go, and
 * GMM's default of diagonal covariances is kept where the call leaves it out.
 */
const gmmArguments = defineRule(
  {
    id: 'sklearn.gmm-arguments',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "GMM's `min_covar` is GaussianMixture's `reg_covar` and its `thresh` `tol`; GMM's default of diagonal covariances is kept.",
    link: sklearnNotes('0.20'),
    raises: {
      ename: ['TypeError', 'InvalidParameterError'],
      message:
        /unexpected keyword argument '(min_covar|thresh|params)'|'init_params' parameter of GaussianMixture/
    },
    examples: [
      {
        setup: SETUP,
        before:
          'from sklearn.mixture import GaussianMixture\nprint(GaussianMixture(2, min_covar=1e-3, random_state=0).fit(X).means_.shape)',
        after:
          'from sklearn.mixture import GaussianMixture\nprint(GaussianMixture(2, reg_covar=1e-3, random_state=0).fit(X).means_.shape)'
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: ['GMM', 'GaussianMixture'],
      module: 'sklearn'
    }).flatMap(call => {
      const callee = calleeOf(context, call)!;
      const args = argsOf(context, call);
      if (args.some(arg => arg.star)) {
        return [];
      }
      const edits: ITextEdit[] = [];
      args.forEach((arg, index) => {
        const value = context.source.slice(arg.valueFrom, arg.valueTo);
        if (arg.name === 'min_covar') {
          edits.push({ from: arg.from, to: arg.from + 9, insert: 'reg_covar' });
        } else if (arg.name === 'thresh') {
          edits.push(
            args.some(a => a.name === 'tol')
              ? removeArgument(context, call, index)
              : { from: arg.from, to: arg.from + 6, insert: 'tol' }
          );
        } else if (
          (arg.name === 'params' || arg.name === 'init_params') &&
          stringValue(value) === 'wmc'
        ) {
          edits.push(removeArgument(context, call, index));
        }
      });
      const fromGmm = callee.name === 'GMM' || writtenForOldMixtures(context);
      const positional = args.filter(arg => !arg.name).length;
      if (
        fromGmm &&
        positional < 2 &&
        !args.some(arg => arg.name === 'covariance_type')
      ) {
        edits.push(appendArgument(context, call, "covariance_type='diag'"));
      }
      return edits.length
        ? [matchAt('sklearn.gmm-arguments', call, edits)]
        : [];
    }),
  ['GMM', 'GaussianMixture']
);

/**
 * GMM's (and VBGMM's, DPGMM's) `score(X)` gave each sample's log-likelihood; today's
 * `score(X)` gives their mean, and `score_samples(X)` what `score` gave. Only in a notebook
 * written for the old classes, on an object the kernel says is one of their replacements.
 */
const mixtureScore = defineRule(
  {
    id: 'sklearn.gmm-score',
    needs: ['.score('],
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "GMM's `score(X)` gave each sample's log-likelihood, as `score_samples(X)` does now (`score` is their mean).",
    link: sklearnNotes('0.20'),
    examples: [
      {
        // A notebook of GMM's time: its import is there (and fails today).
        setup: `${SETUP}\ntry:\n    from sklearn.mixture import GMM\nexcept ImportError:\n    pass\nmodel = __import__('sklearn.mixture').mixture.GaussianMixture(2, random_state=0).fit(X)`,
        before: 'print(np.shape(model.score(X)))',
        after: 'print(np.shape(model.score_samples(X)))',
        answer: 'GaussianMixture'
      }
    ]
  },
  context =>
    !writtenForOldMixtures(context)
      ? []
      : context.nodes('PropertyName').flatMap(property => {
          const member = property.parent!;
          const call = member.parent;
          if (
            context.source.slice(property.from, property.to) !== 'score' ||
            call?.name !== 'CallExpression' ||
            call.firstChild?.to !== member.to
          ) {
            return [];
          }
          return onReceiver(context, 'sklearn.gmm-score', {
            node: call,
            owner: member.firstChild!,
            types: NEW_MIXTURES,
            edits: [
              { from: property.from, to: property.to, insert: 'score_samples' }
            ]
          });
        })
);

/**
 * `mixture.GMM(...)` through the module (`from sklearn import mixture`): the attribute is
 * GaussianMixture; gmm-arguments keeps GMM's defaults on the same call.
 */
const gmmAttribute = defineRule(
  {
    id: 'sklearn.gmm-attribute',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      "`sklearn.mixture.GMM` was removed in 0.20: `mixture.GMM` is `mixture.GaussianMixture`, with GMM's diagonal covariances kept.",
    link: sklearnNotes('0.20'),
    raises: {
      ename: 'AttributeError',
      message: /module 'sklearn\.mixture' has no attribute 'GMM'/
    },
    targets: ['sklearn.mixture.GaussianMixture'],
    examples: [
      {
        setup: SETUP,
        before:
          "from sklearn import mixture\nmodel = mixture.GMM(n_components=2, covariance_type='diag', random_state=0).fit(X)\nprint(model.covariances_.shape)",
        after:
          "from sklearn import mixture\nmodel = mixture.GaussianMixture(n_components=2, covariance_type='diag', random_state=0).fit(X)\nprint(model.covariances_.shape)"
      }
    ]
  },
  context =>
    context.nodes('MemberExpression').flatMap(member => {
      const dotted = dottedName(context, member);
      const property = member.lastChild;
      if (
        !dotted ||
        !property ||
        !dotted.includes('.') ||
        resolve(context, dotted) !== 'sklearn.mixture.GMM'
      ) {
        return [];
      }
      return [
        matchAt('sklearn.gmm-attribute', member, [
          { from: property.from, to: property.to, insert: 'GaussianMixture' }
        ])
      ];
    }),
  ['GMM']
);

/** Removed mixture models and their replacements' arguments. */
export const sklearnMixtureRules: IRule[] = [
  gmmAttribute,
  gmmArguments,
  mixtureScore,
  bayesianMixture(
    'VBGMM',
    'model = VBGMM(3, alpha=2.0, random_state=0).fit(X)\nprint(model.weights_.shape, model.covariances_.shape)'
  ),
  bayesianMixture(
    'DPGMM',
    'model = DPGMM(3, alpha=2.0, random_state=0).fit(X)\nprint(model.weights_.shape, model.covariances_.shape)'
  )
];
