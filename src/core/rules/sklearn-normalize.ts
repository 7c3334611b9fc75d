import type { SyntaxNode } from '@lezer/common';
import { callsOf, defineRule, matchAt, throughHelper } from './builders';
import { spellName } from './bindings';
import { sklearnInfo as info } from './sklearn-info';
import {
  argsOf,
  assignedTarget,
  calleeOf,
  childrenOf,
  dottedName,
  removeArgument,
  resolve,
  stringValue,
  textOf
} from './syntax';
import {
  isRead,
  madeNames,
  numbered,
  stepReads,
  usedAsEstimator
} from './sklearn-pipeline-steps';
import type {
  IBinding,
  IRule,
  IRuleContext,
  IRuleMatch,
  ITextEdit
} from './types';

const DIABETES =
  'from sklearn.datasets import load_diabetes\nX, y = load_diabetes(return_X_y=True)';
/**
 * The linear models that lost `normalize` in 1.2 whose fit does not depend on one scale
 * common to every feature (no penalty, or a penalty chosen from the data along a path),
 * so scaling each feature by its standard deviation instead of its norm (std × √n) finds
 * the same model. The CV variants only while their alphas come from the data.
 * (LinearRegression's own rule drops the argument: its predictions never depended on it.)
 */
const SCALE_FREE = [
  'Lars',
  'LarsCV',
  'LassoLarsCV',
  'LassoLarsIC',
  'LassoCV',
  'ElasticNetCV',
  'MultiTaskLassoCV',
  'MultiTaskElasticNetCV',
  'OrthogonalMatchingPursuit',
  'OrthogonalMatchingPursuitCV',
  'BayesianRidge',
  'ARDRegression'
];
/** Those whose fixed penalty would need rescaling by the sample count the fit sees. */
const PENALIZED = [
  'Ridge',
  'RidgeCV',
  'RidgeClassifier',
  'RidgeClassifierCV',
  'Lasso',
  'LassoLars',
  'ElasticNet',
  'MultiTaskLasso',
  'MultiTaskElasticNet'
];
const NOTE_READ =
  "The notebook reads this pipeline's steps by name or place, and a StandardScaler(with_mean=False) joined to the model or the step before it would change one it reads: put it before the model by hand.";
const NOTE_MODEL =
  'A cell reads more of this model than a pipeline has (its coef_, its parameters): put a StandardScaler(with_mean=False) before it by hand.';
// A CV variant given its own grid of alphas: that grid is on the old scale.
const GRID = new Set(['alphas', 'Cs']);
const ownGrid = (args: ReturnType<typeof argsOf>) =>
  args.some(arg => GRID.has(arg.name ?? ''));
/**
 * Models a subclass fits as `normalize=True` did: on the features centred and divided by
 * their norms, the coefficients given back in the features' units. Each fit normalized
 * the whole of its X once (RidgeCV too, for its leave-one-out search, with no `cv`; with
 * one, each fold's Ridge normalized its own part), so a fixed penalty and a grid of alphas
 * keep their scale. LassoCV normalized each fold's
 * training part for its path, and the whole of X for its grid and its final fit; one in
 * the notebook's own pipeline keeps the pipeline rule's scaler while its alphas come from
 * the data (a given grid is on the normalized scale, which only the subclass keeps).
 * Before 1.2 alpha came first, as now (eps for LassoCV): one positional argument is that.
 */
const REFITTED = [
  'LassoCV',
  'Ridge',
  'RidgeClassifier',
  'RidgeCV',
  'Lasso',
  'LassoLars',
  'ElasticNet',
  'MultiTaskLasso',
  'MultiTaskElasticNet'
];

// The lines both subclasses' fit share, after `import numpy`: the features centred and
// divided by their norms (a frame stays one), then the coefficients of `fitted` given
// back in the features' units.
const NORMALIZE = [
  "        X = X if hasattr(X, 'mean') else numpy.asarray(X, dtype=float)",
  '        mean = X.mean(axis=0)',
  '        norm = ((X - mean) ** 2).sum(axis=0) ** 0.5',
  '        norm[norm == 0] = 1'
];
const giveBack = (fitted: string) => [
  '        mean, norm = numpy.asarray(mean), numpy.asarray(norm)',
  `        self.coef_ = ${fitted}.coef_ / norm`,
  `        self.intercept_ = ${fitted}.intercept_ - self.coef_ @ mean`,
  '        return self',
  ''
];

/** The lines that fit `self` (a subclass of the model) on normalized features. */
const refitSelf = (indent: string) =>
  [
    ...NORMALIZE,
    '        super().fit((X - mean) / norm, y, *args, **kwargs)',
    ...giveBack('self')
  ].map(line => (line ? indent + line : line));

/** The subclass that fits `model` (spelled `base` in the notebook) as normalize=True did. */
function refitHelper(model: string, base: string): IBinding {
  const name = `Normalized${model}`;
  if (model === 'LassoCV') {
    return { name, statement: lassoCVHelper(name, base) };
  }
  if (model === 'RidgeCV') {
    return { name, statement: ridgeCVHelper(name, base) };
  }
  return {
    name,
    statement: [
      `class ${name}(${base}):`,
      '    # normalize=True, removed in scikit-learn 1.2: fitted on the features centred and',
      "    # divided by their norms, the coefficients given back in the features' units",
      '    def fit(self, X, y, *args, **kwargs):',
      '        import numpy',
      ...refitSelf('')
    ].join('\n')
  };
}

/** LassoCV's subclass: each path and the final fit on normalized features. */
function lassoCVHelper(name: string, base: string): string {
  return [
    `class ${name}(${base}):`,
    "    # normalize=True, removed in scikit-learn 1.2: each fold's path, the grid of alphas and",
    '    # the final fit on the features centred and divided by their norms, the coefficients',
    "    # given back in the features' units",
    '    @staticmethod',
    '    def path(X, y, **params):',
    '        import numpy',
    '        from sklearn.linear_model import lasso_path',
    "        norm = numpy.sqrt((X ** 2).sum(axis=0))  # the fold's features, centred",
    '        norm[norm == 0] = 1',
    "        for computed in ('Xy', 'precompute', 'X_offset', 'X_scale'):",
    '            params.pop(computed, None)',
    '        alphas, coefs, gaps = lasso_path(X / norm, y, **params)',
    '        return alphas, coefs / norm[:, None], gaps',
    '',
    '    def fit(self, X, y, *args, **kwargs):',
    '        import numpy',
    '        from sklearn.linear_model import Lasso',
    ...NORMALIZE,
    '        normalized = numpy.asarray((X - mean) / norm)',
    '        alphas = self.alphas',
    '        if isinstance(alphas, int):',
    '            top = numpy.abs(normalized.T @ (y - numpy.mean(y))).max() / len(normalized)',
    '            self.alphas = numpy.logspace(numpy.log10(top * self.eps), numpy.log10(top), alphas)[::-1]',
    '        try:',
    '            super().fit(X, y, *args, **kwargs)',
    '        finally:',
    '            self.alphas = alphas',
    "        shared = set(Lasso().get_params()) - {'precompute'}",
    '        final = Lasso(**{k: v for k, v in self.get_params().items() if k in shared})',
    '        final.set_params(alpha=self.alpha_).fit(normalized, y)',
    ...giveBack('final')
  ].join('\n');
}

/**
 * RidgeCV's subclass. Without `cv` its leave-one-out search normalized the whole of X once;
 * with `cv` it was a grid search of Ridge(normalize=True), each fold's training part
 * normalized on its own and the best alpha refitted on the whole.
 */
function ridgeCVHelper(name: string, base: string): string {
  return [
    `class ${name}(${base}):`,
    '    # normalize=True, removed in scikit-learn 1.2: fitted on the features centred and divided',
    "    # by their norms, the coefficients given back in the features' units; with `cv`, each",
    "    # fold's Ridge and the best one refitted so, as its grid search did",
    '    def fit(self, X, y, *args, **kwargs):',
    '        import numpy',
    '        if self.cv is None:',
    ...refitSelf('    ').slice(0, -1),
    '        from sklearn.linear_model import Ridge',
    '        from sklearn.model_selection import GridSearchCV',
    '',
    '        class NormalizedRidge(Ridge):',
    '            def fit(self, X, y, *args, **kwargs):',
    ...refitSelf('        '),
    "        grid = {'alpha': self.alphas}",
    '        search = GridSearchCV(NormalizedRidge(fit_intercept=self.fit_intercept), grid, cv=self.cv, scoring=self.scoring)',
    '        best = search.fit(X, y, *args, **kwargs).best_estimator_',
    '        self.alpha_, self.best_score_ = best.alpha, search.best_score_',
    '        self.coef_, self.intercept_ = best.coef_, best.intercept_',
    '        self.n_features_in_ = best.n_features_in_',
    '        return self',
    ''
  ].join('\n');
}

/** Whether the refit subclass gives the model's `normalize=True` fit again. */
function refits(
  name: string,
  args: ReturnType<typeof argsOf>,
  value: (name: string) => string | undefined,
  step: boolean
): boolean {
  return (
    REFITTED.includes(name) &&
    (name !== 'LassoCV' || !step || ownGrid(args)) &&
    value('normalize') === 'True' &&
    value('fit_intercept') !== 'False' &&
    !args.some(arg => arg.star) &&
    args.filter(arg => !arg.name).length <= 1
  );
}

/** The text of a call's keyword argument, as written. */
function keywordValue(
  context: IRuleContext,
  args: ReturnType<typeof argsOf>
): (name: string) => string | undefined {
  return name => {
    const arg = args.find(a => a.name === name);
    return arg && context.source.slice(arg.valueFrom, arg.valueTo);
  };
}

/** Whether a call's callee is `sklearn.pipeline.<name>` through the notebook's imports. */
function callsPipeline(
  context: IRuleContext,
  call: SyntaxNode | null | undefined,
  name: string
): boolean {
  const callee = call?.name === 'CallExpression' && calleeOf(context, call);
  const dotted = callee && dottedName(context, callee.node);
  return !!dotted && resolve(context, dotted) === `sklearn.pipeline.${name}`;
}

/** A tuple's or list's elements, punctuation left out. */
function elementsOf(node: SyntaxNode): SyntaxNode[] {
  return childrenOf(node).filter(
    c => !['(', ')', '[', ']', ','].includes(c.name)
  );
}

/** The model as a step of the notebook's pipeline. */
interface IStep {
  /** The estimators of the pipeline's steps, in order. */
  estimators: SyntaxNode[];
  /** The model's place among them. */
  index: number;
  /** The steps' names once step `wrapped` is a pipeline (-1: as they are); null when unknown. */
  names: ((wrapped: number) => string[]) | null;
  /** The make_pipeline as the cell spells it, for `make_pipeline(...)` steps. */
  spelled?: string;
  /** The pipeline's call, and the name it is assigned to, if it is. */
  pipeline: SyntaxNode;
  variable: string | null;
}

/**
 * The model as a step of the notebook's pipeline, `make_pipeline(..., model)` or
 * `Pipeline([..., ('name', model)])`; null when the model is no pipeline's step.
 */
function stepOf(context: IRuleContext, call: SyntaxNode): IStep | null {
  const outer = call.parent?.parent;
  if (call.parent?.name === 'ArgList') {
    if (!callsPipeline(context, outer, 'make_pipeline')) {
      return null;
    }
    const args = argsOf(context, outer!);
    const steps = args.filter(a => !a.name && !a.star);
    const bases = args.some(a => a.star)
      ? null
      : madeNames(
          context,
          steps.map(s => s.value)
        );
    return {
      estimators: steps.map(s => s.value),
      index: steps.findIndex(s => s.value.from === call.from),
      names:
        bases &&
        (wrapped =>
          numbered(bases.map((b, i) => (i === wrapped ? 'pipeline' : b)))),
      spelled: textOf(context, outer!.firstChild!),
      pipeline: outer!,
      variable: assignedName(context, outer!)
    };
  }
  const tuple = call.parent;
  const list = tuple?.parent;
  if (
    tuple?.name !== 'TupleExpression' ||
    elementsOf(tuple)[1]?.from !== call.from ||
    list?.name !== 'ArrayExpression' ||
    list.parent?.name !== 'ArgList' ||
    !callsPipeline(context, list.parent.parent, 'Pipeline')
  ) {
    return null;
  }
  const steps = elementsOf(list).map(step =>
    step.name === 'TupleExpression' ? elementsOf(step) : []
  );
  const names = steps.map(([name]) =>
    name ? stringValue(textOf(context, name)) : null
  );
  const known = names.every(n => n !== null) ? (names as string[]) : null;
  return {
    estimators: steps.map(([, estimator]) => estimator ?? tuple),
    index: steps.findIndex(([, estimator]) => estimator?.from === call.from),
    names: known && (() => known),
    pipeline: list.parent.parent!,
    variable: assignedName(context, list.parent.parent!)
  };
}

/** The variable a call, or its fit, is assigned to: `pipe = make_pipeline(...).fit(X, y)`. */
function assignedName(context: IRuleContext, call: SyntaxNode): string | null {
  const target = assignedTarget(context, call);
  return target?.name === 'VariableName' ? textOf(context, target) : null;
}

/**
 * Whether putting the scaler in a pipeline with step `wrapped` (the model or the one
 * before it) leaves every step the notebook reads, by name or place, as it was.
 */
function keepsReadSteps(
  context: IRuleContext,
  step: IStep,
  wrapped: number
): boolean {
  if (wrapped < 0 || !step.names) {
    return false;
  }
  const before = step.names(-1);
  const after = step.names(wrapped);
  const reads = stepReads(context, step.pipeline, step.variable, before.length);
  return before.every(
    (name, i) => (i !== wrapped && after[i] === name) || !isRead(reads, name, i)
  );
}

/**
 * `LassoCV(normalize=True)`: normalize was removed in 1.2. It centred each feature and
 * divided it by its norm; a StandardScaler before the model (in the notebook's pipeline,
 * or a new one) does the same up to that common scale. In the notebook's pipeline the
 * scaler joins the step before the model, or else the model's own step, so that every
 * step a cell reads by name or place (`pipe.steps[1][1].alpha_`, a grid's
 * `'polynomialfeatures__degree'`) keeps its name, place and object; where both would
 * change one it reads, the model is only pointed at. `normalize=False` and any value with
 * `fit_intercept=False` (where it was ignored) are dropped. Models with a fixed penalty
 * are only pointed at: their alpha would need the fit's sample count.
 */
const normalize = defineRule(
  {
    ...info(
      'normalize-pipeline',
      '1.2',
      "Linear models' `normalize=True` was removed in 1.2: a StandardScaler before the model scales the features as it did (for a model whose penalty is fixed, alpha must be scaled by the sample count, so it is only pointed at)."
    ),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'normalize'/
    },
    targets: [
      'sklearn.preprocessing.StandardScaler',
      'sklearn.pipeline.make_pipeline'
    ],
    examples: [
      {
        setup: DIABETES,
        before:
          'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\nmodel = make_pipeline(PolynomialFeatures(2), LassoCV(eps=0.01, normalize=True, cv=3)).fit(X, y)\nprint(round(model.score(X, y), 2))',
        after:
          'from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\nfrom sklearn.preprocessing import StandardScaler\nmodel = make_pipeline(make_pipeline(PolynomialFeatures(2), StandardScaler(with_mean=False)), LassoCV(eps=0.01, cv=3)).fit(X, y)\nprint(round(model.score(X, y), 2))'
      },
      {
        setup: DIABETES,
        before:
          "from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\nmodel = Pipeline([('poly', PolynomialFeatures(2)), ('lasso', LassoCV(eps=0.01, normalize=True, cv=3))]).fit(X, y)\nprint(round(model.score(X, y), 2), model.steps[1][1].alphas_.size)",
        after:
          "from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.preprocessing import PolynomialFeatures\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\nmodel = Pipeline([('poly', make_pipeline(PolynomialFeatures(2), StandardScaler(with_mean=False))), ('lasso', LassoCV(eps=0.01, cv=3))]).fit(X, y)\nprint(round(model.score(X, y), 2), model.steps[1][1].alphas_.size)"
      },
      {
        setup: DIABETES,
        before:
          'from sklearn.linear_model import BayesianRidge\nmodel = BayesianRidge(normalize=True).fit(X, y)\nprint(round(model.score(X, y), 2))',
        after:
          'from sklearn.linear_model import BayesianRidge\nfrom sklearn.pipeline import make_pipeline\nfrom sklearn.preprocessing import StandardScaler\nmodel = make_pipeline(StandardScaler(with_mean=False), BayesianRidge()).fit(X, y)\nprint(round(model.score(X, y), 2))'
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: [...SCALE_FREE, ...PENALIZED],
      module: 'sklearn.linear_model'
    }).flatMap((call): IRuleMatch[] => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'normalize');
      if (index < 0 || args.some(arg => arg.star)) {
        return [];
      }
      const value = keywordValue(context, args);
      const drop = removeArgument(context, call, index);
      const id = 'sklearn.normalize-pipeline';
      if (
        value('normalize') === 'False' ||
        value('fit_intercept') === 'False'
      ) {
        return [matchAt(id, args[index], [drop])];
      }
      const name = calleeOf(context, call)?.name ?? '';
      const step = stepOf(context, call);
      if (refits(name, args, value, step !== null)) {
        return [];
      }
      // The old positional order put other parameters first: a positional call is left.
      const positional = args.some(arg => !arg.name);
      if (!SCALE_FREE.includes(name) || positional || ownGrid(args)) {
        return [
          matchAt(
            id,
            args[index],
            [],
            'normalize=True divided each feature by its norm (std × √n_samples): with a StandardScaler before the model, alpha must be multiplied by n_samples (Ridge) or √n_samples (Lasso, ElasticNet, LassoLars) to fit the same model.'
          )
        ];
      }
      const scaler = spellName(context, {
        module: 'sklearn.preprocessing',
        name: 'StandardScaler'
      });
      const scaled = `${scaler.text}(with_mean=False)`;
      const edits: ITextEdit[] = [drop];
      const inPipeline = (): ITextEdit[] | null => {
        if (!step) {
          return null;
        }
        const pipe = step.spelled
          ? { text: step.spelled, needs: [] }
          : spellName(context, {
              module: 'sklearn.pipeline',
              name: 'make_pipeline'
            });
        // The step before the model takes the scaler; else the model itself does.
        if (keepsReadSteps(context, step, step.index - 1)) {
          const before = step.estimators[step.index - 1];
          return [
            {
              from: before.from,
              to: before.from,
              insert: `${pipe.text}(`,
              needs: pipe.needs
            },
            {
              from: before.to,
              to: before.to,
              insert: `, ${scaled})`,
              needs: scaler.needs
            }
          ];
        }
        if (keepsReadSteps(context, step, step.index)) {
          return [
            {
              from: call.from,
              to: call.from,
              insert: `${pipe.text}(${scaled}, `,
              needs: [...pipe.needs, ...scaler.needs]
            },
            { from: call.to, to: call.to, insert: ')' }
          ];
        }
        return null;
      };
      if (step) {
        const scaling = inPipeline();
        if (!scaling) {
          return [matchAt(id, args[index], [], NOTE_READ)];
        }
        edits.push(...scaling);
      } else {
        // The model becomes a pipeline: only where no cell reads more of it than one would.
        const target = assignedName(context, call);
        if (!usedAsEstimator(context, target, Private.targetOf(call))) {
          return [matchAt(id, args[index], [], NOTE_MODEL)];
        }
        const pipe = spellName(context, {
          module: 'sklearn.pipeline',
          name: 'make_pipeline'
        });
        edits.push(
          {
            from: call.from,
            to: call.from,
            insert: `${pipe.text}(${scaled}, `,
            needs: [...pipe.needs, ...scaler.needs]
          },
          { from: call.to, to: call.to, insert: ')' }
        );
      }
      return [matchAt(id, args[index], edits)];
    }),
  ['normalize']
);

/**
 * `Ridge(alpha=4, normalize=True)`: normalize was removed in 1.2. A subclass defined once,
 * before the first statement that needs it, fits as it did (see REFITTED): its
 * coefficients, intercept, predictions and scores are the old model's, and it goes
 * wherever the model went (a grid search clones it with its parameters).
 */
const normalizeRefit = defineRule(
  {
    ...info(
      'normalize-refit',
      '1.2',
      "`normalize=True` of Ridge, Lasso and ElasticNet was removed in 1.2: a subclass defined in the notebook fits on the features centred and divided by their norms, and gives the coefficients back in the features' units, as the model did."
    ),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'normalize'/
    },
    examples: [
      {
        setup: DIABETES,
        before:
          'from sklearn.linear_model import Ridge\nridge = Ridge(alpha=4, normalize=True).fit(X[:300], y[:300])\nprint(ridge.coef_[:3].round(1), round(ridge.score(X[300:], y[300:]), 3))',
        after: `from sklearn.linear_model import Ridge\n${refitHelper('Ridge', 'Ridge').statement}\nridge = NormalizedRidge(alpha=4).fit(X[:300], y[:300])\nprint(ridge.coef_[:3].round(1), round(ridge.score(X[300:], y[300:]), 3))`
      },
      {
        setup: DIABETES,
        before:
          'from sklearn import linear_model\nlasso = linear_model.Lasso(0.01, normalize=True, max_iter=10000)\nlasso.fit(X, y)\nprint((lasso.coef_ != 0).sum())',
        after: `from sklearn import linear_model\n${refitHelper('Lasso', 'linear_model.Lasso').statement}\nlasso = NormalizedLasso(0.01, max_iter=10000)\nlasso.fit(X, y)\nprint((lasso.coef_ != 0).sum())`
      },
      {
        setup: DIABETES,
        before:
          'from sklearn.linear_model import LassoCV\nsearch = LassoCV(cv=3, max_iter=10000, normalize=True).fit(X, y)\nprint(round(search.alpha_, 4), (search.coef_ != 0).sum())',
        after: `from sklearn.linear_model import LassoCV\n${refitHelper('LassoCV', 'LassoCV').statement}\nsearch = NormalizedLassoCV(cv=3, max_iter=10000).fit(X, y)\nprint(round(search.alpha_, 4), (search.coef_ != 0).sum())`
      },
      {
        setup: DIABETES,
        before:
          'from sklearn.linear_model import RidgeCV\nsearch = RidgeCV(alphas=[0.001, 0.01, 0.1, 1.0], cv=3, normalize=True).fit(X[:300], y[:300])\nprint(search.alpha_, round(search.best_score_, 4), search.coef_[:3].round(1), round(search.score(X[300:], y[300:]), 4))',
        after: `from sklearn.linear_model import RidgeCV\n${refitHelper('RidgeCV', 'RidgeCV').statement}\nsearch = NormalizedRidgeCV(alphas=[0.001, 0.01, 0.1, 1.0], cv=3).fit(X[:300], y[:300])\nprint(search.alpha_, round(search.best_score_, 4), search.coef_[:3].round(1), round(search.score(X[300:], y[300:]), 4))`
      },
      {
        setup: DIABETES,
        before:
          "from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.preprocessing import StandardScaler\nmodel = Pipeline([('sc', StandardScaler()), ('lasso', LassoCV(alphas=[0.001, 0.01, 0.1], cv=3, normalize=True))]).fit(X, y)\nprint(model[-1].alpha_, round(model.score(X, y), 4))",
        after: `from sklearn.linear_model import LassoCV\nfrom sklearn.pipeline import Pipeline\nfrom sklearn.preprocessing import StandardScaler\n${refitHelper('LassoCV', 'LassoCV').statement}\nmodel = Pipeline([('sc', StandardScaler()), ('lasso', NormalizedLassoCV(alphas=[0.001, 0.01, 0.1], cv=3))]).fit(X, y)\nprint(model[-1].alpha_, round(model.score(X, y), 4))`
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: REFITTED,
      module: 'sklearn.linear_model'
    }).flatMap((call): IRuleMatch[] => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'normalize');
      const callee = calleeOf(context, call);
      if (
        index < 0 ||
        !callee ||
        !refits(
          callee.name,
          args,
          keywordValue(context, args),
          stepOf(context, call) !== null
        )
      ) {
        return [];
      }
      const helper = refitHelper(callee.name, textOf(context, callee.node));
      return [
        matchAt(
          'sklearn.normalize-refit',
          args[index],
          throughHelper(context, call, callee.node, helper, index)
        )
      ];
    }),
  ['normalize']
);

namespace Private {
  /** The target of the assignment a call (or its fit) is the value of. */
  export function targetOf(call: SyntaxNode): SyntaxNode | null {
    const member = call.parent;
    const fitted =
      member?.name === 'MemberExpression' &&
      member.parent?.name === 'CallExpression'
        ? member.parent
        : call;
    return fitted.parent?.name === 'AssignStatement'
      ? fitted.parent.firstChild
      : null;
  }
}

/** Linear models' removed `normalize`. */
export const sklearnNormalizeRules: IRule[] = [normalize, normalizeRefit];
