import type { SyntaxNode } from '@lezer/common';
import { callsOf, defineRule, matchAt } from './builders';
import { evaluableAgain } from './numpy-shapes';
import { sklearnNotes } from './sklearn-modules';
import { appendArgument, argsOf, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

const ID = 'sklearn.tsne-perplexity';
/** TSNE's default perplexity, then and now. */
const DEFAULT = '30';

/**
 * TSNE refuses a perplexity of as many samples as it embeds or more since 1.2; before, it
 * searched for it in vain and spread each point's neighbours evenly, as the largest
 * perplexity it can reach (one less than the samples) does. The docstring example that
 * notebooks copied embeds four points with the default 30. Once a TSNE has failed so, each
 * `TSNE(...).fit_transform(X)` (or `.fit(X)`) of the cell gets `perplexity=min(30, len(X) - 1)`,
 * or its own perplexity capped the same way: unchanged for data of more samples.
 */
export const sklearnManifoldRules: IRule[] = [
  defineRule(
    {
      id: ID,
      onFailureOnly: true,
      distribution: 'scikit-learn',
      since: '1.2',
      summary:
        "TSNE's perplexity must be less than the number of samples since 1.2: a larger one is capped at one less, which is what the search for it ended at before.",
      link: sklearnNotes('1.2'),
      raises: {
        ename: 'ValueError',
        message: /^perplexity \(.*\) must be less than n_samples/
      },
      examples: [
        {
          before:
            'import numpy as np\nfrom sklearn.manifold import TSNE\nX = np.array([[0, 0, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]])\nprint(TSNE(n_components=2).fit_transform(X).shape)',
          after:
            'import numpy as np\nfrom sklearn.manifold import TSNE\nX = np.array([[0, 0, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]])\nprint(TSNE(n_components=2, perplexity=min(30, len(X) - 1)).fit_transform(X).shape)'
        }
      ]
    },
    context =>
      callsOf(context, { callees: ['TSNE'], module: 'sklearn' }).flatMap(
        call => Private.capped(context, call) ?? []
      ),
    ['TSNE']
  )
];

namespace Private {
  /** The match capping one TSNE's perplexity at the samples it is fitted on right away. */
  export function capped(
    context: IRuleContext,
    call: SyntaxNode
  ): IRuleMatch | null {
    // `TSNE(...).fit_transform(X)`: the call, a member, then the fit's own call.
    const member = call.parent;
    const fit = member?.parent;
    if (
      member?.name !== 'MemberExpression' ||
      fit?.name !== 'CallExpression' ||
      !['fit_transform', 'fit'].includes(
        textOf(context, member.lastChild!).trim()
      )
    ) {
      return null;
    }
    const data = argsOf(context, fit)[0];
    const args = argsOf(context, call);
    if (
      !data ||
      (data.name !== undefined && data.name !== 'X') ||
      data.star ||
      !evaluableAgain(data.value) ||
      args.some(arg => arg.star)
    ) {
      return null;
    }
    const samples = `len(${context.source.slice(data.valueFrom, data.valueTo)}) - 1`;
    const given = args.find(arg => arg.name === 'perplexity');
    const value = given
      ? context.source.slice(given.valueFrom, given.valueTo)
      : undefined;
    if (value?.replace(/\s/g, '').includes(samples.replace(/\s/g, ''))) {
      return null; // Capped already.
    }
    return matchAt(ID, call, [
      given
        ? {
            from: given.valueFrom,
            to: given.valueTo,
            insert: `min(${value}, ${samples})`
          }
        : appendArgument(
            context,
            call,
            `perplexity=min(${DEFAULT}, ${samples})`
          )
    ]);
  }
}
