import type { SyntaxNode } from '@lezer/common';
import { defineRule, matchAt } from './builders';
import { importsOf, nameMoved, nameRemoved } from './builders-imports';
import { argsOf, calleeOf, dottedName, resolve, spellModule } from './syntax';
import type { IRule, IRuleContext, IRuleMatch, ITextEdit } from './types';

const notes = (version: string) =>
  `https://docs.scipy.org/doc/scipy/release/${version}-notes.html`;
const IMREAD = 'scipy.misc.imread';
// A PNG written by the examples' setup, so that they read a real file.
const PNG_SETUP =
  "import numpy as np\nimport PIL.Image\nPIL.Image.fromarray(np.arange(12, dtype=np.uint8).reshape(3, 4)).save('_pixels.png')";

/**
 * Pillow's reading of an image as `scipy.misc.imread(name, flatten=False, mode=None)`
 * did it: the image converted to `mode` when given, then to floats when flattened, as a
 * (writable) array. Null for arguments it cannot read.
 */
function readWithPillow(
  context: IRuleContext,
  call: SyntaxNode
): ITextEdit[] | null {
  const args = argsOf(context, call);
  const params = ['name', 'flatten', 'mode'];
  const value: Record<string, string> = {};
  for (const [i, arg] of args.entries()) {
    const name = arg.name ?? params[i];
    if (arg.star || !params.includes(name) || (!arg.name && i > 2)) {
      return null;
    }
    value[name] = context.source.slice(arg.valueFrom, arg.valueTo);
  }
  const flatten = value.flatten ?? 'False';
  if (value.name === undefined || !/^(True|False|0|1)$/.test(flatten)) {
    return null;
  }
  const np = spellModule(context, 'numpy', 'np');
  const pil = spellModule(context, 'PIL.Image', 'PIL.Image');
  const converted =
    (value.mode ? `.convert(${value.mode})` : '') +
    (/True|1/.test(flatten) ? ".convert('F')" : '');
  const insert = `${np.name}.array(${pil.name}.open(${value.name})${converted})`;
  return [...np.edits, ...pil.edits, { from: call.from, to: call.to, insert }];
}

/** Whether a node sits in an import statement. */
function inImport(node: SyntaxNode): boolean {
  for (let at: SyntaxNode | null = node; at; at = at.parent) {
    if (at.name === 'ImportStatement') {
      return true;
    }
  }
  return false;
}

/**
 * `imread(path)` → `np.array(PIL.Image.open(path))` for every call of scipy's imread, by
 * any name the imports give it; its import goes only once every use in the source is a
 * call that was rewritten (a use left would lose its name).
 */
function findImread(context: IRuleContext): IRuleMatch[] {
  const id = 'scipy.misc-imread';
  const refersTo = (node: SyntaxNode) => {
    const dotted = dottedName(context, node);
    return (
      dotted !== null &&
      !context.defined.has(dotted.split('.')[0]) &&
      resolve(context, dotted) === IMREAD
    );
  };
  const matches: IRuleMatch[] = [];
  const rewritten = new Set<number>();
  for (const call of context.nodes('CallExpression')) {
    const callee = calleeOf(context, call);
    if (!callee || !refersTo(callee.node)) {
      continue;
    }
    const edits = readWithPillow(context, call);
    if (edits) {
      rewritten.add(callee.node.from);
    }
    matches.push(
      matchAt(
        id,
        call,
        edits ?? [],
        edits
          ? undefined
          : 'Read it with Pillow: np.array(PIL.Image.open(name)).'
      )
    );
  }
  const left = [
    ...context.nodes('VariableName'),
    ...context.nodes('MemberExpression')
  ].some(
    node =>
      !inImport(node) &&
      !rewritten.has(node.from) &&
      node.parent?.name !== 'MemberExpression' &&
      refersTo(node)
  );
  for (const { node, module, names } of importsOf(context)) {
    const imported = names.find(name => name.name === 'imread');
    if (module?.name !== 'scipy.misc' || !imported) {
      continue;
    }
    if (left) {
      matches.push(matchAt(id, node, []));
      continue;
    }
    // What the uses now name is imported where the old import stood.
    const needs = [
      spellModule(context, 'numpy', 'np'),
      spellModule(context, 'PIL.Image', 'PIL.Image')
    ].flatMap(spelled => spelled.edits);
    matches.push(
      matchAt(id, node, [
        ...needs,
        Private.dropName(context, node, names, imported)
      ])
    );
  }
  return matches;
}

namespace Private {
  /**
   * The edit taking `imread` out of its import: the name and its comma from a list; the
   * whole line when it was the only name (`pass` inside a block, which must keep one).
   */
  export function dropName(
    context: IRuleContext,
    node: SyntaxNode,
    names: ReturnType<typeof importsOf>[number]['names'],
    name: (typeof names)[number]
  ): ITextEdit {
    const index = names.indexOf(name);
    if (names.length > 1) {
      return index > 0
        ? { from: names[index - 1].end, to: name.end, insert: '' }
        : { from: name.from, to: names[1].from, insert: '' };
    }
    if (node.parent?.name !== 'Script') {
      return { from: node.from, to: node.to, insert: 'pass' };
    }
    const end = context.source[node.to] === '\n' ? node.to + 1 : node.to;
    return { from: node.from, to: end, insert: '' };
  }
}

/**
 * scipy.misc's image functions, removed in scipy 1.2 (they needed Pillow all along), and its
 * sample data, moved to scipy.datasets.
 */
export const scipyMiscRules: IRule[] = [
  defineRule(
    {
      id: 'scipy.misc-imread',
      targets: ['PIL.Image.open', 'numpy.array'],
      distribution: 'scipy',
      since: '1.2.0',
      summary:
        '`scipy.misc.imread` was removed in scipy 1.2: read the image with Pillow, `np.array(PIL.Image.open(name))`.',
      link: notes('1.2.0'),
      raises: {
        ename: ['ImportError', 'AttributeError'],
        message: /cannot import name 'imread'|has no attribute 'imread'/
      },
      needs: ['imread'],
      examples: [
        {
          setup: PNG_SETUP,
          before:
            "from scipy.misc import imread\npixels = imread('_pixels.png')\nprint(pixels.dtype, pixels.shape, pixels[2, 3])",
          after:
            "pixels = np.array(PIL.Image.open('_pixels.png'))\nprint(pixels.dtype, pixels.shape, pixels[2, 3])"
        },
        {
          setup: PNG_SETUP,
          before:
            "import scipy.misc\ngrey = scipy.misc.imread('_pixels.png', flatten=True)\nprint(grey.dtype, grey.max())",
          after:
            "import scipy.misc\ngrey = np.array(PIL.Image.open('_pixels.png').convert('F'))\nprint(grey.dtype, grey.max())"
        },
        {
          setup: PNG_SETUP,
          before:
            "from scipy.misc import imread as read_image\nrgb = read_image('_pixels.png', mode='RGB')\nprint(rgb.shape)",
          after:
            "rgb = np.array(PIL.Image.open('_pixels.png').convert('RGB'))\nprint(rgb.shape)"
        }
      ]
    },
    findImread
  ),
  nameRemoved({
    id: 'scipy.misc-imsave',
    distribution: 'scipy',
    since: '1.2.0',
    summary:
      '`scipy.misc.imsave` was removed in scipy 1.2: write images with Pillow or `matplotlib.pyplot.imsave`.',
    link: notes('1.2.0'),
    raises: {
      ename: ['ImportError', 'AttributeError'],
      message: /cannot import name 'imsave'|has no attribute 'imsave'/
    },
    module: 'scipy.misc',
    name: 'imsave',
    note: 'It scaled the array to 0-255 first: PIL.Image.fromarray(arr).save(name) for uint8 arrays, plt.imsave(name, arr, cmap="gray") for a grey float image.',
    examples: [
      {
        before: "from scipy.misc import imsave\nimsave('_out.png', [[0, 1]])",
        after: "from scipy.misc import imsave\nimsave('_out.png', [[0, 1]])"
      }
    ]
  }),
  nameRemoved({
    id: 'scipy.misc-imresize',
    distribution: 'scipy',
    since: '1.3.0',
    summary:
      '`scipy.misc.imresize` was removed in scipy 1.3: resize with Pillow, `PIL.Image.fromarray(arr).resize((width, height))`.',
    link: notes('1.3.0'),
    raises: {
      ename: ['ImportError', 'AttributeError'],
      message: /cannot import name 'imresize'|has no attribute 'imresize'/
    },
    module: 'scipy.misc',
    name: 'imresize',
    note: 'Its size was (height, width), a fraction or a percentage, and it scaled floats to 0-255 first: Pillow takes (width, height).',
    examples: [
      {
        before:
          'from scipy.misc import imresize\nprint(imresize([[0, 1]], (2, 4)).shape)',
        after:
          'from scipy.misc import imresize\nprint(imresize([[0, 1]], (2, 4)).shape)'
      }
    ]
  }),
  // The sample images and signal moved to scipy.datasets, which downloads them (pooch).
  ...['face', 'ascent', 'electrocardiogram'].map(name =>
    nameMoved({
      id: `scipy.misc-${name}`,
      distribution: 'scipy',
      since: '1.12.0',
      summary: `\`scipy.misc.${name}\` was removed in scipy 1.12: it is \`scipy.datasets.${name}\` (since 1.10), which downloads the file once (with pooch).`,
      link: notes('1.12.0'),
      raises: {
        ename: ['ImportError', 'AttributeError'],
        message: new RegExp(
          `cannot import name '${name}'|has no attribute '${name}'`
        )
      },
      module: 'scipy.misc',
      name,
      to: 'scipy.datasets',
      toName: name,
      examples: [
        {
          before: `from scipy import misc\nprint(misc.${name}().ndim)`,
          after: `from scipy import misc\nfrom scipy.datasets import ${name}\nprint(${name}().ndim)`,
          requires: ['pooch']
        }
      ]
    })
  )
];
