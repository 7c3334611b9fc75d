import { sklearnNotes } from './sklearn-modules';

/** Example setup: iris as arrays, `X` and `y`. */
export const IRIS =
  'from sklearn.datasets import load_iris\nX, y = load_iris(return_X_y=True)';

/** A scikit-learn rule's description: its id, the release that made the change, its notes. */
export const sklearnInfo = (id: string, since: string, summary: string) => ({
  id: `sklearn.${id}`,
  distribution: 'scikit-learn',
  since,
  summary,
  link: sklearnNotes(since)
});

/** The error of a keyword a function no longer takes. */
export const unexpected = (keyword: string) => ({
  ename: 'TypeError',
  message: new RegExp(`unexpected keyword argument '${keyword}'`)
});

/**
 * The errors of an estimator parameter renamed or removed: as a keyword of the call, and as
 * a key of `set_params` or a parameter search (`Invalid parameter 'base_estimator' for
 * estimator`).
 */
export const unknownParameter = (keyword: string) => ({
  ename: ['TypeError', 'ValueError'],
  message: new RegExp(
    `unexpected keyword argument '${keyword}'|Invalid parameter '${keyword}' for estimator`
  )
});

/** The error of an import of a name a module no longer has. */
export const cannotImport = (name: string) => ({
  ename: 'ImportError',
  message: new RegExp(`cannot import name '${name}'`)
});

/** The error scikit-learn's parameter validation raises for a value it no longer takes. */
export const invalidParameter = (param: string) => ({
  // A search whose every fit fails raises ValueError, the fits' errors in its message.
  ename: ['InvalidParameterError', 'ValueError'],
  message: new RegExp(`The '${param}' parameter`)
});

/** A value rewrite read from a table: old value → new, null for a value not in it. */
export const valueTable = (map: Record<string, string>) => (value: string) =>
  map[value] ?? null;
