import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';
import { madeOnce } from './receivers';
import { argsOf, calleeOf, childrenOf, textOf } from './syntax';
import type { IRule, IRuleContext } from './types';

// What each mesh-making method's array was before it kept the shape of its values: the
// values left unmasked (pcolor drew no polygon for a masked one), or all of them, flat.
const FLAT = new Map([
  ['pcolor', 'compressed'],
  ['pcolormesh', 'ravel']
]);
const LITERAL_NUMBER = /^(Number|UnaryExpression)$/;

/**
 * `marker=(verts, 0)`: matplotlib took the pair for the vertices of a custom marker, kept
 * for backward compatibility until 3.0. A pair now means (number of sides, style), and an
 * array or list of vertices is a marker by itself. Only on failure: an unhashable first
 * item is what tells the vertices from a number of sides.
 */
const markerVertices = defineRule(
  {
    id: 'matplotlib.marker-vertices-pair',
    needs: ['marker'],
    onFailureOnly: true,
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      'A custom marker given as `(verts, 0)` no longer draws (matplotlib 3.0 reads the pair as a number of sides and a style): the vertices are the marker by themselves.',
    link: notes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /unhashable type: '(numpy\.ndarray|list)'/
    },
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np`,
        before:
          'tip = np.array([[-1, -1], [1, -1], [0, 1]])\npoints = plt.scatter([1, 2], [3, 4], marker=(tip, 0))\nprint(len(points.get_paths()[0].vertices))',
        after:
          'tip = np.array([[-1, -1], [1, -1], [0, 1]])\npoints = plt.scatter([1, 2], [3, 4], marker=tip)\nprint(len(points.get_paths()[0].vertices))'
      },
      {
        setup: SETUP,
        before:
          'line, = plt.plot([0, 1], [0, 1], marker=([(0, 0), (1, 0), (0, 1)], 0))\nprint(line.get_marker() is not None)',
        after:
          'line, = plt.plot([0, 1], [0, 1], marker=[(0, 0), (1, 0), (0, 1)])\nprint(line.get_marker() is not None)'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call =>
      argsOf(context, call).flatMap(arg => {
        const items =
          arg.name === 'marker' && arg.value.name === 'TupleExpression'
            ? childrenOf(arg.value).filter(
                c => !['(', ')', ','].includes(c.name)
              )
            : [];
        // `(5, 0)` is a pentagon, as it always was.
        if (
          items.length !== 2 ||
          textOf(context, items[1]) !== '0' ||
          LITERAL_NUMBER.test(items[0].name)
        ) {
          return [];
        }
        return [
          matchAt('matplotlib.marker-vertices-pair', arg.value, [
            {
              from: arg.value.from,
              to: arg.value.to,
              insert: textOf(context, items[0])
            }
          ])
        ];
      })
    )
);

/**
 * `for path, value in zip(mesh.get_paths(), mesh.get_array())`: the array of a mesh made
 * by `pcolor` (3.8) or `pcolormesh` (3.5) keeps the 2-D shape of its values, so the loop
 * pairs a cell's path with a row. It is flattened as it was: `pcolor`'s without its masked
 * values (they have no polygon), `pcolormesh`'s whole. Only where the mesh is a name bound
 * once, in its function or cell, to one of those calls, and the array is iterated.
 */
const meshArray = defineRule(
  {
    id: 'matplotlib.mesh-array-2d',
    needs: ['pcolor'],
    distribution: 'matplotlib',
    since: '3.5.0',
    summary:
      "The array of a `pcolor` or `pcolormesh` mesh keeps its values' 2-D shape since matplotlib 3.5 (pcolormesh) and 3.8 (pcolor): a loop over it in step with the cells' paths flattens it as it was.",
    link: notes('3.8.0'),
    raises: {
      ename: 'TypeError',
      message: /only length-1 arrays can be converted/i
    },
    examples: [
      {
        setup: `${SETUP}\nimport numpy as np`,
        before:
          "values = np.ma.masked_less(np.arange(6.0).reshape(2, 3), 2)\nmesh = plt.pcolor(values)\nprint(['%.1f at %s' % (v, p.vertices[:-2].mean(0)) for p, v in zip(mesh.get_paths(), mesh.get_array())])",
        after:
          "values = np.ma.masked_less(np.arange(6.0).reshape(2, 3), 2)\nmesh = plt.pcolor(values)\nprint(['%.1f at %s' % (v, p.vertices[:-2].mean(0)) for p, v in zip(mesh.get_paths(), mesh.get_array().compressed())])"
      },
      {
        setup: `${SETUP}\nimport numpy as np`,
        before:
          "def label(values):\n    fig, ax = plt.subplots()\n    mesh = ax.pcolormesh(values)\n    for value in mesh.get_array():\n        print('%.1f' % value)\nlabel(np.arange(4.0).reshape(2, 2))",
        after:
          "def label(values):\n    fig, ax = plt.subplots()\n    mesh = ax.pcolormesh(values)\n    for value in mesh.get_array().ravel():\n        print('%.1f' % value)\nlabel(np.arange(4.0).reshape(2, 2))"
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const owner = callee?.node.firstChild;
      if (
        callee?.name !== 'get_array' ||
        owner?.name !== 'VariableName' ||
        argsOf(context, call).length > 0 ||
        !Private.iterated(context, call)
      ) {
        return [];
      }
      const made = madeOnce(
        context,
        owner,
        (value, targets) =>
          targets.length === 1 &&
          textOf(context, targets[0]) === textOf(context, owner) &&
          Private.meshMethod(context, value) !== null
      );
      const method = made && Private.meshMethod(context, made);
      return method
        ? [
            matchAt('matplotlib.mesh-array-2d', call, [
              { from: call.to, to: call.to, insert: `.${FLAT.get(method)}()` }
            ])
          ]
        : [];
    })
);

/** What plotting calls take and give back that changed shape: markers, meshes' arrays. */
export const matplotlibArtistRules: IRule[] = [markerVertices, meshArray];

namespace Private {
  /** `pcolor` or `pcolormesh` for a call `<owner>.pcolor(...)`; else null. */
  export function meshMethod(
    context: IRuleContext,
    call: SyntaxNode
  ): string | null {
    const callee = calleeOf(context, call);
    return callee?.node.name === 'MemberExpression' && FLAT.has(callee.name)
      ? callee.name
      : null;
  }

  /** Whether a value is iterated: a `for` loop's iterable, or an argument of `zip`. */
  export function iterated(context: IRuleContext, node: SyntaxNode): boolean {
    const parent = node.parent;
    if (parent?.name === 'ForStatement') {
      const keyword = parent.getChild('in');
      return keyword !== null && node.from >= keyword.to;
    }
    const call = parent?.name === 'ArgList' ? parent.parent : null;
    return (
      !!call &&
      call.name === 'CallExpression' &&
      textOf(context, call.firstChild!) === 'zip'
    );
  }
}
