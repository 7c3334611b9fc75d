import { defineRule, matchAt } from './builders';
import { textOf } from './syntax';
import type { IRule } from './types';

// The fit calls of a model, in a cell's source: `model.fit(X, y)`, `model = Est().fit(X, y)`.
const FIT_CALL = String.raw`\b{name}\s*(?:=[^\n]*?)?\.fit\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\)`;

/**
 * A question naming the arrays a LinearRegression was fit on, `X,y`, or '' when the
 * kernel cannot say: the last fit of that name in the kernel's input history whose
 * arrays, fit again, give the model's own coefficients.
 */
function fitData(name: string): string {
  const pattern = FIT_CALL.replace('{name}', name);
  return (
    '(lambda ns, np, re, lr, clone: next(' +
    `(f'{a},{b}' for src in reversed(ns.get('In', [])) for a, b in reversed(re.findall(r'${pattern}', src))` +
    ` if isinstance(ns.get('${name}'), lr) and a in ns and b in ns and hasattr(ns[b], 'shape')` +
    ` and np.allclose(clone(ns['${name}']).fit(ns[a], ns[b]).coef_, ns['${name}'].coef_)), ''))` +
    "(globals(), __import__('numpy'), __import__('re')," +
    " __import__('sklearn.linear_model', fromlist=['LinearRegression']).LinearRegression," +
    " __import__('sklearn.base', fromlist=['clone']).clone)"
  );
}

/**
 * `LinearRegression.residues_` (removed in 0.20) was least squares' sum of squared
 * residuals on the training data: recomputed from the arrays the model was fit on, which
 * the kernel finds and checks by fitting them again. Left alone when it cannot.
 */
const residues = defineRule(
  {
    id: 'sklearn.linear-regression-residues',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      '`LinearRegression.residues_` was removed in 0.20: it is the sum of squared residuals on the data the model was fit on.',
    link: 'https://scikit-learn.org/stable/whats_new/v0.20.html',
    raises: {
      ename: 'AttributeError',
      message: /object has no attribute 'residues_'/
    },
    needs: ['residues_'],
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.linear_model import LinearRegression\nX = np.arange(10.0).reshape(-1, 1)\ny = np.array([1.0, 3.2, 4.9, 7.1, 9.0, 11.2, 12.8, 15.1, 17.0, 19.1])\nmodel = LinearRegression()\nmodel.fit(X, y)',
        before: 'print(round(model.residues_, 6))',
        after: 'print(round(((y - model.predict(X)) ** 2).sum(axis=0), 6))',
        answer: 'X,y'
      }
    ]
  },
  context =>
    context.nodes('PropertyName').flatMap(property => {
      const member = property.parent!;
      const owner = member.firstChild!;
      if (
        textOf(context, property) !== 'residues_' ||
        owner.name !== 'VariableName'
      ) {
        return [];
      }
      const name = textOf(context, owner);
      const match = matchAt(
        'sklearn.linear-regression-residues',
        member,
        [],
        'The sum is recomputed from the arrays the model was fit on.'
      );
      match.question = {
        expression: fitData(name),
        decide: answer => {
          const found = /^([A-Za-z_]\w*),([A-Za-z_]\w*)$/.exec(answer);
          return found
            ? [
                {
                  from: member.from,
                  to: member.to,
                  insert: `((${found[2]} - ${name}.predict(${found[1]})) ** 2).sum(axis=0)`
                }
              ]
            : null;
        }
      };
      return [match];
    })
);

/** Fitted attributes scikit-learn removed that can be recomputed. */
export const sklearnResidueRules: IRule[] = [residues];
