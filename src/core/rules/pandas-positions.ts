import { defineRule } from './builders';
import { PANDAS_SETUP, pandasNotes } from './pandas-api';
import { onReceiver } from './receivers';
import { argsOf, calleeOf } from './syntax';
import type { IRule } from './types';

/** A removed positional accessor method and the indexer that replaces it. */
interface IPositional {
  /** Arguments it took, all positional. */
  arity: number;
  /** The receiver types it was a method of with that many arguments. */
  types: readonly string[];
  /** The indexer, with `$` for the arguments: `iloc[:, $]`. */
  to: string;
}

const POSITIONAL = new Map<string, readonly IPositional[]>([
  ['irow', [{ arity: 1, types: ['DataFrame', 'Series'], to: 'iloc[$]' }]],
  ['icol', [{ arity: 1, types: ['DataFrame'], to: 'iloc[:, $]' }]],
  ['iget', [{ arity: 1, types: ['Series'], to: 'iloc[$]' }]],
  [
    'iget_value',
    [
      { arity: 1, types: ['Series'], to: 'iloc[$]' },
      { arity: 2, types: ['DataFrame'], to: 'iat[$]' }
    ]
  ]
]);

// No other library's objects had these methods: in a notebook that imports pandas and
// defines none of them, the call is pandas'. `iget` is a plainer name: the kernel is asked.
const PANDAS_ONLY = new Set(['irow', 'icol', 'iget_value']);

/** pandas' positional accessor methods, removed in 0.20 for `.iloc` and `.iat`. */
export const pandasPositionalRule: IRule = defineRule(
  {
    id: 'pandas.positional-methods',
    needs: ['.irow(', '.icol(', '.iget'],
    distribution: 'pandas',
    since: '0.20.0',
    summary:
      '`irow`, `icol`, `iget` and `iget_value` were removed in pandas 0.20: use `.iloc[i]`, `.iloc[:, i]` or `.iat[i, j]`.',
    link: pandasNotes('0.20.0'),
    raises: {
      ename: 'AttributeError',
      message: /has no attribute '(irow|icol|iget|iget_value)'/
    },
    examples: [
      {
        setup: PANDAS_SETUP,
        before: "print(df[df.a > 1]['a'].irow(0))",
        after: "print(df[df.a > 1]['a'].iloc[0])"
      },
      {
        setup: PANDAS_SETUP,
        before: 'print(df.icol(1).tolist(), df.irow(2).tolist())',
        after: 'print(df.iloc[:, 1].tolist(), df.iloc[2].tolist())'
      },
      {
        setup: PANDAS_SETUP,
        before: 'print(df.iget_value(0, 1))',
        after: 'print(df.iat[0, 1])'
      },
      {
        setup: `${PANDAS_SETUP}\ns = df['a']`,
        before: 'print(s.iget(1) + s.iget_value(2))',
        after: 'print(s.iloc[1] + s.iloc[2])',
        answer: 'Series'
      }
    ]
  },
  context => {
    const pandas = [...context.imports.values()].some(
      module => module.split('.')[0] === 'pandas'
    );
    return context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const forms = callee && POSITIONAL.get(callee.name);
      if (!forms || callee.node.name !== 'MemberExpression') {
        return [];
      }
      const args = argsOf(context, call);
      const form = forms.find(f => f.arity === args.length);
      if (!form || args.some(arg => arg.name || arg.star)) {
        return [];
      }
      const inside = args
        .map(arg => context.source.slice(arg.from, arg.to))
        .join(', ');
      const property = callee.node.lastChild!;
      return onReceiver(context, 'pandas.positional-methods', {
        node: call,
        owner: callee.node.firstChild!,
        types: form.types,
        edits: [
          {
            from: property.from,
            to: call.to,
            insert: form.to.replace('$', () => inside)
          }
        ],
        certain:
          pandas &&
          PANDAS_ONLY.has(callee.name) &&
          !context.defined.has(callee.name)
      });
    });
  }
);

/** pandas rules over the removed positional accessors. */
export const pandasPositionalRules: IRule[] = [pandasPositionalRule];
