import type { SyntaxNode } from '@lezer/common';
import { callsOf, defineRule, matchAt } from './builders';
import { sklearnNotes } from './sklearn-modules';
import { argsOf, calleeOf, textOf } from './syntax';
import type { IRule, IRuleContext } from './types';

const ID = 'sklearn.make-blobs-cluster-std';
// make_blobs(n_samples, n_features, centers, cluster_std, ...): positions before 0.23.
const CENTERS = 2;
const CLUSTER_STD = 3;

/**
 * `make_blobs(centers=10, cluster_std=[... for i in range(20)])`: scikit-learn before
 * 0.20 paired the centers with the first standard deviations and ignored the rest; it
 * raises now. The list is still built whole (it may draw from a generator the call uses
 * next), then cut to the number of centers. Only where both lengths can be read.
 */
export const sklearnDatasetRules: IRule[] = [
  defineRule(
    {
      id: ID,
      needs: ['make_blobs'],
      distribution: 'scikit-learn',
      since: '0.20',
      summary:
        'make_blobs no longer ignores the standard deviations past the number of centers: only as many are passed as there are centers.',
      link: sklearnNotes('0.20'),
      raises: {
        ename: 'ValueError',
        message:
          /Length of `clusters_std` not consistent with number of centers/
      },
      examples: [
        {
          setup:
            'import numpy as np\nfrom sklearn.datasets import make_blobs\nrng = np.random.RandomState(2)',
          before:
            'X, y = make_blobs(n_samples=60, centers=3, random_state=rng, cluster_std=[rng.gamma(2) for i in range(6)])\nprint(X.shape, len(set(y)))',
          after:
            'X, y = make_blobs(n_samples=60, centers=3, random_state=rng, cluster_std=[rng.gamma(2) for i in range(6)][:3])\nprint(X.shape, len(set(y)))'
        }
      ]
    },
    context =>
      callsOf(context, { callees: ['make_blobs'], module: 'sklearn' }).flatMap(
        call => {
          const args = argsOf(context, call);
          const positional = args.filter(arg => !arg.name && !arg.star);
          const pick = (name: string, at: number) =>
            args.find(arg => arg.name === name) ?? positional[at];
          const std = pick('cluster_std', CLUSTER_STD);
          const centers = pick('centers', CENTERS);
          const samples = pick('n_samples', 0);
          if (!std || args.some(arg => arg.star)) {
            return [];
          }
          // No centers and a count of samples: three centers.
          const count = centers
            ? Private.centerCount(context, centers.value)
            : !samples || samples.value.name === 'Number'
              ? 3
              : null;
          const given = Private.listLength(context, std.value);
          if (count === null || given === null || given <= count) {
            return [];
          }
          return [
            matchAt(
              ID,
              std.value,
              [
                {
                  from: std.value.to,
                  to: std.value.to,
                  insert: `[:${count}]`
                }
              ],
              `${given} standard deviations for ${count} centers: the first ${count} were used.`
            )
          ];
        }
      )
  )
];

namespace Private {
  /** An integer literal's value, else null. */
  function integer(context: IRuleContext, node: SyntaxNode): number | null {
    const text = textOf(context, node);
    return node.name === 'Number' && /^\d+$/.test(text) ? Number(text) : null;
  }

  /** The elements of a list or tuple display; null when one is unpacked. */
  function elements(node: SyntaxNode): SyntaxNode[] | null {
    const items: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === '*') {
        return null;
      }
      if (!/^[[\](),]$/.test(child.name)) {
        items.push(child);
      }
    }
    return items;
  }

  /** How many centers: an integer, or a list of their coordinates. */
  export function centerCount(
    context: IRuleContext,
    node: SyntaxNode
  ): number | null {
    if (node.name === 'ArrayExpression' || node.name === 'TupleExpression') {
      return elements(node)?.length ?? null;
    }
    return integer(context, node);
  }

  /** The length of a list display, or of `[... for _ in range(n)]`; else null. */
  export function listLength(
    context: IRuleContext,
    node: SyntaxNode
  ): number | null {
    if (node.name === 'ArrayExpression') {
      return elements(node)?.length ?? null;
    }
    if (node.name !== 'ArrayComprehensionExpression') {
      return null;
    }
    const loops = node.getChildren('for');
    const source = loops.length === 1 ? loops[0].nextSibling : null;
    const range = source?.nextSibling?.nextSibling;
    if (
      node.getChild('if') ||
      range?.name !== 'CallExpression' ||
      calleeOf(context, range)?.name !== 'range' ||
      range.firstChild?.name !== 'VariableName'
    ) {
      return null;
    }
    const bounds = argsOf(context, range).map(arg =>
      arg.name || arg.star ? null : integer(context, arg.value)
    );
    if (bounds.some(bound => bound === null)) {
      return null;
    }
    const [first, second, step] = bounds as number[];
    if (bounds.length === 1) {
      return first;
    }
    return bounds.length === 2 || step === 1
      ? Math.max(0, second - first)
      : null;
  }
}
