import type { SyntaxNode } from '@lezer/common';
import { matchAt } from './builders';
import { argumentsIn, dottedName, resolve, textOf } from './syntax';
import type { IRuleContext, IRuleMatch, ITextEdit } from './types';

/**
 * Receiver types for method rules. A removed method is only that method on some objects:
 * `df.sort(columns=)` is gone but `np.sort(x)` and `names.sort()` are fine. What the
 * source says decides first (a module or a literal is never the object; a pandas
 * constructor's result always is); otherwise the kernel is asked for the object's type.
 */

// What pyplot was reached through: `plt.plot`, `pylab.plot`, `matplotlib.pyplot.plot`.
export const PYPLOT = /^(matplotlib\.pyplot|matplotlib\.pylab|pylab)\.\w+$/;

/**
 * Whether a call's callee is a pyplot function: through the notebook's imports, or as
 * `plt.` where no cell binds `plt` otherwise (its import sat in a deleted cell).
 */
export function isPyplot(context: IRuleContext, callee: SyntaxNode): boolean {
  const dotted = dottedName(context, callee);
  if (dotted === null || !dotted.includes('.')) {
    return false;
  }
  const head = dotted.slice(0, dotted.indexOf('.'));
  const resolved = resolve(context, dotted);
  return (
    PYPLOT.test(resolved) ||
    (head === 'plt' &&
      !context.imports.has(head) &&
      !context.defined.has(head) &&
      dotted.split('.').length === 2)
  );
}

/** What the source alone says about a method call's receiver. */
export type ReceiverKind =
  /** A module, or a name an import binds (a function or a class, not an instance). */
  | 'module'
  /** A list, dict, set, tuple or string literal, or a comprehension. */
  | 'literal'
  /** Made by a pandas constructor or reader: `pd.read_csv(...)`, `pd.DataFrame(...)`. */
  | 'pandas'
  /** A name bound once, in its function or cell, to one matplotlib Axes (`ax = plt.gca()`). */
  | 'axes'
  | 'unknown';

// Module aliases so common that a cell may use them with the import in a deleted cell.
const WELL_KNOWN = new Set(['np', 'pd', 'plt', 'sns', 'math', 'os', 'random']);
const LITERALS = new Set([
  'ArrayExpression',
  'ArrayComprehensionExpression',
  'DictionaryExpression',
  'DictionaryComprehensionExpression',
  'SetExpression',
  'SetComprehensionExpression',
  'TupleExpression',
  'String',
  'FormatString',
  'Number'
]);
const PANDAS_MAKERS =
  /^pandas\.(DataFrame|Series|concat|merge|read_\w+|get_dummies|pivot_table|crosstab)$/;

/** What the source says the receiver (the owner of `owner.method(...)`) is. */
export function receiverKind(
  context: IRuleContext,
  owner: SyntaxNode
): ReceiverKind {
  if (LITERALS.has(owner.name)) {
    return 'literal';
  }
  const dotted = dottedName(context, owner);
  if (dotted !== null) {
    const head = dotted.split('.')[0];
    if (
      context.imports.has(head) ||
      (WELL_KNOWN.has(head) && head === dotted)
    ) {
      return 'module';
    }
    return owner.name === 'VariableName' && Private.boundToAxes(context, owner)
      ? 'axes'
      : 'unknown';
  }
  if (owner.name === 'CallExpression') {
    const callee = owner.firstChild;
    const name = callee && dottedName(context, callee);
    if (name !== null && PANDAS_MAKERS.test(resolve(context, name))) {
      return 'pandas';
    }
  }
  return 'unknown';
}

/**
 * Whether evaluating an expression only reads: names, attributes and subscripts whose
 * keys are literals, names or comparisons of them (`df[df['a'] == 'x']`). Only such a receiver is put to the kernel (a call might
 * read a file again, or draw a figure).
 */
export function readsOnly(
  node: SyntaxNode,
  pure?: (call: SyntaxNode) => boolean
): boolean {
  switch (node.name) {
    case 'VariableName':
    case 'PropertyName':
    case 'String':
    case 'Number':
    case '.':
    case '[':
    case ']':
    case ',':
    case ':':
    case '-':
    case '(':
    case ')':
    case 'Boolean':
    case 'None':
    case 'CompareOp':
    case 'BitOp':
    case 'LogicOp':
    case 'in':
    case 'not':
    case 'is':
      return true;
    case 'MemberExpression':
    case 'SliceExpression':
    case 'UnaryExpression':
    case 'BinaryExpression':
    case 'ParenthesizedExpression':
    case 'ArrayExpression':
    case 'TupleExpression':
    case 'ArgList':
    case 'CallExpression': {
      if (node.name === 'CallExpression' && !pure?.(node)) {
        return false;
      }
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (!readsOnly(c, pure)) {
          return false;
        }
      }
      return true;
    }
    default:
      return false;
  }
}

// pandas methods that make a new object and leave their receiver as it was.
const PURE_METHODS = new Set([
  'difference',
  'union',
  'intersection',
  'drop',
  'dropna',
  'select_dtypes',
  'copy',
  'head',
  'tail',
  'isin',
  'isna',
  'isnull',
  'notna',
  'notnull'
]);

/**
 * Whether evaluating an expression only reads, as `readsOnly` says, calls of pandas
 * methods that make a new object included, with positional arguments that only read
 * (`df[df.columns.difference(['year'])]`): no keyword, so no `inplace=True`.
 */
export function readsPurely(context: IRuleContext, node: SyntaxNode): boolean {
  return readsOnly(node, call => {
    const callee = call.firstChild;
    const method = callee?.name === 'MemberExpression' && callee.lastChild;
    return (
      !!method &&
      method.name === 'PropertyName' &&
      PURE_METHODS.has(textOf(context, method))
    );
  });
}

/** How a rule restricts a method rewrite to some receivers. */
export interface IReceiverSpec {
  /** The matched span (usually the call). */
  node: { from: number; to: number };
  /** The receiver of the method. */
  owner: SyntaxNode;
  /** Type names the rewrite is right for: `DataFrame`, `Series`. */
  types: readonly string[];
  /** The rewrite, once the receiver is known to be one of `types`. */
  edits: ITextEdit[];
  /**
   * The call's own arguments say the receiver is one of `types` (`sort(columns=)`: no
   * other sort took `columns`): the rewrite is made without asking, unless the source
   * says the receiver is a module or a literal.
   */
  certain?: boolean;
  note?: string;
}

/**
 * The match of a method rewrite that applies to some receivers only: none on a module or
 * a literal; the rewrite at once on a pandas constructor's result (when `types` are
 * pandas types) or when `certain`; else a question to the kernel for the receiver's
 * type, put only when evaluating the receiver reads nothing but names.
 */
export function onReceiver(
  context: IRuleContext,
  ruleId: string,
  spec: IReceiverSpec
): IRuleMatch[] {
  const kind = receiverKind(context, spec.owner);
  if (
    kind === 'module' ||
    kind === 'literal' ||
    (kind === 'axes' && !spec.types.includes('Axes'))
  ) {
    return [];
  }
  const pandas = spec.types.every(t => PANDAS_TYPES.has(t));
  if ((kind === 'pandas' && pandas) || spec.certain) {
    return [matchAt(ruleId, spec.node, spec.edits, spec.note)];
  }
  if (!readsOnly(spec.owner)) {
    return [];
  }
  const match = matchAt(
    ruleId,
    spec.node,
    [],
    spec.note ?? `Only on a ${spec.types.join(' or ')}: asks the kernel.`
  );
  // Inside a function that failed, the receiver is one of its frame's objects; before it
  // has, a name is read as the notebook's global of that name, as it was before.
  const expression = inScopeOf(
    context,
    spec.owner,
    `type(${textOf(context, spec.owner)}).__name__`,
    'global'
  );
  if (expression === null) {
    return [];
  }
  match.question = {
    expression,
    decide: answer => (spec.types.includes(answer) ? spec.edits : null)
  };
  return [match];
}

const PANDAS_TYPES = new Set(['DataFrame', 'Series', 'Index']);

// Comprehensions run in a frame of their own, named by their kind (up to Python 3.11).
const COMPREHENSIONS = new Map([
  ['ArrayComprehensionExpression', '<listcomp>'],
  ['DictionaryComprehensionExpression', '<dictcomp>'],
  ['SetComprehensionExpression', '<setcomp>'],
  ['ComprehensionExpression', '<genexpr>']
]);

/** Whether a node sits in a comprehension, which runs in a frame of its own. */
export function inComprehension(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (runsIn(p, node)) {
      return true;
    }
  }
  return false;
}

/**
 * Whether `node`, below `scope`, runs in that comprehension's own frame: all of it but
 * its first iterable (`clf.predict_proba(X)` in `[p[1] for p in clf.predict_proba(X)]`),
 * which the enclosing scope evaluates and hands over.
 */
function runsIn(scope: SyntaxNode, node: SyntaxNode): boolean {
  if (!COMPREHENSIONS.has(scope.name)) {
    return false;
  }
  const iterable = scope.getChild('in')?.nextSibling;
  return !iterable || node.from < iterable.from || node.to > iterable.to;
}

/**
 * A question's expression as the kernel must evaluate it where `node` runs: as it is at
 * module level; inside a function, in that function's frame of the last failure's
 * traceback (its locals are gone once it returns, and a global of the same name may be
 * another object), found by the function's name and first line; inside a comprehension,
 * in its own frame, found the same way. Null inside a lambda (or, with `withoutFrame`
 * 'global', the expression as it is). Without such a frame (the function did not fail)
 * the question fails, and so rewrites nothing; or, with `withoutFrame` 'global', reads
 * the notebook's globals.
 */
export function inScopeOf(
  context: IRuleContext,
  node: SyntaxNode,
  expression: string,
  withoutFrame: 'fail' | 'global' = 'fail'
): string | null {
  let scope: SyntaxNode | null = null;
  for (let at = node.parent; at && !scope; at = at.parent) {
    if (at.name === 'LambdaExpression') {
      return withoutFrame === 'global' ? expression : null;
    }
    scope = at.name === 'FunctionDefinition' || runsIn(at, node) ? at : null;
  }
  if (!scope) {
    return expression;
  }
  const name =
    COMPREHENSIONS.get(scope.name) ??
    textOf(context, scope.getChild('VariableName')!);
  const start =
    scope.parent?.name === 'DecoratedStatement'
      ? scope.parent.from
      : scope.from;
  const line = context.source.slice(0, start).split('\n').length;
  // IPython drops a cell's leading blank lines before compiling it.
  const blank =
    /^(?:[ \t]*\n)*/.exec(context.source)![0].split('\n').length - 1;
  const lines = [...new Set([line, line - blank])].join(', ');
  // The shown traceback is kept by IPython's formatter, which a failed question leaves alone.
  const tracebacks =
    "(getattr(__import__('sys'), 'last_traceback', None), " +
    "getattr(getattr(__import__('IPython').get_ipython(), 'InteractiveTB', None), 'tb', None))";
  const otherwise =
    withoutFrame === 'global' ? ` if frames else ${expression}` : '';
  return (
    `(lambda frames: eval(${JSON.stringify(expression)}, frames[-1].f_globals, frames[-1].f_locals)${otherwise})(` +
    `[f for tb in ${tracebacks} for f, _ in __import__('traceback').walk_tb(tb) ` +
    `if f.f_code.co_name == '${name}' and f.f_code.co_firstlineno in (${lines},)])`
  );
}

/**
 * The call that made `name`, where an assignment in its scope (the function around it, or
 * the cell), before `name` is used, binds it to a call that `makes` accepts (given the
 * call and the assignment's targets), and nothing else in that scope binds it; else null.
 */
export function madeOnce(
  context: IRuleContext,
  name: SyntaxNode,
  makes: (call: SyntaxNode, targets: SyntaxNode[]) => boolean
): SyntaxNode | null {
  const text = textOf(context, name);
  const scope = Private.bindingScope(context, name)?.from;
  // The assignments that make it first: most names have none to count.
  const made = context.nodes('AssignStatement').flatMap(statement => {
    const operators = statement.getChildren('AssignOp');
    const value = operators[0]?.nextSibling;
    return operators.length === 1 &&
      value?.name === 'CallExpression' &&
      statement.to <= name.from &&
      Private.scopeOf(statement)?.from === scope &&
      makes(value, statement.getChildren('VariableName'))
      ? [value]
      : [];
  });
  // ...and the only binding of the name in its scope.
  return made.length === 1 &&
    context
      .nodes('VariableName')
      .filter(
        node =>
          textOf(context, node) === text &&
          Private.scopeOf(node)?.from === scope &&
          Private.isBinding(node)
      ).length === 1
    ? made[0]
    : null;
}

namespace Private {
  // What makes one Axes: pyplot's functions, and a figure's methods.
  const PYPLOT_AXES = new Set(['gca', 'axes', 'subplot', 'subplot2grid']);
  const FIGURE_AXES = new Set(['add_subplot', 'add_axes', 'gca']);
  // Nodes that open a scope of their own names.
  const SCOPES = new Set([
    'FunctionDefinition',
    'ClassDefinition',
    'LambdaExpression',
    ...COMPREHENSIONS.keys()
  ]);

  /**
   * Whether `name` is bound once in its scope (the function around it, or the cell),
   * before it is used, and to one matplotlib Axes: `ax = plt.gca()`,
   * `ax = fig.add_subplot(111)`, or the axes of a one-plot `fig, ax = plt.subplots()`.
   */
  export function boundToAxes(
    context: IRuleContext,
    name: SyntaxNode
  ): boolean {
    const text = textOf(context, name);
    return (
      madeOnce(context, name, (call, targets) => {
        const kind = madeBy(context, call);
        return targets.length === 1
          ? kind === 'axes' && textOf(context, targets[0]) === text
          : kind === 'subplots' &&
              targets.length === 2 &&
              textOf(context, targets[1]) === text &&
              onePlot(context, call);
      }) !== null
    );
  }

  /** What a call makes: one Axes, pyplot's `subplots` (a figure and axes), or else. */
  function madeBy(
    context: IRuleContext,
    call: SyntaxNode
  ): 'axes' | 'subplots' | null {
    const callee = call.firstChild;
    if (!callee || callee.name !== 'MemberExpression') {
      return null;
    }
    const method = textOf(context, callee.lastChild!);
    const pyplot = isPyplot(context, callee);
    if (pyplot && method === 'subplots') {
      return 'subplots';
    }
    return (pyplot && PYPLOT_AXES.has(method)) || FIGURE_AXES.has(method)
      ? 'axes'
      : null;
  }

  /** Whether `plt.subplots(...)` makes a single Axes: no grid larger than one, no squeeze=False. */
  function onePlot(context: IRuleContext, call: SyntaxNode): boolean {
    const args = argumentsIn(context.source, call);
    const positional = args.filter(arg => !arg.name);
    return (
      !args.some(arg => arg.star || arg.name === 'squeeze') &&
      positional.length <= 2 &&
      [
        ...positional,
        ...args.filter(arg => arg.name === 'nrows' || arg.name === 'ncols')
      ].every(arg => context.source.slice(arg.valueFrom, arg.valueTo) === '1')
    );
  }

  /** The function, class, lambda or comprehension a node is in; null at the top. */
  export function scopeOf(node: SyntaxNode): SyntaxNode | null {
    for (let at = node.parent; at; at = at.parent) {
      if (SCOPES.has(at.name)) {
        return at;
      }
    }
    return null;
  }

  /**
   * The scope whose `name` a name is: its own, or for a name a comprehension reads but
   * does not bind, the scope around it (the comprehension runs at once, where it stands;
   * a function or a lambda may run after the name is bound again).
   */
  export function bindingScope(
    context: IRuleContext,
    name: SyntaxNode
  ): SyntaxNode | null {
    const text = textOf(context, name);
    const binds = (scope: SyntaxNode | null) =>
      context
        .nodes('VariableName')
        .some(
          node =>
            textOf(context, node) === text &&
            scopeOf(node)?.from === scope?.from &&
            isBinding(node)
        );
    let scope = scopeOf(name);
    while (scope && COMPREHENSIONS.has(scope.name) && !binds(scope)) {
      scope = scopeOf(scope);
    }
    return scope;
  }

  /** Whether a name is bound where it stands: assigned, a loop's target, a parameter. */
  export function isBinding(node: SyntaxNode): boolean {
    const parent = node.parent;
    switch (parent?.name) {
      case 'AssignStatement':
      case 'UpdateStatement': {
        const operator =
          parent.getChild('AssignOp') ?? parent.getChild('UpdateOp');
        return operator !== null && node.to <= operator.from;
      }
      case 'ForStatement': {
        const keyword = parent.getChild('in');
        return keyword !== null && node.to <= keyword.from;
      }
      case 'WithStatement':
        return node.prevSibling?.name === 'as';
      case 'ParamList':
        return true;
      case 'TupleExpression':
        return isBinding(parent);
      default: {
        if (!parent || !COMPREHENSIONS.has(parent.name)) {
          return false;
        }
        // A comprehension's target: after its nearest `for`, before that `in`.
        let before = node.prevSibling;
        while (before && !['for', 'in', 'if'].includes(before.name)) {
          before = before.prevSibling;
        }
        return before?.name === 'for';
      }
    }
  }
}
