import { defineRule, matchAt } from './builders';
import { argsOf, calleeOf, stringValue, textOf } from './syntax';
import type { IRule } from './types';

// scikit-learn functions that write text to the file they are given.
const TEXT_WRITERS = ['export_graphviz'];

/**
 * `with open('tree.dot', 'wb') as f: export_graphviz(tree, out_file=f)` wrote a Python 2
 * str into a binary file; Python 3's export_graphviz writes text, so the file is opened
 * for text (`'w'`).
 */
const textFile = defineRule(
  {
    id: 'sklearn.export-text-file',
    needs: TEXT_WRITERS,
    distribution: 'python',
    since: '3.0',
    summary:
      "export_graphviz writes text in Python 3: open its file with 'w', not 'wb'.",
    link: 'https://docs.python.org/3/library/functions.html#open',
    raises: {
      ename: 'TypeError',
      message: /a bytes-like object is required, not 'str'/
    },
    examples: [
      {
        setup:
          'from sklearn.tree import DecisionTreeClassifier, export_graphviz\nimport os, tempfile\ntree = DecisionTreeClassifier(max_depth=1).fit([[0], [1]], [0, 1])\npath = os.path.join(tempfile.mkdtemp(), "tree.dot")',
        before:
          "with open(path, 'wb') as f:\n    f = export_graphviz(tree, out_file=f, feature_names=['x'])\nprint(open(path).read().startswith('digraph'))",
        after:
          "with open(path, 'w') as f:\n    f = export_graphviz(tree, out_file=f, feature_names=['x'])\nprint(open(path).read().startswith('digraph'))"
      }
    ]
  },
  context =>
    context.nodes('WithStatement').flatMap(statement => {
      const opened = statement.getChild('CallExpression');
      const as = statement.getChild('as')?.nextSibling;
      const callee = opened && calleeOf(context, opened);
      const args = opened ? argsOf(context, opened) : [];
      const mode = args.find(a => a.name === 'mode') ?? args[1];
      if (
        callee?.name !== 'open' ||
        as?.name !== 'VariableName' ||
        !mode ||
        (mode.name !== undefined && mode.name !== 'mode') ||
        stringValue(textOf(context, mode.value)) !== 'wb'
      ) {
        return [];
      }
      const file = textOf(context, as);
      const body = statement.getChild('Body');
      const writes = context
        .nodes('CallExpression')
        .filter(
          call =>
            body !== null &&
            call.from >= body.from &&
            call.to <= body.to &&
            TEXT_WRITERS.includes(calleeOf(context, call)?.name ?? '') &&
            argsOf(context, call).some(
              a => a.name === 'out_file' && textOf(context, a.value) === file
            )
        );
      if (writes.length === 0) {
        return [];
      }
      const literal = textOf(context, mode.value);
      return [
        matchAt('sklearn.export-text-file', mode.value, [
          {
            from: mode.value.from,
            to: mode.value.to,
            insert: literal.replace('wb', 'w')
          }
        ])
      ];
    })
);

/** Files that scikit-learn writes. */
export const sklearnIoRules: IRule[] = [textFile];
