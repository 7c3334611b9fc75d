import { askedMatch, callsOf, defineRule, matchAt } from './builders';
import { importsOf, moduleMoved, nameMoved } from './builders-imports';
import { DOWNLOAD_FAILED } from './data-copies';
import { argsOf, commentedOut, stringValue, textOf } from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';
import { WIDGETS_INSTALLED } from './widgets';

/** IPython's release notes of a major version. */
export const ipythonNotes = (version: string) =>
  `https://ipython.readthedocs.io/en/stable/whatsnew/version${version}.html`;
const moduleGone = (module: string) => ({
  ename: 'ModuleNotFoundError',
  message: new RegExp(`No module named '${module}'`)
});
// A line that loads or runs the watermark extension: `%load_ext watermark`, `%watermark -v`.
const WATERMARK_MAGIC =
  /^[ \t]*%((re)?load_ext[ \t]+watermark|watermark)\b[^\n]*(\n|$)/gm;

/**
 * Moving `IPython.html.widgets` to `ipywidgets` helps only where ipywidgets is installed:
 * the kernel is asked first (without it, widgets.ts calls the controls' functions instead).
 */
function onlyWhereInstalled(to: string, rule: IRule): IRule {
  if (to !== 'ipywidgets') {
    return rule;
  }
  return {
    ...rule,
    find: context =>
      rule.find(context).map(match => ({
        ...match,
        edits: [],
        question: {
          expression: WIDGETS_INSTALLED,
          decide: answer => (answer === 'True' ? match.edits : null)
        }
      }))
  };
}

// A magic written with a space after its `%` (`% matplotlib inline`), which IPython 7
// stopped reading as the magic.
const SPACED_MAGIC = /^([ \t]*%{1,2})[ \t]+(?=[A-Za-z_])/gm;
// A line magic on a line of its own: `%inline`, `%matplotlib inline`.
const LINE_MAGIC = /^[ \t]*%([A-Za-z_]\w*)[^\n]*/gm;

/** Whether a `%` line at `at` is a magic: one is blank to the parser; `% 2` inside brackets is Python. */
function isMagicAt(context: IRuleContext, at: number): boolean {
  const node = context.tree.resolveInner(at, 1);
  return node.name === 'Script' || node.name === 'Body';
}

/** IPython's split into Jupyter projects (4.0) and later removals. */
export const ipythonRules: IRule[] = [
  defineRule(
    {
      id: 'ipython.spaced-magic',
      needs: ['% '],
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'IPython no longer reads `% name` (a space after the `%`) as the magic `%name`.',
      link: ipythonNotes('7'),
      raises: {
        ename: 'UsageError',
        message: /Line magic function `%` not found|Cell magic `%%` not found/
      },
      examples: [
        {
          before:
            'n = 4\n% precision 2\nratio = (7\n         % n)\nprint(ratio)',
          after: 'n = 4\n%precision 2\nratio = (7\n         % n)\nprint(ratio)'
        }
      ]
    },
    context =>
      [...context.source.matchAll(SPACED_MAGIC)].flatMap(line => {
        const from = line.index!;
        const at = from + line[0].length;
        if (!isMagicAt(context, at)) {
          return [];
        }
        return [
          matchAt('ipython.spaced-magic', { from, to: at }, [
            { from, to: at, insert: line[1] }
          ])
        ];
      })
  ),
  defineRule(
    {
      id: 'ipython.missing-magic',
      needs: ['%'],
      distribution: 'ipython',
      since: '5.0.0',
      summary:
        'A line magic IPython does not have stops the cell since IPython 5; before, IPython printed an error and ran the rest of the cell. The line becomes a comment.',
      link: ipythonNotes('5'),
      raises: {
        ename: 'UsageError',
        message: /Line magic function `%\w+` not found/
      },
      // Only for its own failure: a magic the kernel lacks is asked about there.
      onFailureOnly: true,
      examples: [
        {
          before:
            'import numpy as np\n%inline\nx = np.arange(4)\nprint(x.sum())',
          after:
            'import numpy as np\n# %inline  (IPython has no such magic)\nx = np.arange(4)\nprint(x.sum())',
          answer: 'False'
        }
      ]
    },
    context =>
      [...context.source.matchAll(LINE_MAGIC)].flatMap(line => {
        const from = line.index!;
        const to = from + line[0].length;
        const start = from + line[0].indexOf('%');
        if (!isMagicAt(context, start)) {
          return [];
        }
        const magic = JSON.stringify(line[1]);
        return [
          askedMatch(
            'ipython.missing-magic',
            { from: start, to },
            `${magic} in get_ipython().magics_manager.magics['line']`,
            [
              {
                from: start,
                to,
                insert: `${commentedOut(line[0].trimStart())}  (IPython has no such magic)`
              }
            ],
            undefined,
            'False'
          )
        ];
      })
  ),
  ...(
    [
      ['IPython.html.widgets', 'ipywidgets', 'widgets', 'IntSlider'],
      ['IPython.utils.traitlets', 'traitlets', 'traitlets', 'Int'],
      ['IPython.config', 'traitlets.config', 'config', 'Config'],
      ['IPython.nbformat', 'nbformat', 'nbformat', 'v4']
    ] as const
  ).map(([module, to, id, name]) =>
    onlyWhereInstalled(
      to,
      moduleMoved({
        id: `ipython.${id}`,
        distribution: 'ipython',
        since: '4.0.0',
        summary: `\`${module}\` moved out of IPython in 4.0: it is \`${to}\`.`,
        link: 'https://ipython.readthedocs.io/en/stable/whatsnew/version4.html',
        raises: {
          ename: 'ModuleNotFoundError',
          message: /No module named 'IPython\./
        },
        module,
        to,
        examples: [
          {
            before: `from ${module} import ${name}\nprint(${name}.__name__)`,
            after: `from ${to} import ${name}\nprint(${name}.__name__)`,
            requires: to === 'ipywidgets' ? ['ipywidgets'] : undefined,
            answer: to === 'ipywidgets' ? 'True' : undefined
          }
        ]
      })
    )
  ),
  nameMoved({
    id: 'ipython.set-matplotlib-formats',
    distribution: 'ipython',
    since: '8.0.0',
    summary:
      '`IPython.display.set_matplotlib_formats` was removed: it lives in `matplotlib_inline.backend_inline`.',
    link: ipythonNotes('8'),
    raises: {
      ename: 'ImportError',
      message: /cannot import name 'set_matplotlib_formats'/
    },
    module: 'IPython.display',
    name: 'set_matplotlib_formats',
    to: 'matplotlib_inline.backend_inline',
    examples: [
      {
        before:
          "from IPython.display import set_matplotlib_formats\nset_matplotlib_formats('svg')\nprint('ok')",
        after:
          "from matplotlib_inline.backend_inline import set_matplotlib_formats\nset_matplotlib_formats('svg')\nprint('ok')"
      }
    ]
  }),
  nameMoved({
    id: 'ipython.core-display',
    distribution: 'ipython',
    since: '8.0.0',
    summary:
      '`display` is no longer importable from `IPython.core.display`: import it from `IPython.display`.',
    link: ipythonNotes('8'),
    raises: { ename: 'ImportError', message: /cannot import name 'display'/ },
    module: 'IPython.core.display',
    name: 'display',
    to: 'IPython.display',
    examples: [
      {
        before:
          'from IPython.core.display import display\nprint(callable(display))',
        after: 'from IPython.display import display\nprint(callable(display))'
      }
    ]
  }),
  defineRule(
    {
      id: 'ipython.watermark',
      needs: ['watermark'],
      // The kernel's Python: `%load_ext` needs no import of IPython to be probed.
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'The watermark extension is not installed: its lines only print versions, so they go.',
      link: 'https://github.com/rasbt/watermark#readme',
      raises: moduleGone('watermark'),
      examples: [
        {
          before: "%load_ext watermark\n%watermark -a 'me' -v\nprint('ok')",
          after: "print('ok')"
        },
        {
          before: "import watermark\nprint('ok')",
          after: "print('ok')"
        }
      ]
    },
    context => {
      // Cosmetic: it reports versions. Installing packages is not ours to do.
      if (context.versions.has('watermark')) {
        return [];
      }
      const note =
        'Cosmetic: watermark prints library versions and is not installed.';
      const matches: IRuleMatch[] = [];
      for (const line of context.source.matchAll(WATERMARK_MAGIC)) {
        const from = line.index!;
        const to = from + line[0].length;
        matches.push(
          matchAt(
            'ipython.watermark',
            { from, to },
            [{ from, to, insert: '' }],
            note
          )
        );
      }
      for (const { node, module, names } of importsOf(context)) {
        const only = module
          ? module.name === 'watermark'
          : names.length === 1 && names[0].name === 'watermark';
        if (only) {
          const end = context.source[node.to] === '\n' ? node.to + 1 : node.to;
          matches.push(
            matchAt(
              'ipython.watermark',
              node,
              [{ from: node.from, to: end, insert: '' }],
              note
            )
          );
        }
      }
      return matches;
    }
  ),
  defineRule(
    {
      id: 'ipython.image-url',
      needs: ['Image'],
      onFailureOnly: true,
      // Not a change of IPython's: an address that no longer answers, or no network.
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'An image the notebook downloads only to show it is not reachable: `Image(url=...)` shows it from its address instead, where the address still answers.',
      link: 'https://ipython.readthedocs.io/en/stable/api/generated/IPython.display.html#IPython.display.Image',
      raises: DOWNLOAD_FAILED,
      examples: [
        {
          before:
            "from IPython.display import Image\nmap = Image('http://example.invalid/ml_map.png', width=400)\nprint(map.url)",
          after:
            "from IPython.display import Image\nmap = Image(url='http://example.invalid/ml_map.png', width=400)\nprint(map.url)"
        }
      ]
    },
    // `Image('http://...')` downloads the image to embed it; `Image(url=...)` writes an
    // `<img>` tag and downloads nothing. Calls that ask to embed are left as they are.
    context =>
      callsOf(context, { callees: ['Image'], module: 'IPython' }).flatMap(
        call => {
          const args = argsOf(context, call);
          const first = args[0];
          const address =
            first && !first.name && !first.star
              ? stringValue(textOf(context, first.value))
              : null;
          if (
            !address ||
            !/^https?:\/\//.test(address) ||
            args.some(arg => arg.star || arg.name === 'embed')
          ) {
            return [];
          }
          return [
            matchAt(
              'ipython.image-url',
              first,
              [{ from: first.from, to: first.from, insert: 'url=' }],
              'The image is shown from its address, not embedded: it needs the network where the notebook is viewed.'
            )
          ];
        }
      )
  )
];
