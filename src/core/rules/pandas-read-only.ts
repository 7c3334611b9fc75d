import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { appendArgument, argsOf, calleeOf, childrenOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const ID = 'pandas.values-read-only';
/** numpy's refusal to write into a read-only array, by how it was writing. */
export const READ_ONLY =
  /^(?:assignment destination|(?:sort |put: output |output )?array) is read-only/;
// A line that writes into an array in place: `a[...] = v`, `a[...] += v`, `a += v`,
// `a.sort()` (or fill, put), `np.random.shuffle(a)`. The name is the array's.
const IN_PLACE = [
  /^\s*([A-Za-z_]\w*)\s*\[.*\]\s*(?:[-+*/%&|^@]|\/\/|\*\*|<<|>>)?=(?!=)/,
  /^\s*([A-Za-z_]\w*)\s*(?:[-+*/%&|^@]|\/\/|\*\*|<<|>>)=/,
  /^\s*([A-Za-z_]\w*)\.(?:sort|fill|put)\(/,
  /\bshuffle\(\s*([A-Za-z_]\w*)\s*\)/
];

/** The names a source writes into in place, line by line (see IN_PLACE). */
export function writtenInPlace(source: string): Set<string> {
  const names = new Set<string>();
  for (const line of source.split('\n')) {
    for (const pattern of IN_PLACE) {
      const name = pattern.exec(line)?.[1];
      if (name) {
        names.add(name);
      }
    }
  }
  return names;
}

/**
 * `depth = data['Depth'].values`, then `depth[mask] = ...`: under Copy-on-Write (pandas
 * 3.0) `.values` and `.to_numpy()` of a column are read-only views of the frame's data, and
 * numpy refuses the write. Once it has, each array of the cell made so and written in
 * place somewhere in the notebook is made a copy, `.to_numpy(copy=True)`: what it holds is
 * the same, and the frame, which the old view let the write change, no longer shares it
 * with anything that could (diagnosis sends the failure here from the cell that writes).
 */
export const pandasReadOnlyRules: IRule[] = [
  defineRule(
    {
      id: ID,
      needs: ['values', 'to_numpy'],
      onFailureOnly: true,
      distribution: 'pandas',
      since: '3.0.0',
      summary:
        '`.values` and `.to_numpy()` are read-only views under Copy-on-Write (pandas 3.0): an array written in place is made with `.to_numpy(copy=True)`.',
      link: pandasNotes('3.0.0'),
      raises: { ename: 'ValueError', message: READ_ONLY },
      examples: [
        {
          setup:
            "import pandas as pd\ndata = pd.DataFrame({'Depth': [3.0, 1.0, 2.0]})",
          before:
            "depth = data['Depth'].values\ndepth[depth > 2] = 0.0\nprint(depth.tolist())",
          after:
            "depth = data['Depth'].to_numpy(copy=True)\ndepth[depth > 2] = 0.0\nprint(depth.tolist())"
        },
        {
          setup:
            "import pandas as pd\ndf = pd.DataFrame({'x': [1.0, 2.0, 3.0], 'y': [2, 0, 1]})",
          before:
            'X, y = df[["x"]].values, df.y.to_numpy()\ny.sort()\nprint(y.tolist())',
          after:
            'X, y = df[["x"]].values, df.y.to_numpy(copy=True)\ny.sort()\nprint(y.tolist())'
        }
      ]
    },
    context => {
      const written = new Set(
        (context.cells ?? [{ source: context.source }]).flatMap(cell => [
          ...writtenInPlace(cell.source)
        ])
      );
      return context.nodes('AssignStatement').flatMap(assign =>
        Private.pairs(assign)
          .filter(([target]) => written.has(textOf(context, target)))
          .flatMap(([, value]) => Private.copied(context, value))
      );
    }
  )
];

namespace Private {
  /**
   * The names an assignment binds and the value each gets: `a = v`, or `a, b = v, w`
   * item by item (the tree lists both sides flat around the `=`); nothing for any other form.
   */
  export function pairs(assign: SyntaxNode): [SyntaxNode, SyntaxNode][] {
    const children = childrenOf(assign).filter(child => child.name !== ',');
    const at = children.findIndex(child => child.name === 'AssignOp');
    const names = children.slice(0, at);
    const values = children.slice(at + 1);
    return at > 0 &&
      assign.getChildren('AssignOp').length === 1 &&
      names.length === values.length &&
      names.every(name => name.name === 'VariableName')
      ? names.map((name, i) => [name, values[i]])
      : [];
  }

  /** `x.values` or `x.to_numpy()` made a copy, `x.to_numpy(copy=True)`; else nothing. */
  export function copied(
    context: IRuleContext,
    value: SyntaxNode
  ): IRuleMatch[] {
    const property = value.lastChild;
    if (
      value.name === 'MemberExpression' &&
      property?.name === 'PropertyName' &&
      textOf(context, property) === 'values'
    ) {
      return [
        matchAt(ID, value, [
          {
            from: property.from,
            to: property.to,
            insert: 'to_numpy(copy=True)'
          }
        ])
      ];
    }
    const callee = calleeOf(context, value);
    return callee?.node.name === 'MemberExpression' &&
      callee.name === 'to_numpy' &&
      argsOf(context, value).length === 0
      ? [matchAt(ID, value, [appendArgument(context, value, 'copy=True')])]
      : [];
  }
}
