import { callsOf, defineRule, matchAt } from './builders';
import { argsOf } from './syntax';
import { sklearnNotes } from './sklearn-modules';
import type { IRule } from './types';

// Values the kernel may evaluate to answer a question: names, attributes, plain subscripts.
const PLAIN = /^[A-Za-z_][\w.]*(?:\[[\w\s:,'"-]*\])*$/;

/**
 * `binarize(probabilities, threshold)` on a 1-D array thresholded each value and gave a
 * 1-D array; today's binarize takes only 2-D input. One row in, its row out keeps the
 * values and the shape. The kernel says whether the input is 1-D.
 */
const binarize1d = defineRule(
  {
    id: 'sklearn.binarize-1d',
    distribution: 'scikit-learn',
    since: '0.19',
    summary:
      '`binarize` takes 2-D input only since 0.19: a 1-D array is passed as one row and its row read back.',
    link: sklearnNotes('0.19'),
    raises: {
      ename: 'ValueError',
      message: /Expected 2D array, got 1D array instead/
    },
    needs: ['binarize'],
    examples: [
      {
        setup:
          'import numpy as np\nfrom sklearn.preprocessing import binarize\nprobs = np.array([0.1, 0.4, 0.8])',
        before: 'print(binarize(probs, threshold=0.25))',
        after: 'print(binarize([probs], threshold=0.25)[0])',
        answer: '1'
      }
    ]
  },
  context =>
    callsOf(context, { callees: ['binarize'], module: 'sklearn' }).flatMap(
      call => {
        const [first] = argsOf(context, call);
        const text =
          first && !first.name && !first.star
            ? context.source.slice(first.valueFrom, first.valueTo)
            : '';
        if (!PLAIN.test(text)) {
          return [];
        }
        const match = matchAt('sklearn.binarize-1d', call, []);
        match.question = {
          expression: `__import__('numpy').ndim(${text})`,
          decide: answer =>
            answer === '1'
              ? [
                  { from: first.valueFrom, to: first.valueFrom, insert: '[' },
                  { from: first.valueTo, to: first.valueTo, insert: ']' },
                  { from: call.to, to: call.to, insert: '[0]' }
                ]
              : null
        };
        return [match];
      }
    )
);

/** Inputs scikit-learn's functions no longer take in their old shape. */
export const sklearnInputRules: IRule[] = [binarize1d];
