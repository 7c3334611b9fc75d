import type { SyntaxNode, Tree } from '@lezer/common';
import { askedMatch, defineRule } from './builders';
import { inScopeOf, isPyplot, readsOnly } from './receivers';
import { argsOf, calleeOf, childrenOf, indentAt, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';

// Setters whose one value, given to every level's collection, draws as it does given to
// the contour set itself (since 3.8 one Collection with a path per level): compared level
// by level, drawn, between matplotlib 3.7 and 3.11. Not set_color (a contour set keeps
// its mapped face colours), set_alpha (it fades the contour labels too), remove (it
// removes the labels too), set_label (a contour set has no legend handle).
const LEVEL_SETTERS = new Set([
  'set_rasterized',
  'set_zorder',
  'set_linewidth',
  'set_linewidths',
  'set_lw',
  'set_linestyle',
  'set_linestyles',
  'set_ls',
  'set_edgecolor',
  'set_edgecolors',
  'set_ec',
  'set_facecolor',
  'set_facecolors',
  'set_fc',
  'set_clip_path'
]);
// The same properties, as keywords of `plt.setp`.
const LEVEL_KEYWORDS = new Set(
  [...LEVEL_SETTERS].map(setter => setter.slice('set_'.length))
);

const CONTOUR_SETUP = `${SETUP}\nimport numpy as np\nZ = np.outer(np.arange(6), np.arange(6))`;

/**
 * `for c in cs.collections: c.set_rasterized(True)`: matplotlib 3.8 made a contour set one
 * Collection with a path per level, and 3.10 took away its per-level `collections`. One
 * setter given to every level is the same setter on the set.
 */
const contourCollections = defineRule(
  {
    id: 'matplotlib.contour-collections',
    distribution: 'matplotlib',
    since: '3.10.0',
    summary:
      '`ContourSet.collections` was removed in matplotlib 3.10 (deprecated in 3.8): a contour set is itself a Collection with one path per level, so a property set on every level is set on the contour set.',
    link: notes('3.8.0'),
    raises: {
      ename: 'AttributeError',
      message: /'\w*ContourSet' object has no attribute 'collections'/
    },
    needs: ['collections'],
    examples: [
      {
        setup: `${CONTOUR_SETUP}\nfig, ax = plt.subplots()\ncs = ax.contourf(Z, levels=[0, 4, 9, 25])`,
        before:
          "for c in cs.collections:\n    c.set_edgecolor('face')\n    c.set_rasterized(True)\nprint(cs.get_rasterized(), cs.get_edgecolor().round(3).tolist() == cs.get_facecolor().round(3).tolist())",
        after:
          "cs.set_edgecolor('face')\ncs.set_rasterized(True)\nprint(cs.get_rasterized(), cs.get_edgecolor().round(3).tolist() == cs.get_facecolor().round(3).tolist())",
        answer: 'True'
      },
      {
        setup: `${CONTOUR_SETUP}\nCS = plt.contour(Z, levels=[2, 5, 9])`,
        before:
          "plt.setp(CS.collections, linewidth=3, linestyle='dashed')\nprint(CS.get_linewidths().tolist(), len(CS.get_paths()))",
        after:
          "plt.setp(CS, linewidth=3, linestyle='dashed')\nprint(CS.get_linewidths().tolist(), len(CS.get_paths()))",
        answer: 'True'
      }
    ]
  },
  context => [
    ...context
      .nodes('ForStatement')
      .flatMap(loop => Private.loop(context, loop)),
    ...context
      .nodes('CallExpression')
      .flatMap(call => Private.setp(context, call))
  ]
);

export const matplotlibContourRules: IRule[] = [contourCollections];

namespace Private {
  /** `owner.collections`, when `node` is that and `owner` only reads names. */
  function collectionsOf(
    context: IRuleContext,
    node: SyntaxNode | null
  ): SyntaxNode | null {
    if (
      node?.name !== 'MemberExpression' ||
      node.lastChild?.name !== 'PropertyName' ||
      textOf(context, node.lastChild) !== 'collections'
    ) {
      return null;
    }
    const owner = node.firstChild!;
    return readsOnly(owner) && owner.name !== 'ParenthesizedExpression'
      ? owner
      : null;
  }

  /** The match, once the kernel says `owner` is a contour set. */
  function asked(
    context: IRuleContext,
    node: SyntaxNode,
    owner: SyntaxNode,
    edits: ITextEdit[]
  ): IRuleMatch[] {
    const expression = inScopeOf(
      context,
      node,
      `str(isinstance(${textOf(context, owner)}, __import__('matplotlib.contour').contour.ContourSet))`
    );
    if (expression === null) {
      return [];
    }
    return [
      askedMatch(
        'matplotlib.contour-collections',
        node,
        expression,
        edits,
        'Only on a contour set: asks the kernel.'
      )
    ];
  }

  /** Whether `name` is read or bound in `tree` (of `source`) outside `from`..`to`. */
  function usedOutside(
    source: string,
    tree: Tree,
    name: string,
    from: number,
    to: number
  ): boolean {
    let used = false;
    tree.iterate({
      enter: node => {
        if (
          !used &&
          node.name === 'VariableName' &&
          (node.to <= from || node.from >= to) &&
          source.slice(node.from, node.to) === name
        ) {
          used = true;
        }
        return !used;
      }
    });
    return used;
  }

  /**
   * `for c in cs.collections:` whose body only calls setters of LEVEL_SETTERS on `c`, with
   * arguments that do not read `c`, and no `else`: the calls, on `cs`. The loop's name is
   * used nowhere else in the notebook, which would read the last level's collection.
   */
  export function loop(context: IRuleContext, loop: SyntaxNode): IRuleMatch[] {
    const target = loop.getChild('in')?.prevSibling;
    const owner = collectionsOf(
      context,
      loop.getChild('in')?.nextSibling ?? null
    );
    const body = loop.getChild('Body');
    if (
      !owner ||
      !body ||
      target?.name !== 'VariableName' ||
      target.prevSibling?.name !== 'for' ||
      loop.getChildren('Body').length !== 1 ||
      loop.getChild('else')
    ) {
      return [];
    }
    const name = textOf(context, target);
    const statements = childrenOf(body).filter(node => node.name !== ':');
    const calls = statements.map(statement => {
      const call = statement.firstChild;
      const callee = call && calleeOf(context, call);
      const list = call?.getChild('ArgList');
      return statement.name === 'ExpressionStatement' &&
        call?.name === 'CallExpression' &&
        call.to === statement.to &&
        callee?.node.name === 'MemberExpression' &&
        callee.node.firstChild?.name === 'VariableName' &&
        textOf(context, callee.node.firstChild) === name &&
        LEVEL_SETTERS.has(callee.name) &&
        list &&
        !context
          .nodes('VariableName')
          .some(
            node =>
              node.from >= list.from &&
              node.to <= list.to &&
              textOf(context, node) === name
          )
        ? `${textOf(context, owner)}.${callee.name}${textOf(context, list)}`
        : null;
    });
    if (
      calls.length === 0 ||
      calls.some(call => call === null) ||
      usedOutside(context.source, context.tree, name, loop.from, loop.to) ||
      (context.cells ?? []).some(
        cell =>
          cell.source !== context.source &&
          usedOutside(cell.source, cell.tree, name, 0, 0)
      )
    ) {
      return [];
    }
    const last = statements[statements.length - 1];
    const indent = indentAt(context.source, loop.from);
    return asked(context, loop, owner, [
      { from: loop.from, to: last.to, insert: calls.join(`\n${indent}`) }
    ]);
  }

  /**
   * `plt.setp(cs.collections, linewidth=2)`: setp sets each property on every level, which
   * is setting it on `cs`, for the properties of LEVEL_SETTERS given by keyword.
   */
  export function setp(context: IRuleContext, call: SyntaxNode): IRuleMatch[] {
    const callee = calleeOf(context, call);
    const args = argsOf(context, call);
    const [objects, ...properties] = args;
    const owner = objects && collectionsOf(context, objects.value);
    if (
      callee?.name !== 'setp' ||
      !(
        isPyplot(context, callee.node) ||
        (callee.node.name === 'VariableName' &&
          /^(matplotlib\.pyplot|matplotlib\.pylab|pylab|matplotlib\.artist)\.setp$/.test(
            context.imports.get('setp') ?? ''
          ))
      ) ||
      !owner ||
      objects.name ||
      objects.star ||
      objects.valueTo !== objects.value.to ||
      properties.length === 0 ||
      properties.some(arg => !arg.name || !LEVEL_KEYWORDS.has(arg.name))
    ) {
      return [];
    }
    return asked(context, objects.value, owner, [
      {
        from: objects.valueFrom,
        to: objects.valueTo,
        insert: textOf(context, owner)
      }
    ]);
  }
}
