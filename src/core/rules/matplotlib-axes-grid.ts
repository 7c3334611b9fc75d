import { defineRule, matchAt } from './builders';
import { importsOf } from './builders-imports';
import { MATPLOTLIB_SETUP as SETUP, matplotlibNotes } from './matplotlib-info';
import { dottedName, indentAt } from './syntax';
import type { IRule, IRuleMatch } from './types';

const ID = 'matplotlib.axes-grid-module';
const OLD = 'mpl_toolkits.axes_grid';
const GRID1 = 'mpl_toolkits.axes_grid1';
const ARTIST = 'mpl_toolkits.axisartist';

/**
 * What the modules of `mpl_toolkits.axes_grid` re-exported, by module (`''` for the package):
 * the module that has those names today, and the names it has (null: all of them, the old
 * module being a copy of that one). Names not listed went with the package.
 */
const MODULES: Record<string, readonly [string, readonly string[] | null]> = {
  '': [
    GRID1,
    [
      'Size',
      'Divider',
      'SubplotDivider',
      'make_axes_locatable',
      'Grid',
      'ImageGrid',
      'AxesGrid'
    ]
  ],
  axes_size: [`${GRID1}.axes_size`, null],
  axes_divider: [
    `${GRID1}.axes_divider`,
    ['AxesDivider', 'Divider', 'SubplotDivider', 'make_axes_locatable']
  ],
  axes_grid: [`${GRID1}.axes_grid`, ['AxesGrid', 'Grid', 'ImageGrid']],
  anchored_artists: [
    `${GRID1}.anchored_artists`,
    ['AnchoredDrawingArea', 'AnchoredAuxTransformBox', 'AnchoredSizeBar']
  ],
  inset_locator: [
    `${GRID1}.inset_locator`,
    [
      'AnchoredSizeLocator',
      'AnchoredZoomLocator',
      'BboxPatch',
      'BboxConnector',
      'BboxConnectorPatch',
      'inset_axes',
      'zoomed_inset_axes',
      'mark_inset'
    ]
  ],
  axes_rgb: [`${GRID1}.axes_rgb`, ['make_rgb_axes', 'RGBAxes']],
  parasite_axes: [
    `${ARTIST}.parasite_axes`,
    [
      'HostAxes',
      'ParasiteAxes',
      'SubplotHost',
      'host_axes_class_factory',
      'parasite_axes_class_factory'
    ]
  ],
  axislines: [`${ARTIST}.axislines`, null],
  axis_artist: [`${ARTIST}.axis_artist`, null],
  axisline_style: [`${ARTIST}.axisline_style`, null],
  angle_helper: [`${ARTIST}.angle_helper`, null],
  floating_axes: [`${ARTIST}.floating_axes`, null],
  grid_finder: [`${ARTIST}.grid_finder`, null],
  grid_helper_curvelinear: [`${ARTIST}.grid_helper_curvelinear`, null]
};

/** `mpl_toolkits.axes_grid.axislines` → `mpl_toolkits.axisartist.axislines`; null when it went. */
function movedModule(name: string): string | null {
  if (name === OLD) {
    return GRID1;
  }
  const sub = name.startsWith(`${OLD}.`) ? name.slice(OLD.length + 1) : null;
  return sub !== null && sub in MODULES && sub !== '' ? MODULES[sub][0] : null;
}

/** Where `from <module> import <name>` finds the name today, or null. */
function movedName(module: string, name: string): string | null {
  const sub = module === OLD ? '' : module.slice(OLD.length + 1);
  const entry = MODULES[sub];
  if (!entry) {
    return null;
  }
  if (entry[1] === null || entry[1].includes(name)) {
    return entry[0];
  }
  // `from mpl_toolkits.axes_grid import axislines`: a module of the package.
  const moved = sub === '' ? movedModule(`${OLD}.${name}`) : null;
  return moved?.slice(0, moved.lastIndexOf('.')) ?? null;
}

const GONE =
  'removed with `mpl_toolkits.axes_grid` in matplotlib 3.6, with no copy in `mpl_toolkits.axes_grid1` or `mpl_toolkits.axisartist`: the code using it must change (installing a package will not bring it back).';

/** `from mpl_toolkits.axes_grid.axislines import SubplotZero`: the package went in matplotlib 3.6. */
const axesGridModule = defineRule(
  {
    id: ID,
    distribution: 'matplotlib',
    since: '3.6.0',
    summary:
      '`mpl_toolkits.axes_grid` was removed in matplotlib 3.6: its names are in `mpl_toolkits.axes_grid1` and `mpl_toolkits.axisartist`.',
    link: matplotlibNotes('3.6.0'),
    raises: {
      ename: 'ModuleNotFoundError',
      message: /No module named 'mpl_toolkits\.axes_grid(\.\w+)*'/
    },
    targets: [
      `${GRID1}.make_axes_locatable`,
      `${GRID1}.axes_divider.make_axes_locatable`,
      `${GRID1}.inset_locator.inset_axes`,
      `${ARTIST}.axislines.SubplotZero`,
      `${ARTIST}.parasite_axes.SubplotHost`
    ],
    needs: ['axes_grid'],
    examples: [
      {
        setup: SETUP,
        before:
          'from mpl_toolkits.axes_grid.axislines import SubplotZero\nax = SubplotZero(plt.figure(), 111)\nprint(sorted(ax.axis)[:2])',
        after:
          'from mpl_toolkits.axisartist.axislines import SubplotZero\nax = SubplotZero(plt.figure(), 111)\nprint(sorted(ax.axis)[:2])'
      },
      {
        setup: SETUP,
        before:
          'from mpl_toolkits.axes_grid import make_axes_locatable, Size\ndivider = make_axes_locatable(plt.gca())\nprint(type(divider).__name__, callable(Size.Fixed))',
        after:
          'from mpl_toolkits.axes_grid1 import make_axes_locatable, Size\ndivider = make_axes_locatable(plt.gca())\nprint(type(divider).__name__, callable(Size.Fixed))'
      },
      {
        setup: SETUP,
        before:
          'import mpl_toolkits.axes_grid.inset_locator as il\nprint(callable(il.inset_axes))',
        after:
          'import mpl_toolkits.axes_grid1.inset_locator as il\nprint(callable(il.inset_axes))'
      }
    ]
  },
  context => {
    const matches: IRuleMatch[] = [];
    for (const { node, module, names } of importsOf(context)) {
      if (
        module &&
        (module.name === OLD || module.name.startsWith(`${OLD}.`))
      ) {
        // `from ... import *` reads no names: right only from a module copied whole.
        const star = names.length === 0;
        const moved = star
          ? [
              MODULES[module.name.slice(OLD.length + 1)]?.[1] === null
                ? movedModule(module.name)
                : null
            ]
          : names.map(name => movedName(module.name, name.name));
        const targets = [...new Set(moved)];
        if (targets.includes(null)) {
          const gone = star
            ? [`\`${module.name}\`'s names`]
            : names
                .filter((_, i) => moved[i] === null)
                .map(n => `\`${n.name}\``);
          matches.push(matchAt(ID, node, [], `${gone.join(', ')}: ${GONE}`));
          continue;
        }
        // Names now in two modules get an import each.
        const indent = indentAt(context.source, node.from);
        const imports = targets.map(
          target =>
            `from ${target} import ${names
              .filter((_, i) => moved[i] === target)
              .map(name => context.source.slice(name.from, name.end))
              .join(', ')}`
        );
        matches.push(
          matchAt(
            ID,
            node,
            targets.length === 1
              ? [{ from: module.from, to: module.to, insert: targets[0]! }]
              : [
                  {
                    from: node.from,
                    to: node.to,
                    insert: imports.join(`\n${indent}`)
                  }
                ]
          )
        );
        continue;
      }
      const old = (module ? [] : names).filter(
        run => run.name === OLD || run.name.startsWith(`${OLD}.`)
      );
      const gone = old.filter(run => movedModule(run.name) === null);
      if (gone.length > 0) {
        const which = gone.map(run => `\`${run.name}\``).join(', ');
        matches.push(matchAt(ID, node, [], `${which}: ${GONE}`));
      } else if (old.length > 0) {
        matches.push(
          matchAt(
            ID,
            node,
            old.map(run => ({
              from: run.from,
              to: run.to,
              insert: movedModule(run.name)!
            }))
          )
        );
      }
    }
    // Dotted uses after `import mpl_toolkits.axes_grid.axislines`: the longest module named,
    // and the package itself only before a name axes_grid1 has.
    for (const member of context.nodes('MemberExpression')) {
      const dotted = dottedName(context, member);
      const to = dotted === null ? null : movedModule(dotted);
      const outer =
        member.parent?.name === 'MemberExpression'
          ? dottedName(context, member.parent)
          : null;
      const name = outer?.slice(OLD.length + 1) ?? '';
      if (to && (dotted !== OLD || !outer || MODULES[''][1]!.includes(name))) {
        matches.push(
          matchAt(ID, member, [
            { from: member.from, to: member.to, insert: to }
          ])
        );
      }
    }
    return matches;
  }
);

/** matplotlib's removed toolkit modules. */
export const matplotlibToolkitRules: IRule[] = [axesGridModule];
