import { keywordRenamed } from './builders';
import { nameMoved } from './builders-imports';
import { cannotImport, sklearnInfo as info, unexpected } from './sklearn-info';
import type { IRule } from './types';

// Example setup: twelve samples in four groups.
const GROUPS =
  'import numpy as np\nX = np.arange(24.0).reshape(12, 2)\ny = np.array([0, 1] * 6)\ngroups = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]';

/**
 * The splitters that keep groups of samples together were `Label…` until 0.18, which
 * named them `Group…` and their `labels` `groups`.
 */
const RENAMED: readonly (readonly [string, string, string, string])[] = [
  [
    'label-k-fold',
    'LabelKFold',
    'GroupKFold',
    'print([len(test) for _, test in LabelKFold(n_splits=3).split(X, y, groups)])'
  ],
  [
    'label-shuffle-split',
    'LabelShuffleSplit',
    'GroupShuffleSplit',
    'print(LabelShuffleSplit(n_splits=4, test_size=0.25, random_state=0).get_n_splits())'
  ],
  [
    'leave-p-label-out',
    'LeavePLabelOut',
    'LeavePGroupsOut',
    'print(LeavePLabelOut(n_groups=2).get_n_splits(X, y, groups))'
  ],
  [
    'leave-one-label-out',
    'LeaveOneLabelOut',
    'LeaveOneGroupOut',
    'print(LeaveOneLabelOut().get_n_splits(X, y, groups))'
  ]
];

/** scikit-learn's group splitters under their old names, and their old `labels=`. */
export const sklearnGroupSplitterRules: IRule[] = [
  ...RENAMED.map(([id, name, toName, use]) =>
    nameMoved({
      ...info(
        id,
        '0.18',
        `\`${name}\` is \`${toName}\` since scikit-learn 0.18 (labels became groups).`
      ),
      raises: cannotImport(name),
      module: 'sklearn.model_selection',
      name,
      to: 'sklearn.model_selection',
      toName,
      examples: [
        {
          setup: GROUPS,
          before: `from sklearn.model_selection import ${name}\n${use}`,
          after: `from sklearn.model_selection import ${toName}\n${use.replace(name, toName)}`
        }
      ]
    })
  ),
  keywordRenamed({
    ...info(
      'labels-groups',
      '0.18',
      "The samples' groups are `groups=` since scikit-learn 0.18, not `labels=`."
    ),
    raises: unexpected('labels'),
    callees: [
      'split',
      'get_n_splits',
      'cross_val_score',
      'cross_val_predict',
      'cross_validate',
      'learning_curve',
      'validation_curve',
      'permutation_test_score'
    ],
    module: 'sklearn',
    keyword: 'labels',
    to: 'groups',
    examples: [
      {
        setup: `${GROUPS}\nfrom sklearn.model_selection import GroupKFold`,
        before:
          'print([len(test) for _, test in GroupKFold(n_splits=2).split(X, labels=groups)])',
        after:
          'print([len(test) for _, test in GroupKFold(n_splits=2).split(X, groups=groups)])'
      }
    ]
  })
];
