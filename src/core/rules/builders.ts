import type { SyntaxNode } from '@lezer/common';
import { compareVersions } from './versions';
import {
  appendArgument,
  argsOf,
  callsOneOf,
  childrenOf,
  dottedName,
  removeArgument,
  resolve,
  spellModule,
  stringValue,
  textOf
} from './syntax';
import type {
  FixKind,
  IBinding,
  IRule,
  IRuleContext,
  IRuleMatch,
  ITextEdit
} from './types';

/** What every rule states about itself; builders add the detector. */
export type IRuleInfo = Omit<IRule, 'find' | 'kind'> & {
  kind?: FixKind;
  /** Words one of which a source must contain for the detector to run (see defineRule). */
  needs?: readonly string[];
};

/** Which calls a call rule looks at. */
export interface ICallees {
  /** Callee last names (`hist` matches `plt.hist` and `ax.hist`); any call when absent. */
  callees?: readonly string[];
  /**
   * The module the callee must come from when the notebook's imports say where it does
   * (or one of them: a library's own and the copy another once vendored).
   */
  module?: string | readonly string[];
}

/**
 * A rule from its info and detector; error-repair unless said otherwise. With `needs`, the
 * detector runs only on sources that contain one of those words: a text search is far
 * cheaper than a walk over the tree, and most cells mention none of them.
 */
export function defineRule(
  info: IRuleInfo,
  find: (context: IRuleContext) => IRuleMatch[],
  needs?: readonly string[]
): IRule {
  const { needs: own, ...rule } = info;
  const words = needs ?? own;
  const detector = words
    ? (context: IRuleContext) =>
        words.some(word => context.source.includes(word)) ? find(context) : []
    : find;
  return { ...rule, kind: info.kind ?? 'error-repair', find: detector };
}

/** A match of `node` whose rewrite is `edits`. */
export function matchAt(
  ruleId: string,
  node: { from: number; to: number },
  edits: ITextEdit[],
  note?: string
): IRuleMatch {
  return { ruleId, from: node.from, to: node.to, edits, note };
}

/**
 * The edits that make a call go through a helper the notebook defines where it is first
 * needed: `helper`'s name in place of `node` (the callee, or a function passed on), and
 * the call's argument `index` gone (the keyword the helper stands for).
 */
export function throughHelper(
  context: IRuleContext,
  call: SyntaxNode,
  node: { from: number; to: number },
  helper: IBinding,
  index: number
): ITextEdit[] {
  return [
    { from: node.from, to: node.to, insert: helper.name, needs: [helper] },
    removeArgument(context, call, index)
  ];
}

/**
 * A match of `node` that asks the kernel `expression` and whose rewrite is `edits` only
 * when the answer is `expected`: none of its own, none for any other answer. Edits given
 * as a function are made when the answer comes.
 */
export function askedMatch(
  ruleId: string,
  node: { from: number; to: number },
  expression: string,
  edits: ITextEdit[] | (() => ITextEdit[] | null),
  note?: string,
  expected = 'True'
): IRuleMatch {
  return {
    ...matchAt(ruleId, node, [], note),
    question: {
      expression,
      decide: answer =>
        answer !== expected
          ? null
          : typeof edits === 'function'
            ? edits()
            : edits
    }
  };
}

/** The calls a call rule looks at. */
export function callsOf(context: IRuleContext, spec: ICallees): SyntaxNode[] {
  return context
    .nodes('CallExpression')
    .filter(
      call =>
        !spec.callees || callsOneOf(context, call, spec.callees, spec.module)
    );
}

/**
 * A keyword argument was renamed: `KFold(n_folds=3)` → `KFold(n_splits=3)`. With
 * `parameterKeys`, the name is an estimator parameter that is also spelled as a string: the
 * key of a dict unpacked into the call (`BaggingRegressor(**{'base_estimator': knn})`), and
 * a segment of a nested parameter's key in a notebook that imports one of the callees
 * (`{'base_estimator__n_neighbors': [3, 5]}` for a search, `'bag__base_estimator'`), and a
 * grid's own key in a cell of such a notebook that searches (`{'base_estimator': [None]}`).
 */
export function keywordRenamed(
  info: IRuleInfo &
    ICallees & { keyword: string; to: string; parameterKeys?: boolean }
): IRule {
  return defineRule(
    info,
    context => [
      ...callsOf(context, info).flatMap(call =>
        argsOf(context, call)
          .filter(arg => arg.name === info.keyword)
          .map(arg =>
            matchAt(info.id, arg, [
              {
                from: arg.from,
                to: arg.from + info.keyword.length,
                insert: info.to
              }
            ])
          )
      ),
      ...(info.parameterKeys ? Private.parameterKeys(context, info) : [])
    ],
    [info.keyword]
  );
}

/**
 * A keyword argument was replaced by another with a different value:
 * `error_bad_lines=False` → `on_bad_lines='skip'`. `replace` gets the value's source and
 * gives the new argument's, or null when there is no safe replacement.
 */
export function keywordReplaced(
  info: IRuleInfo &
    ICallees & { keyword: string; replace: (value: string) => string | null }
): IRule {
  return defineRule(
    info,
    context =>
      callsOf(context, info).flatMap(call =>
        argsOf(context, call)
          .filter(arg => arg.name === info.keyword)
          .flatMap(arg => {
            const insert = info.replace(
              context.source.slice(arg.valueFrom, arg.valueTo)
            );
            return insert === null
              ? []
              : [
                  matchAt(info.id, arg, [
                    { from: arg.from, to: arg.to, insert }
                  ])
                ];
          })
      ),
    [info.keyword]
  );
}

/**
 * A keyword argument was removed; dropping it keeps today's behaviour (see the note). With
 * `safe`, a search grid's entry for it (`'algorithm': ['SAMME', 'SAMME.R']`, in a cell that
 * searches over one of the callees) goes too when dropping each of its values is safe.
 */
export function keywordRemoved(
  info: IRuleInfo &
    ICallees & {
      keyword: string;
      note?: string;
      /** Whether dropping this value keeps the behaviour; others are only pointed at. */
      safe?: (value: string) => boolean;
    }
): IRule {
  return defineRule(
    info,
    context => [
      ...callsOf(context, info).flatMap(call => {
        const args = argsOf(context, call);
        const index = args.findIndex(arg => arg.name === info.keyword);
        if (index < 0) {
          return [];
        }
        const arg = args[index];
        const value = context.source.slice(arg.valueFrom, arg.valueTo);
        const safe = !info.safe || info.safe(value);
        const edits = safe ? [removeArgument(context, call, index)] : [];
        return [matchAt(info.id, arg, edits, info.note)];
      }),
      ...(info.safe ? Private.removedGridKeys(context, info) : [])
    ],
    [info.keyword]
  );
}

/** One rule made of several detectors (e.g. the import form and the attribute form). */
export function anyOf(info: IRuleInfo, parts: readonly IRule[]): IRule {
  return defineRule(info, context =>
    parts.flatMap(part =>
      part.find(context).map(match => ({ ...match, ruleId: info.id }))
    )
  );
}

/**
 * A string value was renamed: `criterion='mse'` → `criterion='squared_error'`. The value is
 * the keyword argument `keyword`, or the argument at `position` when passed positionally;
 * with `grids`, also one a search grid lists for `keyword` in a cell that searches over a
 * callee.
 */
export function valueRenamed(
  info: IRuleInfo &
    ICallees & {
      keyword?: string;
      position?: number;
      /** The new value for an old one, null when it did not change. */
      rename: (value: string) => string | null;
      /** Whether the values a search grid lists for `keyword` are renamed too. */
      grids?: boolean;
    }
): IRule {
  const keyword = info.grids ? info.keyword : undefined;
  return defineRule(
    info,
    context => [
      ...callsOf(context, info).flatMap(call => {
        const args = argsOf(context, call);
        const arg =
          args.find(
            a => info.keyword !== undefined && a.name === info.keyword
          ) ??
          (info.position !== undefined &&
          args[info.position] &&
          !args[info.position].name &&
          !args[info.position].star
            ? args[info.position]
            : undefined);
        const string = arg && Private.stringOf(context, arg.value, call);
        const edit =
          string && Private.renamedString(context, string, info.rename);
        return edit ? [matchAt(info.id, arg!, [edit])] : [];
      }),
      // The values a search grid lists for the parameter are renamed alike.
      ...(keyword
        ? Private.renamedGridValues(context, { ...info, keyword })
        : [])
    ],
    keyword
      ? [...(info.callees ?? []), keyword]
      : (info.callees ?? (info.keyword ? [info.keyword] : undefined))
  );
}

/**
 * An attribute was renamed: `search.grid_scores_` → `search.cv_results_`. With `call`,
 * only method calls match (`vec.get_feature_names()`), and `when` may look at the call.
 */
export function attributeRenamed(
  info: IRuleInfo & {
    attribute: string;
    to: string;
    call?: boolean;
    when?: (context: IRuleContext, call: SyntaxNode) => boolean;
    note?: string;
  }
): IRule {
  return defineRule(
    info,
    context =>
      context
        .nodes('PropertyName')
        .filter(property => textOf(context, property) === info.attribute)
        .flatMap(property => {
          const member = property.parent!;
          const call = member.parent;
          const called =
            call?.name === 'CallExpression' &&
            call.firstChild?.to === member.to;
          if (info.call && !called) {
            return [];
          }
          if (info.when && (!called || !info.when(context, call!))) {
            return [];
          }
          const edits = [
            { from: property.from, to: property.to, insert: info.to }
          ];
          return [matchAt(info.id, called ? call! : member, edits, info.note)];
        }),
    [info.attribute]
  );
}

/** A method was renamed; `attributeRenamed` restricted to calls. */
export function methodRenamed(
  info: Parameters<typeof attributeRenamed>[0]
): IRule {
  return attributeRenamed({ ...info, call: true });
}

/**
 * A module attribute was removed in favour of another name: `np.float` → `float`,
 * `np.float_` → `np.float64`. In `to`, `$` stands for the module as the cell spells it.
 */
export function aliasReplaced(
  info: IRuleInfo & {
    module: string;
    name: string;
    to: string;
    /** A module `to` needs, spelled `@` in it (`@.special.comb`), imported when absent. */
    importing?: { module: string; alias: string };
  }
): IRule {
  const target = `${info.module}.${info.name}`;
  const written = /^[$@][\w.]*$/.test(info.to)
    ? [
        info.to.replace(
          /^[$@]/,
          info.to[0] === '$' ? info.module : info.importing!.module
        )
      ]
    : [];
  return defineRule(
    { ...info, targets: [...(info.targets ?? []), ...written] },
    context =>
      context.nodes('MemberExpression').flatMap(member => {
        const dotted = dottedName(context, member);
        if (dotted === null || resolve(context, dotted) !== target) {
          return [];
        }
        const prefix = dotted.slice(0, dotted.lastIndexOf('.'));
        const spelled = info.importing
          ? spellModule(context, info.importing.module, info.importing.alias)
          : { name: '', edits: [] };
        const insert = info.to.replace('$', prefix).replace('@', spelled.name);
        return [
          matchAt(info.id, member, [
            ...spelled.edits,
            { from: member.from, to: member.to, insert }
          ])
        ];
      }),
    [info.name]
  );
}

/** An edit adding `name=value` to a call that does not pass `name`; none when it does. */
export function appendKeywordIfMissing(
  context: IRuleContext,
  call: SyntaxNode,
  name: string,
  value: string
): ITextEdit[] {
  return argsOf(context, call).some(arg => arg.name === name || arg.star)
    ? []
    : [appendArgument(context, call, `${name}=${value}`)];
}

/**
 * Whether the notebook is dated before a rule's change (see evidenceOf): only then is an
 * old default pinned.
 */
export function datedBefore(
  context: IRuleContext,
  rule: { distribution: string; since: string }
): boolean {
  const predates = context.evidence.predates.get(rule.distribution);
  return predates !== undefined && compareVersions(predates, rule.since) <= 0;
}

/**
 * A parameter's default changed. Where the notebook is dated before the change (see
 * evidenceOf), calls that leave the parameter out get the old default pinned, keeping
 * their arguments: `RandomForestClassifier()` → `RandomForestClassifier(n_estimators=10)`.
 */
export function defaultChanged(
  info: IRuleInfo &
    ICallees & {
      param: string;
      /** The old default as Python source, e.g. `10` or `'liblinear'`. */
      old: string;
      /** The parameter's position when it may be passed positionally. */
      position?: number;
      /** Another keyword whose string values make the parameter unused (a linear kernel's gamma). */
      unusedWith?: { param: string; values: readonly string[] };
      /**
       * Keywords of an older signature (`KFold(n_folds=5)`): a call with one is left to the
       * rules that rewrite it, which keep what it set.
       */
      olderWith?: readonly string[];
      note?: string;
    }
): IRule {
  return defineRule(
    { ...info, kind: 'score-calibration' },
    context => {
      if (!datedBefore(context, info)) {
        return [];
      }
      return callsOf(context, info).flatMap(call => {
        const args = argsOf(context, call);
        const positional = args.filter(arg => !arg.name && !arg.star).length;
        const unused = info.unusedWith;
        if (
          args.some(
            arg =>
              arg.name === info.param ||
              arg.star ||
              (arg.name !== undefined && info.olderWith?.includes(arg.name))
          ) ||
          (info.position !== undefined && positional > info.position) ||
          (unused &&
            args.some(
              arg =>
                arg.name === unused.param &&
                unused.values.includes(
                  stringValue(
                    context.source.slice(arg.valueFrom, arg.valueTo)
                  ) ?? ''
                )
            ))
        ) {
          return [];
        }
        return [
          matchAt(
            info.id,
            call,
            [appendArgument(context, call, `${info.param}=${info.old}`)],
            info.note ??
              `The notebook predates ${info.distribution} ${info.since}: pin the old default.`
          )
        ];
      });
    },
    info.callees
  );
}

namespace Private {
  /**
   * The string literal a value is: itself, or for a name (`scoring=scoring`) the literal
   * last assigned to it above the call in the same source (`scoring = 'mean_squared_error'`).
   */
  export function stringOf(
    context: IRuleContext,
    value: SyntaxNode,
    call: SyntaxNode
  ): SyntaxNode | null {
    if (value.name === 'String') {
      return value;
    }
    if (value.name !== 'VariableName') {
      return null;
    }
    const name = textOf(context, value);
    const assigned = context
      .nodes('AssignStatement')
      .filter(assign => {
        const target = assign.firstChild;
        return (
          assign.to <= call.from &&
          scopeOf(assign) === scopeOf(call) &&
          target?.name === 'VariableName' &&
          target.nextSibling?.name === 'AssignOp' &&
          textOf(context, target) === name
        );
      })
      .pop();
    return assigned?.lastChild?.name === 'String' ? assigned.lastChild : null;
  }

  /** The function a node is in, or null at the top level. */
  function scopeOf(node: SyntaxNode): number | null {
    for (let up = node.parent; up; up = up.parent) {
      if (up.name === 'FunctionDefinition' || up.name === 'LambdaExpression') {
        return up.from;
      }
    }
    return null;
  }

  /** Whether a cell searches a grid over one of `info`'s callees, which it imports. */
  function searches(context: IRuleContext, info: ICallees): boolean {
    return (
      [...context.imports.values()].some(target =>
        info.callees?.some(name => target.endsWith(`.${name}`))
      ) &&
      /\b(?:\w*SearchCV|ParameterGrid|ParameterSampler)\(/.test(context.source)
    );
  }

  /** One entry of a search grid: `'ada__algorithm': ['SAMME', 'SAMME.R']`. */
  interface IGridEntry {
    key: SyntaxNode;
    values: SyntaxNode;
    /** The listed values. */
    items: SyntaxNode[];
    /** The first node of the entry after it, or the last of the one before. */
    next?: SyntaxNode;
    previous?: SyntaxNode;
  }

  /**
   * The entries listing values of `info.keyword` (or `step__keyword`) in the dicts of a
   * cell that searches a grid over one of `info`'s callees.
   */
  function gridEntries(
    context: IRuleContext,
    info: ICallees & { keyword: string }
  ): IGridEntry[] {
    if (!searches(context, info)) {
      return [];
    }
    return context.nodes('DictionaryExpression').flatMap(dict => {
      const entries: SyntaxNode[][] = [[]];
      for (let node = dict.firstChild; node; node = node.nextSibling) {
        if (node.name === ',') {
          entries.push([]);
        } else if (node.name !== '{' && node.name !== '}') {
          entries[entries.length - 1].push(node);
        }
      }
      return entries.flatMap((entry, i): IGridEntry[] => {
        const [key, colon, values] = entry;
        const name =
          key?.name === 'String' ? stringValue(textOf(context, key)) : null;
        const items =
          values?.name === 'ArrayExpression' ||
          values?.name === 'TupleExpression'
            ? childrenOf(values).filter(c => !/^[[\](),]$/.test(c.name))
            : [];
        return entry.length === 3 &&
          colon.name === ':' &&
          name?.split('__').pop() === info.keyword &&
          items.length > 0
          ? [
              {
                key,
                values,
                items,
                next: entries[i + 1]?.[0],
                previous: entries[i - 1]?.at(-1)
              }
            ]
          : [];
      });
    });
  }

  /**
   * A search grid's entries for a removed parameter (see keywordRemoved), each dropped with
   * the comma that goes with it when every value the grid lists is safe to drop.
   */
  export function removedGridKeys(
    context: IRuleContext,
    info: ICallees & {
      id: string;
      keyword: string;
      note?: string;
      safe?: (value: string) => boolean;
    }
  ): IRuleMatch[] {
    return gridEntries(context, info)
      .filter(({ items }) =>
        items.every(item => info.safe!(textOf(context, item)))
      )
      .map(({ key, values, next, previous }) => {
        // With the comma after it; the last entry, with the comma before it.
        const span = next
          ? { from: key.from, to: next.from }
          : { from: previous ? previous.to : key.from, to: values.to };
        return matchAt(info.id, key, [{ ...span, insert: '' }], info.note);
      });
  }

  /** A search grid's renamed values of a parameter (see valueRenamed), each renamed. */
  export function renamedGridValues(
    context: IRuleContext,
    info: ICallees & {
      id: string;
      keyword: string;
      rename: (value: string) => string | null;
    }
  ): IRuleMatch[] {
    return gridEntries(context, info).flatMap(({ key, items }) => {
      const edits = items.flatMap(item => {
        const edit =
          item.name === 'String' && renamedString(context, item, info.rename);
        return edit ? [edit] : [];
      });
      return edits.length > 0 ? [matchAt(info.id, key, edits)] : [];
    });
  }

  /** The edit giving a string literal its renamed value, its quotes and prefix kept. */
  export function renamedString(
    context: IRuleContext,
    string: SyntaxNode,
    rename: (value: string) => string | null
  ): ITextEdit | null {
    const literal = textOf(context, string);
    const value = stringValue(literal);
    const renamed = value === null ? null : rename(value);
    if (renamed === null || renamed === value) {
      return null;
    }
    const quote = literal[literal.length - 1];
    const prefix = literal.slice(0, literal.indexOf(quote));
    return {
      from: string.from,
      to: string.to,
      insert: `${prefix}${quote}${renamed}${quote}`
    };
  }

  /** The dict keys that spell a renamed estimator parameter (see keywordRenamed). */
  export function parameterKeys(
    context: IRuleContext,
    info: ICallees & { id: string; keyword: string; to: string }
  ): IRuleMatch[] {
    const unpacked = new Set(
      callsOf(context, info).flatMap(call =>
        argsOf(context, call)
          .filter(arg => arg.star === '**')
          .map(arg => arg.valueFrom)
      )
    );
    const imported = [...context.imports.values()].some(target =>
      info.callees?.some(name => target.endsWith(`.${name}`))
    );
    // A cell that searches: a grid's own keys are the estimator's parameters.
    const searched = searches(context, info);
    return context.nodes('DictionaryExpression').flatMap(dict => {
      const matches: IRuleMatch[] = [];
      for (let key = dict.firstChild; key; key = key.nextSibling) {
        const value =
          key.name === 'String' && key.nextSibling?.name === ':'
            ? stringValue(textOf(context, key))
            : null;
        const segments = value?.split('__') ?? [];
        const nested = segments.length > 1 && imported;
        if (
          !segments.includes(info.keyword) ||
          !(nested || searched || unpacked.has(dict.from))
        ) {
          continue;
        }
        const renamed = segments
          .map(segment => (segment === info.keyword ? info.to : segment))
          .join('__');
        const quote = textOf(context, key).indexOf(value!);
        matches.push(
          matchAt(info.id, key, [
            {
              from: key.from + quote,
              to: key.from + quote + value!.length,
              insert: renamed
            }
          ])
        );
      }
      return matches;
    });
  }
}
