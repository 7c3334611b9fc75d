import {
  aliasReplaced,
  anyOf,
  attributeRenamed,
  defineRule,
  keywordRenamed,
  matchAt,
  methodRenamed,
  valueRenamed
} from './builders';
import {
  argsOf,
  calleeOf,
  dottedName,
  resolve,
  spellModule,
  stringValue,
  textOf
} from './syntax';
import type { IRule } from './types';
import {
  MATPLOTLIB_SETUP as SETUP,
  matplotlibNotes as notes
} from './matplotlib-info';

const unexpected = (keyword: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`unexpected keyword argument '${keyword}'`)
});
const noAttribute = (name: string) => ({
  ename: 'AttributeError',
  message: new RegExp(`has no attribute '${name}'`)
});
// Colormaps removed in matplotlib 2.2, by the name that replaced them.
const COLORMAPS: Record<string, string> = {
  spectral: 'nipy_spectral',
  Vega10: 'tab10',
  Vega20: 'tab20',
  Vega20b: 'tab20b',
  Vega20c: 'tab20c'
};

/** Today's name of a removed colormap (`spectral_r` → `nipy_spectral_r`); null for others. */
function colormapRenamed(name: string): string | null {
  const reversed = name.endsWith('_r');
  const base = reversed ? name.slice(0, -2) : name;
  const to = COLORMAPS[base];
  return to === undefined ? null : `${to}${reversed ? '_r' : ''}`;
}

/** A colormap name's source, renamed when the colormap was removed. */
function colormapSource(text: string): string {
  const value = stringValue(text);
  const renamed = value === null ? null : colormapRenamed(value);
  return renamed === null ? text : text.replace(value!, renamed);
}

/** What the colormap rule's detector parts say of themselves; the rule's entry says the rest. */
const COLORMAP_PART = {
  id: 'matplotlib.removed-colormaps',
  distribution: 'matplotlib',
  since: '2.2.0',
  summary: '',
  link: '',
  examples: []
};

const GET_CMAP = new Set([
  'matplotlib.cm.get_cmap',
  'matplotlib.pyplot.cm.get_cmap'
]);

/** matplotlib API removals, 2.2 to 3.9. */
export const matplotlibRules: IRule[] = [
  keywordRenamed({
    id: 'matplotlib.hist-normed',
    distribution: 'matplotlib',
    since: '3.1.0',
    summary: '`hist(normed=)` was removed in matplotlib 3.1: use `density=`.',
    link: notes('3.1.0'),
    raises: unexpected('normed'),
    callees: ['hist'],
    keyword: 'normed',
    to: 'density',
    examples: [
      {
        setup: SETUP,
        before: 'print(plt.hist([1, 2, 2, 3], normed=True)[0].round(2))',
        after: 'print(plt.hist([1, 2, 2, 3], density=True)[0].round(2))'
      }
    ]
  }),
  valueRenamed({
    id: 'matplotlib.seaborn-styles',
    targets: [
      "matplotlib.style.library['seaborn-v0_8']",
      "matplotlib.style.library['seaborn-v0_8-whitegrid']",
      "matplotlib.style.library['seaborn-v0_8-darkgrid']",
      "matplotlib.style.library['seaborn-v0_8-white']",
      "matplotlib.style.library['seaborn-v0_8-dark']",
      "matplotlib.style.library['seaborn-v0_8-ticks']",
      "matplotlib.style.library['seaborn-v0_8-paper']",
      "matplotlib.style.library['seaborn-v0_8-notebook']",
      "matplotlib.style.library['seaborn-v0_8-talk']",
      "matplotlib.style.library['seaborn-v0_8-poster']",
      "matplotlib.style.library['seaborn-v0_8-colorblind']",
      "matplotlib.style.library['seaborn-v0_8-deep']",
      "matplotlib.style.library['seaborn-v0_8-muted']",
      "matplotlib.style.library['seaborn-v0_8-pastel']",
      "matplotlib.style.library['seaborn-v0_8-bright']",
      "matplotlib.style.library['seaborn-v0_8-dark-palette']"
    ],
    distribution: 'matplotlib',
    since: '3.8.0',
    summary:
      "The bundled seaborn styles are named 'seaborn-v0_8-*' since matplotlib 3.6 (old names removed in 3.8).",
    link: notes('3.6.0'),
    raises: { ename: 'OSError', message: /is not a valid package style/ },
    callees: ['use', 'context'],
    keyword: 'style',
    position: 0,
    rename: value =>
      /^seaborn(-[a-z]+)?$/.test(value)
        ? value.replace('seaborn', 'seaborn-v0_8')
        : null,
    examples: [
      {
        setup: SETUP,
        before:
          "plt.style.use('seaborn-whitegrid')\nprint(plt.rcParams['axes.facecolor'])",
        after:
          "plt.style.use('seaborn-v0_8-whitegrid')\nprint(plt.rcParams['axes.facecolor'])"
      }
    ]
  }),
  defineRule(
    {
      id: 'matplotlib.cm-get-cmap',
      targets: ['matplotlib.colormaps', 'matplotlib.colors.Colormap.resampled'],
      needs: ['get_cmap'],
      distribution: 'matplotlib',
      since: '3.9.0',
      summary:
        '`cm.get_cmap` was removed in matplotlib 3.9: use `matplotlib.colormaps[name]`.',
      link: notes('3.9.0'),
      raises: noAttribute('get_cmap'),
      examples: [
        {
          setup: SETUP,
          before:
            "from matplotlib import cm\nprint(cm.get_cmap('viridis', 4).N)",
          after:
            "from matplotlib import cm\nprint(matplotlib.colormaps['viridis'].resampled(4).N)"
        }
      ]
    },
    context =>
      context.nodes('CallExpression').flatMap(call => {
        const callee = calleeOf(context, call);
        const dotted = callee && dottedName(context, callee.node);
        const args = argsOf(context, call);
        if (
          !dotted ||
          !GET_CMAP.has(resolve(context, dotted)) ||
          args.length < 1 ||
          args.length > 2 ||
          args.some(a => a.star)
        ) {
          return [];
        }
        const [name, lut] = args.map(arg =>
          context.source.slice(arg.valueFrom, arg.valueTo)
        );
        const mpl = spellModule(context, 'matplotlib', 'matplotlib');
        const insert = `${mpl.name}.colormaps[${colormapSource(name)}]${lut ? `.resampled(${lut})` : ''}`;
        return [
          matchAt('matplotlib.cm-get-cmap', call, [
            ...mpl.edits,
            { from: call.from, to: call.to, insert }
          ])
        ];
      })
  ),
  keywordRenamed({
    id: 'matplotlib.bar-colors',
    distribution: 'matplotlib',
    since: '2.0.0',
    summary:
      '`bar(colors=)` is not a bar parameter (today it raises): the colours are `color=`.',
    link: 'https://matplotlib.org/stable/api/_as_gen/matplotlib.pyplot.bar.html',
    raises: unexpected('colors'),
    callees: ['bar', 'barh'],
    keyword: 'colors',
    to: 'color',
    examples: [
      {
        setup: SETUP,
        before:
          "bars = plt.bar([1, 2], [3, 4], colors=['red', 'green'])\nprint(bars[1].get_facecolor())",
        after:
          "bars = plt.bar([1, 2], [3, 4], color=['red', 'green'])\nprint(bars[1].get_facecolor())"
      }
    ]
  }),
  keywordRenamed({
    id: 'matplotlib.axisbg',
    distribution: 'matplotlib',
    since: '2.2.0',
    summary: '`axisbg=` was removed in matplotlib 2.2: use `facecolor=`.',
    link: notes('2.2'),
    raises: unexpected('axisbg'),
    callees: ['subplot', 'add_subplot', 'axes', 'add_axes'],
    keyword: 'axisbg',
    to: 'facecolor',
    examples: [
      {
        setup: SETUP,
        before: "print(plt.subplot(111, axisbg='white').get_facecolor())",
        after: "print(plt.subplot(111, facecolor='white').get_facecolor())"
      }
    ]
  }),
  methodRenamed({
    id: 'matplotlib.set-axis-bgcolor',
    targets: ['matplotlib.axes.Axes.set_facecolor'],
    distribution: 'matplotlib',
    since: '2.2.0',
    summary:
      '`set_axis_bgcolor` was removed in matplotlib 2.2: use `set_facecolor`.',
    link: notes('2.2'),
    raises: noAttribute('set_axis_bgcolor'),
    attribute: 'set_axis_bgcolor',
    to: 'set_facecolor',
    examples: [
      {
        setup: SETUP,
        before:
          "ax = plt.gca()\nax.set_axis_bgcolor('black')\nprint(ax.get_facecolor())",
        after:
          "ax = plt.gca()\nax.set_facecolor('black')\nprint(ax.get_facecolor())"
      }
    ]
  }),
  keywordRenamed({
    id: 'matplotlib.grid-b',
    distribution: 'matplotlib',
    since: '3.7.0',
    summary: '`grid(b=)` was removed in matplotlib 3.7: use `grid(visible=)`.',
    link: notes('3.7.0'),
    raises: { ename: 'ValueError', message: /grid_b/ },
    callees: ['grid'],
    keyword: 'b',
    to: 'visible',
    examples: [
      {
        setup: SETUP,
        before:
          'ax = plt.gca()\nax.grid(b=True)\nprint(ax.xaxis.get_gridlines()[0].get_visible())',
        after:
          'ax = plt.gca()\nax.grid(visible=True)\nprint(ax.xaxis.get_gridlines()[0].get_visible())'
      }
    ]
  }),
  methodRenamed({
    id: 'matplotlib.gca-projection',
    targets: ['matplotlib.figure.Figure.add_subplot'],
    distribution: 'matplotlib',
    since: '3.6.0',
    summary:
      "`fig.gca(projection='3d')` was removed in matplotlib 3.6: use `fig.add_subplot(projection='3d')`.",
    link: notes('3.6.0'),
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'projection'/
    },
    attribute: 'gca',
    to: 'add_subplot',
    when: (context, call) =>
      argsOf(context, call).some(arg => arg.name === 'projection'),
    examples: [
      {
        setup: SETUP,
        before: "ax = plt.figure().gca(projection='polar')\nprint(ax.name)",
        after:
          "ax = plt.figure().add_subplot(projection='polar')\nprint(ax.name)"
      }
    ]
  }),
  // A 3-D axes' w_xaxis, w_yaxis and w_zaxis.
  ...['x', 'y', 'z'].map(axis =>
    attributeRenamed({
      id: `matplotlib.axes3d-w-${axis}axis`,
      distribution: 'matplotlib',
      since: '3.8.0',
      summary: `A 3-D axes' \`w_${axis}axis\` was removed in matplotlib 3.8: it is its \`${axis}axis\`.`,
      link: notes('3.8.0'),
      raises: noAttribute(`w_${axis}axis`),
      attribute: `w_${axis}axis`,
      to: `${axis}axis`,
      examples: [
        {
          setup: SETUP,
          before: `ax = plt.figure().add_subplot(projection='3d')\nax.w_${axis}axis.set_ticklabels([])\nprint(ax.w_${axis}axis.axis_name)`,
          after: `ax = plt.figure().add_subplot(projection='3d')\nax.${axis}axis.set_ticklabels([])\nprint(ax.${axis}axis.axis_name)`
        }
      ]
    })
  ),
  attributeRenamed({
    id: 'matplotlib.set-window-title',
    targets: ['matplotlib.backend_bases.FigureManagerBase.set_window_title'],
    distribution: 'matplotlib',
    since: '3.6.0',
    summary:
      '`canvas.set_window_title` was removed in matplotlib 3.6: use `canvas.manager.set_window_title`.',
    link: notes('3.6.0'),
    raises: noAttribute('set_window_title'),
    attribute: 'set_window_title',
    to: 'manager.set_window_title',
    call: true,
    when: (context, call) =>
      /\bcanvas$/.test(
        context.source.slice(
          call.from,
          calleeOf(context, call)!.node.firstChild!.to
        )
      ),
    examples: [
      {
        setup: SETUP,
        before:
          "fig = plt.figure()\nfig.canvas.set_window_title('results')\nprint(fig.canvas.manager.get_window_title())",
        after:
          "fig = plt.figure()\nfig.canvas.manager.set_window_title('results')\nprint(fig.canvas.manager.get_window_title())"
      }
    ]
  }),
  keywordRenamed({
    id: 'matplotlib.bar-left',
    distribution: 'matplotlib',
    since: '3.0.0',
    summary: '`bar(left=)` was removed in matplotlib 3.0: use `bar(x=)`.',
    link: notes('3.0.0'),
    raises: {
      ename: 'TypeError',
      message: /missing 1 required positional argument: 'x'/
    },
    callees: ['bar'],
    keyword: 'left',
    to: 'x',
    examples: [
      {
        setup: SETUP,
        before: 'print(len(plt.bar(left=[1, 2], height=[3, 4])))',
        after: 'print(len(plt.bar(x=[1, 2], height=[3, 4])))'
      }
    ]
  }),
  aliasReplaced({
    id: 'matplotlib.mlab-normpdf',
    distribution: 'matplotlib',
    since: '3.1.0',
    summary:
      '`mlab.normpdf` was removed in matplotlib 3.1: use `scipy.stats.norm.pdf`.',
    link: notes('3.1.0'),
    raises: noAttribute('normpdf'),
    module: 'matplotlib.mlab',
    name: 'normpdf',
    to: '@.norm.pdf',
    importing: { module: 'scipy.stats', alias: 'scipy.stats' },
    examples: [
      {
        setup: SETUP,
        before:
          'from matplotlib import mlab\nprint(round(mlab.normpdf(0.0, 0.0, 1.0), 4))',
        after:
          'from matplotlib import mlab\nimport scipy.stats\nprint(round(scipy.stats.norm.pdf(0.0, 0.0, 1.0), 4))'
      }
    ]
  }),
  aliasReplaced({
    id: 'matplotlib.cbook-iterable',
    distribution: 'matplotlib',
    since: '3.1.0',
    summary:
      '`cbook.iterable` was removed in matplotlib 3.1: use `numpy.iterable`.',
    link: notes('3.1.0'),
    raises: noAttribute('iterable'),
    module: 'matplotlib.cbook',
    name: 'iterable',
    to: '@.iterable',
    importing: { module: 'numpy', alias: 'np' },
    examples: [
      {
        setup: SETUP,
        before: 'from matplotlib import cbook\nprint(cbook.iterable([1]))',
        after:
          'from matplotlib import cbook\nimport numpy as np\nprint(np.iterable([1]))'
      }
    ]
  }),
  aliasReplaced({
    id: 'matplotlib.register-cmap',
    distribution: 'matplotlib',
    since: '3.9.0',
    summary:
      '`cm.register_cmap` was removed in matplotlib 3.9: use `matplotlib.colormaps.register`.',
    link: notes('3.9.0'),
    raises: noAttribute('register_cmap'),
    module: 'matplotlib.cm',
    name: 'register_cmap',
    to: '@.colormaps.register',
    importing: { module: 'matplotlib', alias: 'matplotlib' },
    examples: [
      {
        setup: `${SETUP}\nfrom matplotlib.colors import ListedColormap`,
        before:
          "from matplotlib import cm\ncm.register_cmap(name='two', cmap=ListedColormap(['r', 'b']))\nprint('two' in matplotlib.colormaps)",
        after:
          "from matplotlib import cm\nmatplotlib.colormaps.register(name='two', cmap=ListedColormap(['r', 'b']))\nprint('two' in matplotlib.colormaps)"
      }
    ]
  }),
  anyOf(
    {
      id: 'matplotlib.removed-colormaps',
      targets: Object.values(COLORMAPS).flatMap(name => [
        `matplotlib.colormaps['${name}']`,
        `matplotlib.colormaps['${name}_r']`,
        `matplotlib.cm.${name}`
      ]),
      distribution: 'matplotlib',
      since: '2.2.0',
      summary:
        "The colormaps 'spectral' and 'Vega*' were removed in matplotlib 2.2: they are 'nipy_spectral' and 'tab*'.",
      link: notes('2.2'),
      raises: {
        ename: ['ValueError', 'KeyError', 'AttributeError'],
        message:
          /'(spectral|Vega\w+)(_r)?' is not a valid value|has no attribute '(spectral|Vega\w+)(_r)?'/
      },
      examples: [
        {
          setup: `${SETUP}\nimport numpy as np`,
          before:
            "im = plt.imshow(np.eye(3), cmap='spectral')\nprint(im.get_cmap().name)",
          after:
            "im = plt.imshow(np.eye(3), cmap='nipy_spectral')\nprint(im.get_cmap().name)"
        },
        {
          setup: SETUP,
          before: 'print(plt.cm.spectral(0.5)[:3])',
          after: 'print(plt.cm.nipy_spectral(0.5)[:3])'
        }
      ]
    },
    [
      valueRenamed({
        ...COLORMAP_PART,
        keyword: 'cmap',
        rename: colormapRenamed
      }),
      valueRenamed({
        ...COLORMAP_PART,
        callees: ['get_cmap', 'set_cmap'],
        position: 0,
        keyword: 'name',
        rename: colormapRenamed
      }),
      defineRule(
        {
          ...COLORMAP_PART,
          needs: ['spectral', 'Vega']
        },
        context =>
          context.nodes('PropertyName').flatMap(property => {
            const renamed = colormapRenamed(textOf(context, property));
            const owner = property.parent?.firstChild;
            const dotted = owner ? dottedName(context, owner) : null;
            const module = dotted === null ? '' : resolve(context, dotted);
            // `plt.cm.spectral`, `cm.spectral`, `plt.spectral()`: never another object's.
            if (
              renamed === null ||
              !/^matplotlib\.(cm|pyplot(\.cm)?)$|^pylab(\.cm)?$/.test(module)
            ) {
              return [];
            }
            return [
              matchAt('matplotlib.removed-colormaps', property.parent!, [
                { from: property.from, to: property.to, insert: renamed }
              ])
            ];
          })
      )
    ]
  )
];
