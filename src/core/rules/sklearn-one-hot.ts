import { callsOf, defineRule, matchAt } from './builders';
import { spellName } from './bindings';
import { sklearnInfo as info } from './sklearn-info';
import { argsOf, removeArgument } from './syntax';
import type { IRule, IRuleMatch, ITextEdit } from './types';

const ALL = /^(['"])all\1$/;

/**
 * `OneHotEncoder(categorical_features=[0])` (removed in 0.22): the encoder encoded those
 * columns and passed the others through after them, as a ColumnTransformer does with
 * `remainder='passthrough'`. Its output was sparse unless `sparse=False`: a threshold of 1
 * keeps the stacked result sparse (0 keeps it dense). `categorical_features='all'` was the
 * default and just goes.
 */
const categoricalFeatures = defineRule(
  {
    ...info(
      'one-hot-categorical-features',
      '0.22',
      '`OneHotEncoder(categorical_features=cols)` was removed in 0.22: a ColumnTransformer one-hot encodes those columns and passes the rest through after them, as the encoder did (sparse unless `sparse=False`).'
    ),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'categorical_features'/
    },
    targets: ['sklearn.compose.ColumnTransformer'],
    examples: [
      {
        setup:
          'import numpy as np\nX = np.array([[0, 1.5], [2, 3.0], [1, 0.5]])',
        before:
          'from sklearn.preprocessing import OneHotEncoder\nenc = OneHotEncoder(categorical_features=[0])\nprint(enc.fit_transform(X).toarray())',
        after:
          "from sklearn.preprocessing import OneHotEncoder\nfrom sklearn.compose import ColumnTransformer\nenc = ColumnTransformer([('onehot', OneHotEncoder(), [0])], remainder='passthrough', sparse_threshold=1)\nprint(enc.fit_transform(X).toarray())"
      },
      {
        setup:
          'import numpy as np\nX = np.array([[1.5, 0], [3.0, 2], [0.5, 1]])',
        before:
          'from sklearn import preprocessing\nenc = preprocessing.OneHotEncoder(categorical_features=[False, True], sparse=False)\nprint(enc.fit_transform(X))',
        after:
          "from sklearn import preprocessing\nfrom sklearn.compose import ColumnTransformer\nenc = ColumnTransformer([('onehot', preprocessing.OneHotEncoder(sparse_output=False), [False, True])], remainder='passthrough', sparse_threshold=0)\nprint(enc.fit_transform(X))"
      }
    ]
  },
  context =>
    callsOf(context, {
      callees: ['OneHotEncoder'],
      module: 'sklearn.preprocessing'
    }).flatMap((call): IRuleMatch[] => {
      const args = argsOf(context, call);
      const index = args.findIndex(arg => arg.name === 'categorical_features');
      if (index < 0) {
        return [];
      }
      const id = 'sklearn.one-hot-categorical-features';
      const text = (i: number) =>
        context.source.slice(args[i].valueFrom, args[i].valueTo);
      const columns = text(index);
      const drop = removeArgument(context, call, index);
      if (ALL.test(columns)) {
        return [matchAt(id, args[index], [drop])];
      }
      // The old positions (n_values, categorical_features, ...) or **kwargs: only pointed at.
      if (args.some(arg => !arg.name || arg.star)) {
        return [matchAt(id, args[index], [])];
      }
      const sparseAt = args.findIndex(arg => arg.name === 'sparse');
      const sparse = sparseAt < 0 ? 'True' : text(sparseAt);
      const threshold =
        sparse === 'True'
          ? '1'
          : sparse === 'False'
            ? '0'
            : `1 if ${sparse} else 0`;
      const ct = spellName(context, {
        module: 'sklearn.compose',
        name: 'ColumnTransformer'
      });
      const edits: ITextEdit[] = [
        {
          from: call.from,
          to: call.from,
          insert: `${ct.text}([('onehot', `,
          needs: ct.needs
        },
        drop,
        {
          from: call.to,
          to: call.to,
          insert: `, ${columns})], remainder='passthrough', sparse_threshold=${threshold})`
        }
      ];
      if (sparseAt >= 0) {
        const from = args[sparseAt].from;
        edits.push({
          from,
          to: from + 'sparse'.length,
          insert: 'sparse_output'
        });
      }
      return [matchAt(id, args[index], edits)];
    }),
  ['categorical_features']
);

/** The one-hot encoder's removed column selection. */
export const sklearnOneHotRules: IRule[] = [categoricalFeatures];
