import type { SyntaxNode } from '@lezer/common';
import { sklearnNotes } from './sklearn-modules';
import { resolvedCallee } from './syntax';
import type { IRuleContext } from './types';

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

/** The scikit-learn callable a call names through the notebook's imports, if it does. */
export function sklearnCallee(
  context: IRuleContext,
  call: SyntaxNode
): string | null {
  const resolved = resolvedCallee(context, call);
  return resolved?.imported && resolved.path.startsWith('sklearn.')
    ? resolved.path
    : null;
}

/**
 * A question whose answer is True when scikit-learn's validation of `callable` refuses the
 * value for the parameter (a name, or a position read from its signature) and takes it
 * converted by `as`: for `int`, only where no float interval would take it either (the
 * rule under which it rejects `1e7` where `10000000` was meant); for `bool`, a flag given
 * as 0 or 1.
 */
export function takenOnlyAs(
  path: string,
  param: string | number,
  literal: string,
  as: 'int' | 'bool'
): string {
  const dot = path.lastIndexOf('.');
  const callable = `__import__('importlib').import_module('${path.slice(0, dot)}').${path.slice(dot + 1)}`;
  const name =
    typeof param === 'string'
      ? `'${param}'`
      : `list(__import__('inspect').signature(f).parameters)[${param}]`;
  const noFloatInterval =
    as === 'int'
      ? ' and not __import__("builtins").any(isinstance(pv.make_constraint(c), pv.Interval)' +
        " and pv.make_constraint(c).type is not __import__('numbers').Integral for c in cs)"
      : '';
  return (
    '(lambda pv, f, v: (lambda cs: isinstance(cs, list)' +
    ' and not __import__("builtins").any(pv.make_constraint(c).is_satisfied_by(v) for c in cs)' +
    ` and __import__("builtins").any(pv.make_constraint(c).is_satisfied_by(${as}(v)) for c in cs)` +
    `${noFloatInterval})` +
    "({**getattr(f, '_skl_parameter_constraints', {}), **getattr(f, '_parameter_constraints', {})}" +
    `.get(${name})))` +
    `(__import__('sklearn.utils._param_validation', fromlist=['Interval']), ${callable}, ${literal})`
  );
}
