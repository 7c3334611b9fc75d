import type { SyntaxNode } from '@lezer/common';
import { askedMatch, defineRule } from './builders';
import { inScopeOf, receiverKind } from './receivers';
import { sklearnNotes } from './sklearn-modules';
import { readsFolds, targetNames } from './sklearn-splitter-data';
import { dottedName, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Receivers that already index by position, or are no pandas object.
const INDEXERS = new Set(['iloc', 'loc', 'iat', 'at', 'values']);

/**
 * Whether the kernel says `o` is a DataFrame or a Series and `k` one fold's indices: a
 * one-dimensional array of integers.
 */
function foldQuestion(receiver: string, key: string): string {
  return (
    "(lambda o, k, pd=__import__('pandas'), np=__import__('numpy'): " +
    'isinstance(o, (pd.DataFrame, pd.Series)) and np.ndim(k) == 1 ' +
    "and np.asarray(k).dtype.kind in 'iu')" +
    `(${receiver}, ${key})`
  );
}

/**
 * Until scikit-learn 0.16 `train_test_split` gave numpy arrays even for a DataFrame and a
 * Series, and a cross-validation loop indexed them by its folds' positions:
 * `X_train[train_index]`. Today the split keeps the pandas objects, where that key is a
 * column label (a DataFrame) or an index label (a Series). Once such a loop has failed,
 * each subscript of a name by one of its fold indices becomes `.iloc[...]`, where the
 * kernel says the name is a DataFrame or a Series, in the function's frame the failure
 * left; numpy arrays keep their subscripts.
 */
export const sklearnFoldFrameRule: IRule = defineRule(
  {
    id: 'sklearn.fold-indices-iloc',
    needs: ['for'],
    onFailureOnly: true,
    distribution: 'scikit-learn',
    since: '0.16',
    summary:
      '`train_test_split` keeps DataFrames and Series since 0.16 (it gave arrays before): fold indices index them by position, `X_train.iloc[train_index]`.',
    link: sklearnNotes('0.16'),
    raises: {
      ename: 'KeyError',
      message: /are in the \[(?:columns|index)\]|not in index/
    },
    examples: [
      {
        setup:
          "import pandas as pd\nfrom sklearn.model_selection import LeaveOneOut, train_test_split\nfrom sklearn.neighbors import KNeighborsClassifier\ndf = pd.DataFrame({'a': [1, 2, 3, 4, 5, 6, 7, 8], 'b': [8, 6, 7, 5, 4, 2, 3, 1], 'label': [0, 0, 0, 0, 1, 1, 1, 1]})\nX_train, X_test, y_train, y_test = train_test_split(df[['a', 'b']], df['label'], test_size=0.25, random_state=0)",
        before:
          'def loo_cv(X_train, y_train, clf):\n    loo = LeaveOneOut()\n    scores = []\n    for train_index, test_index in loo.split(X_train):\n        X_train_cv, X_test_cv = X_train[train_index], X_train[test_index]\n        y_train_cv, y_test_cv = y_train[train_index], y_train[test_index]\n        clf.fit(X_train_cv, y_train_cv)\n        scores.append(clf.score(X_test_cv, y_test_cv))\n    return scores\n\nprint(loo_cv(X_train, y_train, KNeighborsClassifier(n_neighbors=1)))',
        after:
          'def loo_cv(X_train, y_train, clf):\n    loo = LeaveOneOut()\n    scores = []\n    for train_index, test_index in loo.split(X_train):\n        X_train_cv, X_test_cv = X_train.iloc[train_index], X_train.iloc[test_index]\n        y_train_cv, y_test_cv = y_train.iloc[train_index], y_train.iloc[test_index]\n        clf.fit(X_train_cv, y_train_cv)\n        scores.append(clf.score(X_test_cv, y_test_cv))\n    return scores\n\nprint(loo_cv(X_train, y_train, KNeighborsClassifier(n_neighbors=1)))',
        answer: 'True'
      },
      {
        setup:
          "import pandas as pd\nfrom sklearn.model_selection import KFold\ndf = pd.DataFrame({'a': [1, 2, 3, 4, 5, 6], 'b': [6, 5, 4, 3, 2, 1]}, index=[10, 11, 12, 13, 14, 15])\nX = df[['a', 'b']]\ny = df['a'] * 2",
        before:
          'kf = KFold(n_splits=3)\nfor i, (train, test) in enumerate(kf.split(X)):\n    print(i, X[train].shape, y[test].tolist())',
        after:
          'kf = KFold(n_splits=3)\nfor i, (train, test) in enumerate(kf.split(X)):\n    print(i, X.iloc[train].shape, y.iloc[test].tolist())',
        answer: 'True'
      }
    ]
  },
  context => {
    const seen = new Set<number>();
    return context.nodes('ForStatement').flatMap(loop => {
      const targets = targetNames(context, loop);
      const body = loop.getChild('Body');
      if (targets.length !== 2 || !body || !readsFolds(context, loop)) {
        return [];
      }
      const matches: IRuleMatch[] = [];
      const cursor = body.cursor();
      do {
        const subscript = cursor.node;
        if (subscript.name !== 'MemberExpression' || seen.has(subscript.from)) {
          continue;
        }
        const match = Private.foldSubscript(context, subscript, targets);
        if (match) {
          seen.add(subscript.from);
          matches.push(match);
        }
      } while (cursor.next());
      return matches;
    });
  }
);

namespace Private {
  /**
   * The match of `name[key]` where `key` is one of the loop's fold names and `name` a
   * name or an attribute that may be a pandas object, read (not written or deleted)
   * and not through an indexer.
   */
  export function foldSubscript(
    context: IRuleContext,
    subscript: SyntaxNode,
    targets: readonly string[]
  ): IRuleMatch | null {
    const receiver = subscript.firstChild;
    const open = receiver?.nextSibling;
    const key = open?.nextSibling;
    if (
      !receiver ||
      open?.name !== '[' ||
      key?.name !== 'VariableName' ||
      key.nextSibling?.name !== ']' ||
      !targets.includes(textOf(context, key)) ||
      written(subscript)
    ) {
      return null;
    }
    const dotted = dottedName(context, receiver);
    const kind = receiverKind(context, receiver);
    if (
      dotted === null ||
      INDEXERS.has(dotted.slice(dotted.lastIndexOf('.') + 1)) ||
      kind === 'module' ||
      kind === 'literal'
    ) {
      return null;
    }
    const expression = inScopeOf(
      context,
      subscript,
      foldQuestion(dotted, textOf(context, key))
    );
    return expression === null
      ? null
      : askedMatch(
          'sklearn.fold-indices-iloc',
          subscript,
          expression,
          [{ from: receiver.to, to: receiver.to, insert: '.iloc' }],
          'Only on a DataFrame or a Series: asks the kernel.'
        );
  }

  /** Whether a subscript is assigned to, updated or deleted where it stands. */
  function written(subscript: SyntaxNode): boolean {
    let node = subscript;
    while (node.parent?.name === 'TupleExpression') {
      node = node.parent;
    }
    const parent = node.parent;
    if (parent?.name === 'DeleteStatement') {
      return true;
    }
    if (
      parent?.name !== 'AssignStatement' &&
      parent?.name !== 'UpdateStatement'
    ) {
      return false;
    }
    // The targets stand before the last operator: `a = X[train] = b` writes it too.
    const operators = [
      ...parent.getChildren('AssignOp'),
      ...parent.getChildren('UpdateOp')
    ];
    const last = operators[operators.length - 1];
    return last !== undefined && node.to <= last.from;
  }
}
