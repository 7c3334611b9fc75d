import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { pandasNotes } from './pandas-api';
import { subscriptKeys } from './pandas-ix';
import { inScopeOf, readsOnly, receiverKind } from './receivers';
import { indentAt, statementOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';
import { inFunction } from './numpy-shapes';

// Indexers whose `[rows, column]` names the column written to.
const LABEL_INDEXERS = new Set(['loc', 'at']);
// Indexers of a Series written to in place.
const SERIES_INDEXERS = new Set(['loc', 'iloc']);

/** The frame's type and the dtypes of the columns a key selects: `DataFrame|str|int64`. */
function columnsQuestion(frame: string, column: string): string {
  return (
    "(lambda f, c: '|'.join([type(f).__name__] + (lambda s: [str(t) for t in s.dtypes] " +
    "if type(s).__name__ == 'DataFrame' else [str(s.dtype)])(f[c])))" +
    `(${frame}, ${column})`
  );
}

/** `s == 'x'`, `~m`, `(a > 0) & b`: a boolean key as written. */
export function isMask(
  context: IRuleContext,
  key: SyntaxNode | null | undefined
): boolean {
  if (key?.name === 'ParenthesizedExpression') {
    return isMask(context, key.firstChild?.nextSibling);
  }
  const op = key?.firstChild?.nextSibling;
  return (
    (key?.name === 'BinaryExpression' &&
      (op?.name === 'CompareOp' || op?.name === 'BitOp')) ||
    (key?.name === 'UnaryExpression' && key.firstChild?.name === 'BitOp')
  );
}

/**
 * `df.loc[rows, 'c'] = 0` on a text column: its 'str' dtype (pandas 3.0) takes only
 * strings, where the old object column took anything. The column is made an object
 * column first, which it was before; asked of the kernel.
 */
export const pandasStrSetitemRule: IRule = defineRule(
  {
    id: 'pandas.str-setitem',
    needs: ['.loc', '.at', '.iloc', ']'],
    distribution: 'pandas',
    since: '3.0.0',
    summary:
      "A text column has the 'str' dtype in pandas 3.0 and takes only strings: make it an object column (as it was) before writing numbers into it.",
    link: pandasNotes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /^Invalid value '.*' for dtype '?str'?/s
    },
    examples: [
      {
        setup:
          "import pandas as pd\ndf = pd.DataFrame({'Sex': ['male', 'female', 'male'], 'Age': [22, 38, 26]})",
        before:
          "df.loc[df['Sex'] == 'male', 'Sex'] = 0\ndf.loc[df['Sex'] == 'female', 'Sex'] = 1\nprint(df['Sex'].astype(int).sum())",
        after:
          "df['Sex'] = df['Sex'].astype(object)\ndf.loc[df['Sex'] == 'male', 'Sex'] = 0\ndf.loc[df['Sex'] == 'female', 'Sex'] = 1\nprint(df['Sex'].astype(int).sum())",
        answer: 'DataFrame|str'
      },
      {
        setup:
          "import pandas as pd\ntrain = pd.DataFrame({'Embarked': ['S', None, 'C']})",
        before:
          "for i, port in enumerate(['S', 'C']):\n    train.loc[train['Embarked'] == port, 'Embarked'] = i\nprint(train['Embarked'].tolist())",
        after:
          "for i, port in enumerate(['S', 'C']):\n    train['Embarked'] = train['Embarked'].astype(object)\n    train.loc[train['Embarked'] == port, 'Embarked'] = i\nprint(train['Embarked'].tolist())",
        answer: 'DataFrame|str'
      },
      {
        setup: "import pandas as pd\nsex = pd.Series(['male', 'female'])",
        before:
          "sex[sex == 'male'] = 0\nsex.loc[sex == 'female'] = 1\nprint(sex.sum())",
        after:
          "sex = sex.astype(object)\nsex[sex == 'male'] = 0\nsex.loc[sex == 'female'] = 1\nprint(sex.sum())",
        answer: 'Series|str'
      }
    ]
  },
  context => {
    const seen = new Set<string>();
    return context.nodes('AssignStatement').flatMap(statement => {
      const target = statement.firstChild;
      const value = statement.lastChild;
      const written =
        target?.name === 'MemberExpression' && value && value.from > target.to
          ? Private.writtenColumn(context, target)
          : null;
      // A string is taken; a column cast above (or by this statement) is an object column.
      if (
        !written ||
        value!.name === 'String' ||
        textOf(context, value!).endsWith('.astype(object)') ||
        context.source.slice(0, statement.from).includes(written.cast) ||
        seen.has(written.cast)
      ) {
        return [];
      }
      const expression = inScopeOf(context, statement, written.question);
      if (!expression) {
        return [];
      }
      seen.add(written.cast);
      const edit = Private.castBefore(context, statement, written.cast);
      const match: IRuleMatch = matchAt(
        'pandas.str-setitem',
        target!,
        [],
        'Only on a text column: asks the kernel.'
      );
      match.question = {
        expression,
        decide: answer => {
          const [type, ...dtypes] = answer.split('|');
          return type === written.type && dtypes.includes('str')
            ? [edit]
            : null;
        }
      };
      return [match];
    });
  }
);

/** The rules for writing into text columns (pandas 3.0). */
export const pandasStrSetitemRules: IRule[] = [pandasStrSetitemRule];

namespace Private {
  /** What a write goes to: the cast that makes it an object column, and the question. */
  export interface IWritten {
    /** `df['c'] = df['c'].astype(object)`. */
    cast: string;
    question: string;
    /** The type the kernel must confirm. */
    type: 'DataFrame' | 'Series';
  }

  /**
   * The column `df.loc[rows, 'c'] = v` and `df.at[i, c] = v` write to, or the Series
   * `s[mask] = v` and `s.loc[mask] = v` write to at module level (inside a function
   * rebinding a parameter would not reach the caller's Series).
   */
  export function writtenColumn(
    context: IRuleContext,
    target: SyntaxNode
  ): IWritten | null {
    const indexed = target.firstChild;
    if (!target.getChild('[') || !indexed) {
      return null;
    }
    const indexer =
      indexed.name === 'MemberExpression' &&
      indexed.lastChild?.name === 'PropertyName'
        ? textOf(context, indexed.lastChild)
        : null;
    const owner = indexer ? indexed.firstChild : indexed;
    if (
      !owner ||
      !readsOnly(owner) ||
      receiverKind(context, owner) !== 'unknown'
    ) {
      return null;
    }
    const frame = textOf(context, owner);
    const keys = subscriptKeys(context, target);
    if (indexer && LABEL_INDEXERS.has(indexer) && keys.length === 2) {
      const column = target.getChildren(',')[0]?.nextSibling;
      if (!column || !readsOnly(column) || keys[1].includes(':')) {
        return null;
      }
      const key = keys[1];
      return {
        cast: `${frame}[${key}] = ${frame}[${key}].astype(object)`,
        question: columnsQuestion(frame, key),
        type: 'DataFrame'
      };
    }
    // `df['c'] = v` makes a column: without an indexer only a mask or a position is a write.
    const key = target.getChild('[')?.nextSibling;
    const series =
      owner.name === 'VariableName' &&
      keys.length === 1 &&
      key?.nextSibling?.name === ']' &&
      (indexer
        ? SERIES_INDEXERS.has(indexer)
        : key?.name === 'Number' || isMask(context, key)) &&
      !inFunction(target);
    return series
      ? {
          cast: `${frame} = ${frame}.astype(object)`,
          question: `(lambda s: type(s).__name__ + '|' + str(getattr(s, 'dtype', '')))(${frame})`,
          type: 'Series'
        }
      : null;
  }

  /** The cast on a line of its own above the statement, or before it on its line. */
  export function castBefore(
    context: IRuleContext,
    assignment: SyntaxNode,
    cast: string
  ): ITextEdit {
    const statement = statementOf(assignment);
    const indent = indentAt(context.source, statement.from);
    const lineStart = context.source.lastIndexOf('\n', statement.from - 1) + 1;
    const alone = context.source.slice(lineStart, statement.from) === indent;
    return {
      from: statement.from,
      to: statement.from,
      insert: alone ? `${cast}\n${indent}` : `${cast}; `
    };
  }
}
