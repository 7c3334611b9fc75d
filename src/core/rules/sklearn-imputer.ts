import { defineRule, matchAt } from './builders';
import { spellName } from './bindings';
import { argsOf, callsOneOf, removeArgument } from './syntax';
import { sklearnNotes } from './sklearn-modules';
import type { IRule, ITextEdit } from './types';

const NOTE_ROWS =
  'Imputer(axis=1) filled each row from its own values when it transformed; the rewrite does that by imputing the transposed rows, and a 1-D input is one row as it was.';

/**
 * `Imputer(missing_values='NaN', axis=0)` as SimpleImputer takes it: the string 'NaN' is
 * `np.nan`, and `axis=0` (impute each column) is all SimpleImputer does. `axis=1` filled
 * each row from the row's own values at transform time, and took a 1-D input as one row:
 * that is `FunctionTransformer(lambda X: SimpleImputer(...).fit_transform(np.atleast_2d(X).T).T)`.
 */
const imputerArgs = defineRule(
  {
    id: 'sklearn.imputer-args',
    distribution: 'scikit-learn',
    since: '0.22',
    summary:
      "SimpleImputer takes missing_values=np.nan, not 'NaN', and has no axis= (it imputes columns).",
    link: sklearnNotes('0.22'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'axis'/
    },
    targets: ['sklearn.preprocessing.FunctionTransformer', 'numpy.atleast_2d'],
    examples: [
      {
        setup: 'from sklearn.impute import SimpleImputer',
        before:
          "print(SimpleImputer(missing_values='NaN', strategy='mean', axis=0).fit_transform([[1.0], [float('nan')], [3.0]]).ravel())",
        after:
          "import numpy as np\nprint(SimpleImputer(missing_values=np.nan, strategy='mean').fit_transform([[1.0], [float('nan')], [3.0]]).ravel())"
      },
      {
        setup:
          'import numpy as np\nimport pandas as pd\nfrom sklearn.impute import SimpleImputer\nages = pd.Series([20.0, np.nan, 40.0])',
        before:
          "imp = SimpleImputer(strategy='mean', axis=1)\nprint(imp.fit_transform(ages).T.ravel())",
        after:
          "from sklearn.preprocessing import FunctionTransformer\nimp = FunctionTransformer(lambda X: SimpleImputer(strategy='mean').fit_transform(np.atleast_2d(X).T).T)\nprint(imp.fit_transform(ages).T.ravel())"
      }
    ]
  },
  context =>
    context
      .nodes('CallExpression')
      .filter(call =>
        callsOneOf(context, call, ['SimpleImputer', 'Imputer'], 'sklearn')
      )
      .flatMap(call => {
        const args = argsOf(context, call);
        const valueOf = (i: number) =>
          context.source.slice(args[i].valueFrom, args[i].valueTo);
        const axis = args.findIndex(arg => arg.name === 'axis');
        const nan = args.findIndex(
          (arg, i) =>
            arg.name === 'missing_values' && /^['"]NaN['"]$/.test(valueOf(i))
        );
        if (axis < 0 && nan < 0) {
          return [];
        }
        const edits: ITextEdit[] = [];
        const np = () =>
          spellName(context, { module: 'numpy', name: 'nan', alias: 'np' });
        if (nan >= 0) {
          const spelled = np();
          edits.push({
            from: args[nan].valueFrom,
            to: args[nan].valueTo,
            insert: spelled.text,
            needs: spelled.needs
          });
        }
        const rows = axis >= 0 && valueOf(axis) === '1';
        if (axis >= 0 && (valueOf(axis) === '0' || rows)) {
          edits.push(removeArgument(context, call, axis));
        }
        if (rows) {
          const transformer = spellName(context, {
            module: 'sklearn.preprocessing',
            name: 'FunctionTransformer'
          });
          const atleast2d = spellName(context, {
            module: 'numpy',
            name: 'atleast_2d',
            alias: 'np'
          });
          edits.push(
            {
              from: call.from,
              to: call.from,
              insert: `${transformer.text}(lambda X: `,
              needs: transformer.needs
            },
            {
              from: call.to,
              to: call.to,
              insert: `.fit_transform(${atleast2d.text}(X).T).T)`,
              needs: atleast2d.needs
            }
          );
        }
        const note = axis >= 0 && !rows && valueOf(axis) !== '0';
        return [
          matchAt(
            'sklearn.imputer-args',
            call,
            edits,
            rows
              ? NOTE_ROWS
              : note
                ? 'Only axis=0 and axis=1 have a rewrite.'
                : undefined
          )
        ];
      }),
  ['Imputer']
);

/** The old Imputer's arguments, as SimpleImputer takes them. */
export const sklearnImputerRules: IRule[] = [imputerArgs];
