import { defineRule, matchAt } from './builders';
import { PYPLOT } from './receivers';
import { argsOf, calleeOf, dottedName, resolve } from './syntax';
import type { IRule } from './types';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';

/**
 * The parameters patches took positionally before matplotlib 3.6 made them keyword-only
 * (removed in 3.8), after the ones that are still positional.
 */
const PATCHES: Record<string, { positional: number; old: string[] }> = {
  Ellipse: { positional: 3, old: ['angle'] },
  Rectangle: { positional: 3, old: ['angle'] },
  Arc: { positional: 3, old: ['angle', 'theta1', 'theta2'] },
  RegularPolygon: { positional: 2, old: ['radius', 'orientation'] },
  Polygon: { positional: 1, old: ['closed'] },
  Wedge: { positional: 4, old: ['width'] },
  Arrow: { positional: 4, old: ['width'] },
  CirclePolygon: { positional: 2, old: ['resolution'] },
  FancyArrow: {
    positional: 4,
    old: [
      'width',
      'length_includes_head',
      'head_width',
      'head_length',
      'shape',
      'overhang',
      'head_starts_at_zero'
    ]
  }
};

/** `Ellipse(xy, w, h, 30)` → `Ellipse(xy, w, h, angle=30)`. */
const patchPositional = defineRule(
  {
    id: 'matplotlib.patch-keyword-only',
    distribution: 'matplotlib',
    since: '3.8.0',
    summary:
      "Patches' optional parameters (`Ellipse`'s and `Rectangle`'s `angle`, `Arc`'s `theta1`, …) are keyword-only since matplotlib 3.8: pass them by name.",
    link: notes('3.6.0'),
    raises: {
      ename: 'TypeError',
      message: new RegExp(
        `^(${Object.keys(PATCHES).join('|')})\\.__init__\\(\\) takes .*positional arguments? but \\d+ (positional arguments? )?(\\(and \\d+ keyword-only arguments?\\) )?were given`
      )
    },
    needs: Object.keys(PATCHES),
    examples: [
      {
        setup: `${SETUP}\nfrom matplotlib import patches`,
        before:
          "e = patches.Ellipse((0, 0), 4, 2, 90, color='k')\nprint(e.angle)",
        after:
          "e = patches.Ellipse((0, 0), 4, 2, angle=90, color='k')\nprint(e.angle)"
      },
      {
        setup: SETUP,
        before: 'r = plt.Rectangle((0, 0), 1, 2, 45)\nprint(r.get_angle())',
        after: 'r = plt.Rectangle((0, 0), 1, 2, angle=45)\nprint(r.get_angle())'
      }
    ]
  },
  context =>
    context.nodes('CallExpression').flatMap(call => {
      const callee = calleeOf(context, call);
      const spec = callee ? PATCHES[callee.name] : undefined;
      const dotted = callee && dottedName(context, callee.node);
      if (!spec || dotted === null) {
        return [];
      }
      const resolved = resolve(context, dotted);
      if (
        resolved !== `matplotlib.patches.${callee!.name}` &&
        !PYPLOT.test(resolved)
      ) {
        return [];
      }
      const args = argsOf(context, call);
      const positional = args.filter(arg => !arg.name);
      const extra = positional.slice(spec.positional);
      if (
        extra.length === 0 ||
        extra.length > spec.old.length ||
        positional.some(arg => arg.star) ||
        extra.some((_, i) => args.some(a => a.name === spec.old[i]))
      ) {
        return [];
      }
      return [
        matchAt(
          'matplotlib.patch-keyword-only',
          call,
          extra.map((arg, i) => ({
            from: arg.from,
            to: arg.from,
            insert: `${spec.old[i]}=`
          }))
        )
      ];
    })
);

/** matplotlib patches whose optional parameters became keyword-only. */
export const matplotlibPatchRules: IRule[] = [patchPositional];
