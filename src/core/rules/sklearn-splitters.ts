import type { SyntaxNode } from '@lezer/common';
import { readsFolds, splitData } from './sklearn-splitter-data';
import { defineRule, matchAt } from './builders';
import { sklearnGroupSplitterRules } from './sklearn-group-splitters';
import { sklearnNotes } from './sklearn-modules';
import {
  argsOf,
  calleeOf,
  dottedName,
  removeArgument,
  resolve,
  textOf,
  type IArgument
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

/**
 * The cross-validation splitters of `sklearn.cross_validation` (removed in 0.20) as data:
 * each took the data's size or labels first and was iterated directly; today's takes
 * only its own parameters and is iterated through `.split(X, y)`.
 */
interface ISplitter {
  /**
   * What the old first argument was: the number of samples, the labels `y`, or the
   * samples' groups (the `Label…` splitters' labels, `groups=` of `.split` today).
   */
  first: 'n' | 'y' | 'groups';
  /** The old parameters after the first, in order (for positional uses). */
  params: readonly string[];
  /** Old keywords renamed: `n_folds` → `n_splits`. */
  renamed: Readonly<Record<string, string>>;
  /** The new call's argument when the old call relied on an old default (3 folds). */
  oldDefault?: string;
  /** Whether `.split` needs the labels (stratified splitters). */
  stratified: boolean;
}

const SPLITTERS: Readonly<Record<string, ISplitter>> = {
  KFold: {
    first: 'n',
    params: ['n_folds', 'shuffle', 'random_state'],
    renamed: { n_folds: 'n_splits' },
    oldDefault: 'n_splits=3',
    stratified: false
  },
  StratifiedKFold: {
    first: 'y',
    params: ['n_folds', 'shuffle', 'random_state'],
    renamed: { n_folds: 'n_splits' },
    oldDefault: 'n_splits=3',
    stratified: true
  },
  ShuffleSplit: {
    first: 'n',
    params: ['n_iter', 'test_size', 'train_size', 'random_state'],
    renamed: { n_iter: 'n_splits' },
    stratified: false
  },
  StratifiedShuffleSplit: {
    first: 'y',
    params: ['n_iter', 'test_size', 'train_size', 'random_state'],
    renamed: { n_iter: 'n_splits' },
    stratified: true
  },
  LeaveOneOut: { first: 'n', params: [], renamed: {}, stratified: false },
  LeavePOut: { first: 'n', params: ['p'], renamed: {}, stratified: false },
  // The `Label…` splitters, under the names group-splitter rules give them.
  GroupKFold: {
    first: 'groups',
    params: ['n_folds'],
    renamed: { n_folds: 'n_splits' },
    oldDefault: 'n_splits=3',
    stratified: false
  },
  GroupShuffleSplit: {
    first: 'groups',
    params: ['n_iter', 'test_size', 'train_size', 'random_state'],
    renamed: { n_iter: 'n_splits' },
    stratified: false
  },
  LeaveOneGroupOut: {
    first: 'groups',
    params: [],
    renamed: {},
    stratified: false
  },
  LeavePGroupsOut: {
    first: 'groups',
    params: ['p'],
    renamed: { p: 'n_groups' },
    stratified: false
  }
};
const NAMES = Object.keys(SPLITTERS);
const MODULES = ['sklearn.cross_validation', 'sklearn.model_selection'];

/** A splitter constructor call found in a source, read. */
interface ISplitterCall {
  call: SyntaxNode;
  name: string;
  spec: ISplitter;
  args: IArgument[];
  /** The call has the old signature (data size or labels first, old keywords). */
  old: boolean;
  /** Index among `args` of the old size or labels argument. */
  size: number;
}

/** The constructor's new form, and the iteration's. */
const signature = defineRule(
  {
    id: 'sklearn.cv-splitter-signature',
    distribution: 'scikit-learn',
    since: '0.20',
    summary:
      'Cross-validation splitters no longer take the data size or labels (sklearn.cross_validation, removed in 0.20): `KFold(n_splits=k)`, iterated by `.split(X, y)`.',
    link: sklearnNotes('0.20'),
    raises: {
      ename: ['TypeError', 'ValueError', 'InvalidParameterError'],
      message:
        /unexpected keyword argument '(n_folds|n_iter)'|takes 1 positional argument|takes no arguments|object is not iterable|has no len\(\)|'n_splits' parameter|Cannot have number of splits/
    },
    targets: NAMES.map(name => `sklearn.model_selection.${name}.split`),
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.model_selection import ShuffleSplit\nX = np.arange(40).reshape(20, 2)\ny = np.arange(20) % 2\nn_samples = len(X)',
        before:
          'cv = ShuffleSplit(n_samples, n_iter=3, test_size=0.25, random_state=0)\nfor i, (train, test) in enumerate(cv):\n    print(i, len(X[train]), len(y[test]))',
        after:
          'cv = ShuffleSplit(n_splits=3, test_size=0.25, random_state=0)\nfor i, (train, test) in enumerate(cv.split(X)):\n    print(i, len(X[train]), len(y[test]))'
      },
      {
        setup:
          'import numpy as np\nfrom sklearn.model_selection import StratifiedKFold\nlabels = np.array([0, 1] * 6)',
        before:
          'folds = StratifiedKFold(labels, n_folds=3)\nprint([len(test) for train, test in folds])',
        after:
          'folds = StratifiedKFold(n_splits=3)\nprint([len(test) for train, test in folds.split(np.zeros(len(labels)), labels)])'
      },
      {
        setup:
          'import numpy as np\nfrom sklearn.model_selection import GroupKFold\nlabels = np.repeat([0, 1, 2, 3, 4, 5], 2)',
        before:
          'cv = GroupKFold(labels, n_folds=3)\nprint([len(test) for train, test in cv])',
        after:
          'cv = GroupKFold(n_splits=3)\nprint([len(test) for train, test in cv.split(np.zeros(len(labels)), groups=labels)])'
      },
      {
        setup: 'from sklearn.model_selection import LeaveOneOut',
        before: 'loo = LeaveOneOut(4)\nprint(len(loo))',
        after: 'loo = LeaveOneOut()\nprint(loo.get_n_splits(range(4)))'
      }
    ]
  },
  context => {
    // Cells that name no splitter matter only where the notebook imports one.
    if (
      !NAMES.some(name => context.source.includes(name)) &&
      !Private.importsSplitter(context)
    ) {
      return [];
    }
    const calls = Private.splitterCalls(context);
    const matches: IRuleMatch[] = calls
      .filter(c => c.old)
      .map(c =>
        matchAt(
          'sklearn.cv-splitter-signature',
          c.call,
          Private.newCall(context, c)
        )
      );
    matches.push(...Private.iterations(context, calls));
    return matches;
  }
);

/**
 * `KFold(n_splits=k, random_state=s)` without shuffling: the seed had no effect, and since
 * 0.24 it raises. It goes, which keeps the folds the notebook had.
 */
const unshuffledSeed = defineRule(
  {
    id: 'sklearn.unshuffled-random-state',
    needs: ['random_state'],
    distribution: 'scikit-learn',
    since: '0.24',
    summary:
      'A splitter that does not shuffle takes no random_state since 0.24 (it had no effect): it goes.',
    link: sklearnNotes('0.24'),
    raises: {
      ename: 'ValueError',
      message: /Setting a random_state has no effect since shuffle is False/
    },
    examples: [
      {
        setup: 'from sklearn.model_selection import KFold',
        before: 'print(KFold(n_splits=4, random_state=1).get_n_splits())',
        after: 'print(KFold(n_splits=4).get_n_splits())'
      }
    ]
  },
  context =>
    Private.splitterCalls(context).flatMap(({ call, args, name }) => {
      const seed = args.findIndex(arg => arg.name === 'random_state');
      const shuffle = args.find(arg => arg.name === 'shuffle');
      if (
        seed < 0 ||
        !['KFold', 'StratifiedKFold'].includes(name) ||
        args.some(arg => arg.star) ||
        (shuffle && textOf(context, shuffle.value) !== 'False') ||
        args.filter(arg => !arg.name).length > 1
      ) {
        return [];
      }
      return [
        matchAt('sklearn.unshuffled-random-state', args[seed], [
          removeArgument(context, call, seed)
        ])
      ];
    })
);

/** Rules for sklearn's cross-validation splitters. */
export const sklearnSplitterRules: IRule[] = [
  signature,
  unshuffledSeed,
  ...sklearnGroupSplitterRules
];

namespace Private {
  /**
   * Whether the notebook imports one of the splitters from scikit-learn, or the module
   * that holds them (`from sklearn import cross_validation`).
   */
  export function importsSplitter(context: IRuleContext): boolean {
    return [...context.imports.values()].some(target =>
      MODULES.some(m => target === m || NAMES.some(n => target === `${m}.${n}`))
    );
  }

  /** Every call of a splitter from scikit-learn in the source. */
  export function splitterCalls(context: IRuleContext): ISplitterCall[] {
    return context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const dotted = callee && dottedName(context, callee.node);
      if (!callee || dotted === null || !NAMES.includes(callee.name)) {
        return [];
      }
      const resolved = resolve(context, dotted);
      const was = originalTarget(context, dotted);
      const from = [resolved, was].find(t =>
        MODULES.some(m => t?.startsWith(`${m}.`))
      );
      const local = !context.imports.has(dotted.split('.')[0]);
      if (!from && !local) {
        return [];
      }
      const spec = SPLITTERS[callee.name];
      const args = argsOf(context, call);
      const positional = args.filter(a => !a.name && !a.star);
      const oldKeyword = args.some(a => a.name && a.name in spec.renamed);
      const oldModule = [resolved, was].some(t =>
        t?.startsWith('sklearn.cross_validation.')
      );
      // The size or labels by keyword (`ShuffleSplit(n=1000)`): no splitter takes it today.
      const named = args.findIndex(a => a.name === spec.first);
      const first = positional[0] && args[0] === positional[0];
      const old =
        !args.some(a => a.star) &&
        (named >= 0 ||
          (first &&
            (oldKeyword ||
              oldModule ||
              (callee.name === 'LeaveOneOut' && positional.length === 1) ||
              (callee.name === 'LeavePOut' && positional.length === 2) ||
              (spec.first !== 'n' && positional[0].value.name !== 'Number'))));
      return [
        {
          call,
          name: callee.name,
          spec,
          args,
          old: !!old,
          size: Math.max(named, 0)
        }
      ];
    });
  }

  /** What a dotted name's head was bound to by the notebook as it was written. */
  function originalTarget(
    context: IRuleContext,
    dotted: string
  ): string | undefined {
    const head = dotted.split('.')[0];
    const bound = context.evidence.imports?.get(head);
    return bound === undefined ? undefined : bound + dotted.slice(head.length);
  }

  /** Edits giving an old-style call today's arguments. */
  export function newCall(
    context: IRuleContext,
    found: ISplitterCall
  ): ITextEdit[] {
    const { call, spec, args, size } = found;
    const edits: ITextEdit[] = [removeArgument(context, call, size)];
    let splits = false;
    args.forEach((arg, i) => {
      if (i === size) {
        return;
      }
      // Positional ones follow the size in the old order.
      const name = arg.name ?? (size === 0 ? spec.params[i - 1] : undefined);
      const renamed = name ? spec.renamed[name] : undefined;
      splits ||= renamed === 'n_splits' || name === 'n_splits';
      if (!arg.name && name) {
        edits.push({
          from: arg.from,
          to: arg.from,
          insert: `${renamed ?? name}=`
        });
      } else if (arg.name && renamed) {
        edits.push({
          from: arg.from,
          to: arg.from + arg.name.length,
          insert: renamed
        });
      }
    });
    if (!splits && spec.oldDefault) {
      if (args.length === 1) {
        // `KFold(n)`: the sample count becomes the old default number of folds.
        return [
          { from: args[0].from, to: args[0].to, insert: spec.oldDefault }
        ];
      }
      const list = call.getChild('ArgList')!;
      edits.push({
        from: list.to - 1,
        to: list.to - 1,
        insert: `, ${spec.oldDefault}`
      });
    }
    return edits;
  }

  /**
   * Where a splitter is iterated (`for train, test in cv`, `enumerate(cv)`, `list(cv)`) or
   * measured (`len(cv)`): `.split(...)` and `.get_n_splits(...)` with the data found in
   * the loop (`X[train]`), or given by the old call (`len(X)`, the labels); asks the
   * kernel for the object's type where no call in the source made it.
   */
  export function iterations(
    context: IRuleContext,
    calls: readonly ISplitterCall[]
  ): IRuleMatch[] {
    const made = new Map<string, ISplitterCall>();
    for (const found of calls) {
      const statement = found.call.parent;
      const target = statement?.firstChild;
      if (
        statement?.name === 'AssignStatement' &&
        target?.name === 'VariableName' &&
        target.nextSibling?.name === 'AssignOp'
      ) {
        made.set(textOf(context, target), found);
      }
    }
    const splitters = importsSplitter(context);
    const matches: IRuleMatch[] = [];
    for (const use of iteratedNames(context, calls)) {
      const found = use.call ?? made.get(use.name);
      const data = splitData(
        context,
        use.loop,
        found?.old
          ? { first: found.spec.first, arg: found.args[found.size] }
          : undefined
      );
      const edit = (stratified: boolean): ITextEdit[] | null => {
        const { x, y, groups } = data;
        if (x === null || (stratified && y === null)) {
          return null;
        }
        const args = [
          x.text,
          ...(stratified ? [y!.text] : []),
          ...(groups ? [`groups=${groups.text}`] : [])
        ].join(', ');
        const method = use.measured ? 'get_n_splits' : 'split';
        const insert = `.${method}(${args})`;
        const at = use.node.to;
        const edits: ITextEdit[] = [
          {
            from: at,
            to: at,
            insert,
            needs: [...x.needs, ...(stratified ? y!.needs : [])]
          }
        ];
        if (use.first) {
          // Python 2's `iter(cv).next()`: the first split is `next(cv.split(X))`.
          edits.push(
            { from: use.first.from, to: use.node.from, insert: 'next(' },
            { from: use.node.to, to: use.first.to, insert: ')' }
          );
        }
        if (use.measured) {
          // `len(cv)` → `cv.get_n_splits(X)`: the call of len goes.
          const len = use.node.parent!.parent!;
          edits.push(
            { from: len.from, to: use.node.from, insert: '' },
            { from: use.node.to, to: len.to, insert: '' }
          );
        }
        return edits;
      };
      if (found) {
        const edits = edit(found.spec.stratified);
        if (edits) {
          matches.push(Private.firstSplit(use, edits));
        }
        continue;
      }
      // Made in another cell: where the notebook imports a splitter and the loop reads
      // `(train, test)` indices, the kernel says which splitter it is.
      if (
        !splitters ||
        data.x === null ||
        use.measured ||
        !use.loop ||
        !readsFolds(context, use.loop)
      ) {
        continue;
      }
      const match = matchAt(
        'sklearn.cv-splitter-signature',
        use.node,
        [],
        'Asks the kernel whether this is a splitter.'
      );
      match.question = {
        expression: `type(${use.name}).__name__`,
        // A group splitter needs the groups, which only its old call gave.
        decide: answer =>
          answer in SPLITTERS && SPLITTERS[answer].first !== 'groups'
            ? edit(SPLITTERS[answer].stratified)
            : null
      };
      matches.push(match);
    }
    return matches;
  }

  /**
   * The match of a splitter's iteration. Python 2's `iter(cv).next()` spans the whole
   * call, whose `next(...)` its edits write: python.iterator-next's `next(iter(cv))`
   * there would leave the splitter unsplit.
   */
  export function firstSplit(use: IUse, edits: ITextEdit[]): IRuleMatch {
    const match = matchAt(
      'sklearn.cv-splitter-signature',
      use.first ?? use.node,
      edits
    );
    return use.first ? { ...match, covers: ['python.iterator-next'] } : match;
  }

  /** A splitter iterated or measured: the iterated node and the loop around it. */
  interface IUse {
    name: string;
    node: SyntaxNode;
    /** The call that made it, when the iterated node is the constructor call itself. */
    call?: ISplitterCall;
    /** The for statement or comprehension whose body reads the data. */
    loop: SyntaxNode | null;
    measured: boolean;
    /** `iter(cv).next()`, whose whole text becomes `next(cv.split(...))`. */
    first?: SyntaxNode;
  }

  /** Names and calls iterated by a for loop (directly or through enumerate/list) or len(). */
  function iteratedNames(
    context: IRuleContext,
    calls: readonly ISplitterCall[]
  ): IUse[] {
    const byCall = new Map(calls.map(c => [c.call.from, c]));
    const uses: IUse[] = [];
    const consider = (
      node: SyntaxNode,
      loop: SyntaxNode | null,
      measured = false
    ) => {
      // Through `enumerate(cv)` (counted from any `start`) or `list(cv)`.
      if (node.name === 'CallExpression') {
        const callee = calleeOf(context, node);
        const inner = argsOf(context, node);
        const start = callee?.name === 'enumerate' ? inner.slice(1) : [];
        if (
          callee &&
          ['enumerate', 'list', 'tuple'].includes(callee.name) &&
          callee.node.name === 'VariableName' &&
          inner.length === 1 + start.length &&
          start.length <= 1 &&
          !inner[0].name &&
          !inner[0].star &&
          start.every(arg => !arg.star && (!arg.name || arg.name === 'start'))
        ) {
          return consider(inner[0].value, loop);
        }
        const call = byCall.get(node.from);
        if (call?.old) {
          uses.push({ name: '', node, call, loop, measured });
        }
        return;
      }
      if (node.name === 'VariableName') {
        uses.push({ name: textOf(context, node), node, loop, measured });
      }
    };
    for (const loop of [
      ...context.nodes('ForStatement'),
      ...context.nodes('ArrayComprehensionExpression'),
      ...context.nodes('ComprehensionExpression')
    ]) {
      const keyword = loop.getChild('in');
      const iterable = keyword?.nextSibling;
      if (iterable) {
        consider(iterable, loop);
      }
    }
    for (const call of context.nodes('CallExpression')) {
      const callee = calleeOf(context, call);
      const args = argsOf(context, call);
      if (
        callee?.name === 'len' &&
        callee.node.name === 'VariableName' &&
        args.length === 1 &&
        args[0].value.name === 'VariableName'
      ) {
        consider(args[0].value, null, true);
      }
      // Iterated outside a loop: `train, test = iter(cv).next()`, `folds = list(cv)`.
      if (
        callee &&
        ['iter', 'next', 'list'].includes(callee.name) &&
        callee.node.name === 'VariableName' &&
        args.length === 1 &&
        args[0].value.name === 'VariableName' &&
        !uses.some(use => use.node.from === args[0].value.from)
      ) {
        const before = uses.length;
        consider(args[0].value, null);
        const next = call.parent?.parent;
        if (
          uses.length > before &&
          callee.name === 'iter' &&
          call.parent?.name === 'MemberExpression' &&
          call.parent.lastChild &&
          textOf(context, call.parent.lastChild) === 'next' &&
          next?.name === 'CallExpression' &&
          argsOf(context, next).length === 0
        ) {
          uses[uses.length - 1].first = next;
        }
      }
    }
    return uses.filter(use => use.call || use.name);
  }
}
