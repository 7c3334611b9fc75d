import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { subscriptKeys } from './pandas-ix';
import { isMask } from './pandas-str-setitem';
import { inScopeOf, receiverKind } from './receivers';
import { calleeOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

// Methods whose result is a boolean Series: a key made by one selects rows by truth.
const MASKS = new Set([
  'isnull',
  'isna',
  'notnull',
  'notna',
  'isin',
  'between',
  'duplicated'
]);

// A frame's own accessors: a write through one of them is no chained write of a column.
const ACCESSORS = new Set(['loc', 'iloc', 'at', 'iat', 'ix', 'values', 'T']);

/** A column of a frame written through, `df['c'][rows]` or `df.c[rows]`, as spelled. */
interface IChain {
  frame: SyntaxNode;
  /** The column's key as `.loc` takes it: `'c'` for `df.c`. */
  column: string;
  /** A Python test, on the frame `f`, that the chain's column is one of its columns. */
  isColumn: string;
  rows: SyntaxNode;
}

/**
 * `df['c'][rows] = v` and `df.c[rows] = v`: under Copy-on-Write (pandas 3.0) the column is
 * a copy, so the write changes nothing (pandas only warns). One `df.loc[rows, 'c'] = v`
 * writes into the frame as the chain did. Asked of the kernel before the cell runs: only
 * a DataFrame's own column (a dict of lists takes the chain as it is), and a row key that
 * may be an integer only where the index holds integers (on other labels the old Series
 * read an integer as a position). A slice other than `:` was positional on a Series and
 * is inclusive on `.loc`: it is left alone.
 */
export const pandasChainedSetitemRule: IRule = defineRule(
  {
    id: 'pandas.chained-setitem',
    needs: ['['],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "`df['c'][rows] = v` writes into a copy under Copy-on-Write (pandas 3.0) and changes nothing: write through `df.loc[rows, 'c']`.",
    link: pandasNotes('3.0.0'),
    examples: [
      {
        setup:
          "import pandas as pd\ndfResults = pd.DataFrame({'OLS': [0.0, 0.0], 'Ridge': [0.0, 0.0]}, index=['beta0', 'beta1'])",
        before:
          "dfResults['OLS'][:] = [1.5, 2.5]\nprint(dfResults['OLS'].tolist())",
        after:
          "dfResults.loc[:, 'OLS'] = [1.5, 2.5]\nprint(dfResults['OLS'].tolist())",
        answer: 'DataFrame|string|True'
      },
      {
        setup:
          "import pandas as pd\ntitanic = pd.DataFrame({'Age': [22.0, None, 26.0], 'Fare': [7.25, None, 8.05]})",
        before:
          "titanic['Age'][titanic['Age'].isnull()] = 28\ntitanic.Fare[titanic.Fare.isnull()] = 0\nprint(titanic.sum().tolist())",
        after:
          "titanic.loc[titanic['Age'].isnull(), 'Age'] = 28\ntitanic.loc[titanic.Fare.isnull(), 'Fare'] = 0\nprint(titanic.sum().tolist())",
        answer: 'DataFrame|integer|True'
      },
      {
        setup: "import pandas as pd\ndata = pd.DataFrame({'score': [3, 5, 8]})",
        before:
          "for i in range(len(data)):\n    data['score'][i] += 1\nprint(data['score'].tolist())",
        after:
          "for i in range(len(data)):\n    data.loc[i, 'score'] += 1\nprint(data['score'].tolist())",
        answer: 'DataFrame|integer|True'
      }
    ]
  },
  context =>
    context
      .nodes('AssignStatement')
      .concat(context.nodes('UpdateStatement'))
      .flatMap((statement): IRuleMatch[] => {
        const target = statement.firstChild;
        const chain =
          target?.name === 'MemberExpression' &&
          statement.getChildren('AssignOp').length <= 1
            ? Private.chainOf(context, target)
            : null;
        const rows = chain && Private.rowsKind(context, chain.rows);
        if (!chain || !rows || rows === 'slice') {
          return [];
        }
        const frame = textOf(context, chain.frame);
        const question = inScopeOf(
          context,
          statement,
          "(lambda f, pd=__import__('pandas'): '|'.join([type(f).__name__, " +
            'f.index.inferred_type if isinstance(f, pd.DataFrame) else "", ' +
            `str(isinstance(f, pd.DataFrame) and ${chain.isColumn})]))(${frame})`
        );
        if (!question) {
          return [];
        }
        const written = `${frame}.loc[${textOf(context, chain.rows)}, ${chain.column}]`;
        const match = matchAt(
          'pandas.chained-setitem',
          target!,
          [],
          "Only a DataFrame's column: asks the kernel."
        );
        match.question = {
          expression: question,
          decide: answer => {
            const [type, index, isColumn] = answer.split('|');
            return type === 'DataFrame' &&
              isColumn === 'True' &&
              (rows !== 'maybe-integer' || index === 'integer')
              ? [{ from: target!.from, to: target!.to, insert: written }]
              : null;
          }
        };
        return [match];
      })
);

/** The rules for writing through a column under Copy-on-Write (pandas 3.0). */
export const pandasChainedSetitemRules: IRule[] = [pandasChainedSetitemRule];

namespace Private {
  /** The chain a write's target is: a frame's column, then one key of rows; else null. */
  export function chainOf(
    context: IRuleContext,
    target: SyntaxNode
  ): IChain | null {
    const column = target.firstChild;
    const rows = target.getChild('[')?.nextSibling;
    if (
      !column ||
      !rows ||
      rows.nextSibling?.name !== ']' ||
      subscriptKeys(context, target).length !== 1 ||
      column.name !== 'MemberExpression'
    ) {
      return null;
    }
    const frame = column.firstChild;
    if (
      frame?.name !== 'VariableName' ||
      receiverKind(context, frame) !== 'unknown'
    ) {
      return null;
    }
    const property = column.lastChild;
    if (property?.name === 'PropertyName') {
      // `df.c` is the column only where no DataFrame attribute has that name.
      const name = textOf(context, property);
      if (ACCESSORS.has(name)) {
        return null;
      }
      return {
        frame,
        column: `'${name}'`,
        isColumn: `'${name}' in f.columns and not hasattr(pd.DataFrame, '${name}')`,
        rows
      };
    }
    const key = column.getChild('[')?.nextSibling;
    if (
      !key ||
      key.nextSibling?.name !== ']' ||
      (key.name !== 'String' && key.name !== 'VariableName')
    ) {
      return null;
    }
    const text = textOf(context, key);
    // A name may be bound only by the cell itself, after the question is asked.
    return {
      frame,
      column: text,
      isColumn: key.name === 'String' ? `${text} in f.columns` : 'True',
      rows
    };
  }

  /**
   * How a row key reads: every row (`:`), a mask or a label (the same on `.loc`), another
   * slice (positional on the old Series: left alone), or a key that may be an integer.
   */
  export function rowsKind(
    context: IRuleContext,
    rows: SyntaxNode
  ): 'all' | 'mask' | 'label' | 'slice' | 'maybe-integer' {
    const text = textOf(context, rows).replace(/\s/g, '');
    if (text === ':' || text === '::') {
      return 'all';
    }
    if (rows.name === 'SliceExpression' || text.includes(':')) {
      return 'slice';
    }
    if (rows.name === 'String') {
      return 'label';
    }
    const callee =
      rows.name === 'CallExpression' ? calleeOf(context, rows) : null;
    return isMask(context, rows) || (callee && MASKS.has(callee.name))
      ? 'mask'
      : 'maybe-integer';
  }
}
