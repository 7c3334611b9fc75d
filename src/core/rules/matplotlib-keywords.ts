import { defineRule } from './builders';
import { onPlottingCall } from './matplotlib-calls';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';
import { argsOf, calleeOf } from './syntax';
import type { IRule } from './types';

// The keyword each bar function's positions had before matplotlib 2.0 named them, and now.
const POSITION: Record<string, readonly [string, string]> = {
  bar: ['left', 'x'],
  barh: ['bottom', 'y']
};

/** `ax.barh(bottom=ys, width=ws)`: the positions are `y` (`x` for bar) since matplotlib 3.0. */
const barPosition = defineRule(
  {
    id: 'matplotlib.bar-position-keyword',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary:
      "`bar(left=)` and `barh(bottom=)` were removed in matplotlib 3.0: the bars' positions are `x=` and `y=`.",
    link: notes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /\bbarh?\(\) missing 1 required positional argument: '[xy]'/
    },
    needs: ['left', 'bottom'],
    examples: [
      {
        setup: `${SETUP}\nfig, ax = plt.subplots()`,
        before:
          'bars = ax.barh(bottom=[0, 1], width=[2, 3], left=1, height=0.5)\nprint([b.get_y() for b in bars])',
        after:
          'bars = ax.barh(y=[0, 1], width=[2, 3], left=1, height=0.5)\nprint([b.get_y() for b in bars])',
        answer: 'True'
      },
      {
        setup: SETUP,
        before:
          'bars = plt.bar(left=[1, 2], height=[3, 4], bottom=1)\nprint([b.get_x() for b in bars])',
        after:
          'bars = plt.bar(x=[1, 2], height=[3, 4], bottom=1)\nprint([b.get_x() for b in bars])'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const names = callee && POSITION[callee.name];
      if (!names) {
        return [];
      }
      const [old, name] = names;
      const args = argsOf(context, call);
      const position = args.find(arg => arg.name === old);
      // A positional argument was the position already (the old keyword then failed too).
      if (
        !position ||
        args.some(arg => arg.name === undefined || arg.name === name)
      ) {
        return [];
      }
      return onPlottingCall(context, 'matplotlib.bar-position-keyword', call, [
        { from: position.from, to: position.from + old.length, insert: name }
      ]);
    })
);

/** Keywords of matplotlib plotting calls that were renamed or never taken. */
export const matplotlibKeywordRules: IRule[] = [barPosition];
