import { movedFunction } from './builders-imports';
import { sklearnNotes } from './sklearn-modules';
import type { IRule } from './types';

/**
 * scikit-learn's copies of scipy and numpy functions, kept while older releases of those
 * lacked them and then removed: `[module, name, where it lives, its name there, since,
 * example use]`. Helper libraries shipped beside notebooks import them from scikit-learn.
 */
const BACKPORTS: readonly (readonly [
  string,
  string,
  string,
  string,
  string,
  string
])[] = [
  [
    'sklearn.utils.extmath',
    'pinvh',
    'scipy.linalg',
    'pinvh',
    '0.21',
    '([[2.0, 0.0], [0.0, 4.0]]).tolist()'
  ],
  [
    'sklearn.utils.extmath',
    'logsumexp',
    'scipy.special',
    'logsumexp',
    '0.21',
    '([0.0, 0.0]).round(4)'
  ],
  [
    'sklearn.utils.extmath',
    'norm',
    'scipy.linalg',
    'norm',
    '0.21',
    '([3.0, 4.0])'
  ],
  [
    'sklearn.utils.extmath',
    'fast_dot',
    'numpy',
    'dot',
    '0.21',
    '([1, 2], [3, 4])'
  ],
  // log(1 / (1 + exp(-x))), elementwise: scipy's ufunc since 1.8.
  [
    'sklearn.utils.extmath',
    'log_logistic',
    'scipy.special',
    'log_expit',
    '1.6',
    '([[0.0, 2.0]]).round(4).tolist()'
  ]
];

export const sklearnBackportRules: IRule[] = BACKPORTS.map(
  ([from, name, to, toName, since, use]) =>
    movedFunction(
      {
        id: `sklearn.backport-${name.replace(/_/g, '-')}`,
        distribution: 'scikit-learn',
        since,
        summary: `scikit-learn ${since} removed its copy \`${from}.${name}\`: use \`${to}.${toName}\`.`,
        link: sklearnNotes(since)
      },
      { from, name, to, toName, use }
    )
);
