import type { SyntaxNode } from '@lezer/common';
import { spellName } from './bindings';
import { askedMatch, defineRule, matchAt } from './builders';
import { otherCells } from './engine';
import { inFunction } from './numpy-shapes';
import {
  argsOf,
  calleeOf,
  dottedName,
  indentAt,
  resolve,
  statementOf,
  stringValue,
  textOf
} from './syntax';
import type { IRule, IRuleContext, IRuleMatch } from './types';

/** Calls that read a file named by their first argument (or `fname=` / `filepath_or_buffer=`). */
export const READERS = [
  'read_csv',
  'read_table',
  'read_excel',
  'read_json',
  'read_parquet',
  'read_pickle',
  'read_hdf',
  'read_fwf',
  'read_stata',
  'read_sas',
  'loadtxt',
  'genfromtxt',
  'loadmat',
  'imread',
  'fromfile',
  // np.load, joblib.load: given a path (json.load and pickle.load take a file).
  'load',
  'load_svmlight_file',
  // IPython.display.Image of a file (PIL's Image is a module, never called).
  'Image'
];
// `open(path)` reads too, unless its mode writes.
const WRITE_MODE = /[wax]/;
// Types of node a path expression may be made of for the kernel to evaluate it again.
const PATH_PARTS = new Set([
  'String',
  // 'a/' 'b.csv' over two lines: the line break inside is an error node of its own.
  'ContinuedString',
  '⚠',
  'FormatString',
  'VariableName',
  'MemberExpression',
  'PropertyName',
  'BinaryExpression',
  'ArithOp',
  'ParenthesizedExpression',
  '(',
  ')',
  '.'
]);
const PATH_CALLS = ['os.path.join', 'os.path.abspath', 'os.path.expanduser'];
// Copies of one file compared byte for byte at most.
const MAX_COMPARED = 4;
// Names every competition and course gives its own data set (train.csv, test.csv, data.csv).
const GENERIC_NAME =
  /^(train|test|data|dataset|training|testing|valid|validation|submission|sample_submission)\.\w+$/i;
// Folders that keep a repository's data for any notebook in it.
const DATA_FOLDER = /^(data|datasets?|inputs?|raw|resources)$/i;

/**
 * Whether a file of a generic name is another project's data set rather than a copy: it is
 * reached through `..` and then a folder that is no data folder (`../titanic/train.csv` for
 * a notebook in `housing/`), and the path the code names shares nothing with it but the name.
 */
function anotherProjects(file: string, name: string, shared: number): boolean {
  if (!GENERIC_NAME.test(name) || shared > 1) {
    return false;
  }
  const segments = file.split('/');
  const up = segments.findIndex(segment => segment !== '..');
  const folders = segments.slice(up, -1);
  return (
    up > 0 && folders.length > 0 && !folders.some(f => DATA_FOLDER.test(f))
  );
}

/** A file of the tree named like a path, and how many trailing parts of the path it shares. */
interface ICandidate {
  file: string;
  segments: string[];
  shared: number;
}

/**
 * The files of the tree named like the path or URL the code names, another project's data
 * set of that name left out. A URL's stray spaces (`'.../winequality-red.csv '`) are no part
 * of its name, nor are its query and fragment; a `#` in a local path is (`E:\\#ML course`).
 */
function candidatesFor(files: ReadonlySet<string>, path: string): ICandidate[] {
  const trimmed = path.trim();
  const parts = (
    trimmed.includes('://') ? trimmed.replace(/[?#].*$/, '') : trimmed
  )
    .replace(/\\/g, '/')
    .split('/')
    .filter(part => part !== '' && part !== '.');
  const name = parts[parts.length - 1];
  if (!name) {
    return [];
  }
  const sharedWith = (segments: string[]) => {
    let n = 0;
    while (
      n < segments.length &&
      n < parts.length &&
      segments[segments.length - 1 - n] === parts[parts.length - 1 - n]
    ) {
      n++;
    }
    return n;
  };
  return [...files]
    .filter(file => file === name || file.endsWith(`/${name}`))
    .map(file => {
      const segments = file.split('/');
      return { file, segments, shared: sharedWith(segments) };
    })
    .filter(copy => !anotherProjects(copy.file, name, copy.shared));
}

/** The files of the tree that may be copies of the file a path or URL names. */
export function copiesNamed(
  files: ReadonlySet<string>,
  path: string
): string[] {
  return candidatesFor(files, path).map(copy => copy.file);
}

/**
 * A copy of a file in the notebook's tree (IRuleContext.files, relative to its folder,
 * `../data/x.csv` elsewhere in the repository), for a path or URL the code names: the
 * candidates with its file name, the one sharing most trailing folders with it, then the
 * nearest. Null when there is none, or when two equally good ones are in different places;
 * with `unique`, also when two share as many trailing folders, however near (code to run
 * is never a guess between several).
 */
export function copyOf(
  files: ReadonlySet<string>,
  path: string,
  unique = false,
  identical = false
): string | null {
  const candidates = candidatesFor(files, path);
  const name = candidates[0]?.segments.at(-1);
  if (!name || !/\.\w+$/.test(name)) {
    return null;
  }
  const ranked = candidates
    .map(({ file, segments, shared }) => ({
      file,
      shared,
      distance: segments.length + segments.filter(s => s === '..').length
    }))
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        a.distance - b.distance ||
        a.file.localeCompare(b.file)
    );
  const [best, next] = ranked;
  if (
    !best ||
    (next &&
      next.shared === best.shared &&
      (unique || next.distance === best.distance) &&
      !identical)
  ) {
    return null;
  }
  return best.file;
}

/**
 * The copies named like `path`'s file (`data/x.csv` and `figures/x.csv` for `x.csv`),
 * when copyOf cannot choose between them and there are few enough to compare: the kernel
 * is asked whether they hold the same bytes, and then any of them will do.
 */
export function tiedCopies(files: ReadonlySet<string>, path: string): string[] {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
  if (!/\.\w+$/.test(name) || copyOf(files, path)) {
    return [];
  }
  const copies = copiesNamed(files, path);
  return copies.length > 1 && copies.length <= MAX_COMPARED ? copies : [];
}

/**
 * A copy of a file whose name has no extension (`'Classified Data'`), which copyOf does not
 * take: the one file of that name in the repository. Null when there are several, or none,
 * when the name is a folder's, or a URL's (its last part is as likely an endpoint).
 */
export function bareCopyOf(
  files: ReadonlySet<string>,
  path: string
): string | null {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
  if (
    !name ||
    name === '.' ||
    name === '..' ||
    /\.\w+$/.test(name) ||
    path.includes('://')
  ) {
    return null;
  }
  const found = [...files].filter(
    file => file === name || file.endsWith(`/${name}`)
  );
  const [copy] = found;
  return found.length === 1 &&
    ![...files].some(file => file.startsWith(`${copy}/`))
    ? copy
    : null;
}

/** The path argument of a reader call, if the call reads a file. */
export function readPath(
  context: IRuleContext,
  call: SyntaxNode
): SyntaxNode | null {
  const callee = calleeOf(context, call);
  if (!callee) {
    return null;
  }
  const args = argsOf(context, call);
  const positional = args.filter(arg => !arg.name && !arg.star);
  if (callee.name === 'open' && callee.node.name === 'VariableName') {
    const mode = args.find(arg => arg.name === 'mode') ?? positional[1];
    const text = mode ? stringValue(textOf(context, mode.value)) : 'r';
    return text !== null && !WRITE_MODE.test(text)
      ? (positional[0]?.value ?? null)
      : null;
  }
  if (!READERS.includes(callee.name)) {
    return null;
  }
  const named = args.find(
    arg =>
      arg.name === 'fname' ||
      arg.name === 'filepath_or_buffer' ||
      arg.name === 'path_or_buf' ||
      arg.name === 'io' ||
      (callee.name === 'Image' && arg.name === 'filename')
  );
  return (positional[0] ?? named)?.value ?? null;
}

const ID = 'data.repository-copy';
const DOWNLOAD_ID = 'data.download-if-missing';
const FOLDER_ID = 'data.repository-folder';
// A path on the author's own machine: a Windows drive, a home folder.
const AUTHOR_PATH = /^(?:[A-Za-z]:[\\/]|\/(?:Users|home)\/|~[\\/])/;
// A string literal with no formatting: its prefix, quote and text.
const PLAIN_STRING = /^([rRuU]?)(['"])([^'"\n]*)\2$/;
/** How a download that cannot reach its address fails: no network, no such host, no answer. */
export const DOWNLOAD_FAILED = {
  ename: ['URLError', 'HTTPError', 'gaierror', 'TimeoutError'],
  message: /./
};

/**
 * Data read from a path that is not there (the author's machine, another layout of the
 * repository, a URL that no longer answers) when a copy with its name is elsewhere in the
 * repository; and downloads of files that are already there.
 */
export const dataCopyRules: IRule[] = [
  defineRule(
    {
      id: ID,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'The notebook reads a file that is not where it says, and a copy with its name is in the repository: read the copy.',
      link: 'https://docs.python.org/3/library/exceptions.html#FileNotFoundError',
      raises: {
        ename: ['FileNotFoundError', 'OSError', 'URLError', 'HTTPError'],
        message: /./
      },
      examples: [
        {
          setup:
            "import os, pandas as pd\nos.makedirs('data', exist_ok=True)\nwith open('data/wine.data', 'w') as f:\n    f.write('1,2\\n3,4\\n')\nDATA = '/home/author/ml/datasets/'",
          before: "print(pd.read_csv(DATA + 'wine.data', header=None).shape)",
          after: "print(pd.read_csv('data/wine.data', header=None).shape)",
          files: ['notebook.ipynb', 'data', 'data/wine.data'],
          answer: '0/home/author/ml/datasets/wine.data'
        },
        {
          setup:
            "import os, pandas as pd\nos.makedirs('data', exist_ok=True)\nwith open('data/Wine Data', 'w') as f:\n    f.write('1,2\\n3,4\\n')",
          before: "print(pd.read_csv('Wine Data', header=None).shape)",
          after: "print(pd.read_csv('data/Wine Data', header=None).shape)",
          files: ['notebook.ipynb', 'data', 'data/Wine Data'],
          answer: '0Wine Data'
        },
        {
          setup:
            "import os\nfrom sklearn.datasets import load_svmlight_file\nos.makedirs('data', exist_ok=True)\nwith open('data/binary.txt', 'w') as f:\n    f.write('1 1:0.5 2:1.0\\n0 1:0.1 2:0.2\\n')",
          before:
            "X, y = load_svmlight_file('classification/data/binary.txt')\nprint(X.shape, y.tolist())",
          after:
            "X, y = load_svmlight_file('data/binary.txt')\nprint(X.shape, y.tolist())",
          files: ['notebook.ipynb', 'data', 'data/binary.txt'],
          answer: '0classification/data/binary.txt'
        },
        {
          setup:
            "import os\nfrom pathlib import Path\nos.makedirs('data', exist_ok=True)\nwith open('data/mbox.txt', 'w') as f:\n    f.write('From a\\nFrom b\\n')\nfolder = Path('E:\\\\#ML course\\\\data')",
          before: "print(len(open(folder / 'mbox.txt').readlines()))",
          after: "print(len(open('data/mbox.txt').readlines()))",
          files: ['notebook.ipynb', 'data', 'data/mbox.txt'],
          answer: '0E:\\#ML course\\data/mbox.txt'
        },
        {
          setup:
            "import os\nfor folder in ('dataset', 'figures'):\n    os.makedirs(folder, exist_ok=True)\n    with open(f'{folder}/ex2data2.txt', 'w') as f:\n        f.write('0.05,0.69,1\\n')",
          before: "print(open('ex2data2.txt').read().split(','))",
          after: "print(open('dataset/ex2data2.txt').read().split(','))",
          files: [
            'notebook.ipynb',
            'dataset',
            'dataset/ex2data2.txt',
            'figures',
            'figures/ex2data2.txt'
          ],
          answer: '=0ex2data2.txt'
        },
        {
          setup:
            "import os\nfrom IPython.display import Image\nos.makedirs('pics', exist_ok=True)\nwith open('pics/Multi_Feature.PNG', 'wb') as f:\n    f.write(bytes.fromhex('89504e470d0a1a0a'))",
          before: "print(len(Image(filename='Multi_Feature.PNG').data))",
          after: "print(len(Image(filename='pics/Multi_Feature.PNG').data))",
          files: ['notebook.ipynb', 'pics', 'pics/Multi_Feature.PNG'],
          answer: '0Multi_Feature.PNG'
        }
      ]
    },
    context => {
      if (context.files.size === 0) {
        return [];
      }
      return context.nodes('CallExpression').flatMap(call => {
        const node = readPath(context, call);
        return node &&
          evaluablePath(context, node) &&
          (!inFunction(node) || Private.constant(node))
          ? Private.askPath(context, node)
          : [];
      });
    }
  ),
  defineRule(
    {
      id: FOLDER_ID,
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        "A folder on the author's machine (`E:\\course\\datafiles`) that the repository holds (`../datafiles`, with files the notebook names): the notebook names the repository's folder.",
      link: 'https://docs.python.org/3/library/exceptions.html#FileNotFoundError',
      raises: {
        ename: ['FileNotFoundError', 'OSError'],
        message: /./
      },
      examples: [
        {
          setup:
            "import os\nos.makedirs('datafiles', exist_ok=True)\nwith open('datafiles/mbox.txt', 'w') as f:\n    f.write('From a\\nFrom b\\n')",
          before:
            "from pathlib import Path\nfolder = Path('E:\\#ML course\\datafiles')\ndef count_lines(name):\n    with open(folder / name) as f:\n        return len(f.readlines())\nprint(count_lines('mbox.txt'))",
          after:
            "from pathlib import Path\nfolder = Path('datafiles')\ndef count_lines(name):\n    with open(folder / name) as f:\n        return len(f.readlines())\nprint(count_lines('mbox.txt'))",
          files: ['notebook.ipynb', 'datafiles', 'datafiles/mbox.txt'],
          answer: 'False'
        },
        {
          setup:
            "import os\nos.makedirs('shared/wine', exist_ok=True)\nwith open('shared/wine/red.csv', 'w') as f:\n    f.write('a,b\\n1,2\\n')",
          before:
            "import pandas as pd\nDATA = 'C:\\\\Users\\\\me\\\\shared\\\\wine\\\\'\nreds = pd.read_csv(DATA + 'red.csv')\nprint(reds.shape)",
          after:
            "import pandas as pd\nDATA = 'shared/wine/'\nreds = pd.read_csv(DATA + 'red.csv')\nprint(reds.shape)",
          files: [
            'notebook.ipynb',
            'shared',
            'shared/wine',
            'shared/wine/red.csv'
          ],
          answer: 'False'
        }
      ]
    },
    context => Private.authorFolders(context)
  ),
  defineRule(
    {
      id: DOWNLOAD_ID,
      needs: ['urlretrieve'],
      distribution: 'python',
      // Not a Python 2 change: 3.0 would date the notebook before Python 3 (evidence.ts).
      since: '3.6',
      summary:
        'The notebook downloads a file it may already have: download it only when it is missing.',
      link: 'https://docs.python.org/3/library/urllib.request.html#urllib.request.urlretrieve',
      raises: DOWNLOAD_FAILED,
      examples: [
        {
          setup:
            "import os, urllib.request\nwith open('iris.csv', 'w') as f:\n    f.write('a,b\\n1,2\\n')",
          before:
            "path = 'iris.csv'\nurllib.request.urlretrieve('http://example.invalid/iris.csv', path)\nprint(open(path).read().split()[0])",
          after:
            "path = 'iris.csv'\nif not os.path.exists(path):\n    urllib.request.urlretrieve('http://example.invalid/iris.csv', path)\nprint(open(path).read().split()[0])",
          files: ['notebook.ipynb', 'iris.csv']
        }
      ]
    },
    context =>
      context
        .nodes('CallExpression')
        .flatMap(call => Private.conditionalDownload(context, call))
  )
];

/** Whether a path expression can be evaluated again (no call but os.path's). */
export function evaluablePath(
  context: IRuleContext,
  node: SyntaxNode
): boolean {
  if (node.name === 'CallExpression') {
    const callee = calleeOf(context, node);
    const dotted = callee && dottedName(context, callee.node);
    return (
      dotted !== null &&
      PATH_CALLS.includes(resolve(context, dotted)) &&
      argsOf(context, node).every(
        arg => !arg.name && !arg.star && evaluablePath(context, arg.value)
      )
    );
  }
  if (!PATH_PARTS.has(node.name)) {
    return false;
  }
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.name !== 'FormatReplacement' && !evaluablePath(context, child)) {
      return false;
    }
  }
  return true;
}

namespace Private {
  /**
   * Asks the kernel, as the cell is about to run, whether the path is there (and what it
   * is): when it is not and the repository holds a copy, the argument becomes the copy.
   * Not asked when the path's own file name (its last string) has no copy, or when the
   * listing holds the literal path.
   */
  export function askPath(
    context: IRuleContext,
    node: SyntaxNode
  ): IRuleMatch[] {
    const text = textOf(context, node);
    const strings = [node, ...descendants(node)].filter(
      n => n.name === 'String'
    );
    const last = strings.length
      ? stringValue(textOf(context, strings[strings.length - 1]))
      : null;
    const parts = strings.map(n => stringValue(textOf(context, n)));
    const literal = node.name === 'String' || node.name === 'ContinuedString';
    const whole =
      literal && parts.every(part => part !== null) ? parts.join('') : null;
    const bare = last !== null && !/\.\w+$/.test(last);
    const tied = last !== null && !bare ? tiedCopies(context.files, last) : [];
    if (
      (whole !== null && context.files.has(whole.replace(/^\.\//, ''))) ||
      (last !== null &&
        !bare &&
        !copyOf(context.files, last) &&
        !tied.length) ||
      (whole !== null && bare && !bareCopyOf(context.files, whole))
    ) {
      return [];
    }
    const quote = text.endsWith('"') ? '"' : "'";
    // A pathlib path is asked about too (`folder / 'x.csv'`); anything else is not a path.
    const exists = `(lambda p, os=__import__('os'): ('1' if not isinstance(p, (str, os.PathLike)) or os.path.exists(p) else '0') + str(p))(${text})`;
    // Copies of the same name, one as good as another: `=` first when their bytes agree.
    const expression = tied.length
      ? `(lambda f, B=__import__('builtins'), os=__import__('os'), cmp=__import__('filecmp').cmp: ('=' if B.all(os.path.isfile(x) for x in f) and B.all(cmp(f[0], x, shallow=False) for x in f[1:]) else ''))(${JSON.stringify(tied)}) + ${exists}`
      : exists;
    const decide = (reply: string) => {
      const identical = reply.startsWith('=');
      const answer = identical ? reply.slice(1) : reply;
      const path = answer.slice(1);
      const copy = answer.startsWith('0')
        ? (copyOf(context.files, path, false, identical) ??
          bareCopyOf(context.files, path))
        : null;
      return copy && copy !== path
        ? [{ from: node.from, to: node.to, insert: `${quote}${copy}${quote}` }]
        : null;
    };
    return [
      {
        ...matchAt(ID, node, [], 'A copy of the file is in the repository.'),
        question: { expression, decide }
      }
    ];
  }

  /**
   * Whether a path is made of strings only: in a function, the kernel evaluates the path as
   * the function would, whatever its arguments and locals.
   */
  export function constant(node: SyntaxNode): boolean {
    return [node, ...descendants(node)].every(n =>
      [
        'String',
        'Escape',
        'ContinuedString',
        'BinaryExpression',
        'ArithOp'
      ].includes(n.name)
    );
  }

  /**
   * String literals that name a folder on the author's machine (`'E:\\course\\datafiles'`,
   * `'/home/me/ml/data/'`) whose trailing folders the repository holds in one place only,
   * with a file in it that the notebook names: the literal becomes that folder, as the
   * notebook's folder reaches it, when the kernel finds no folder at the author's path.
   */
  export function authorFolders(context: IRuleContext): IRuleMatch[] {
    if (context.files.size === 0) {
      return [];
    }
    const literals = context.nodes('String').flatMap(node => {
      const parts = PLAIN_STRING.exec(textOf(context, node));
      // `'y:\n'` is a label and a line break: an escape other than `\\` is no path's.
      const escaped =
        !/r/i.test(parts?.[1] ?? '') &&
        /(^|[^\\])(\\\\)*\\[ntrabfv0]/.test(parts?.[3] ?? '');
      return parts && AUTHOR_PATH.test(parts[3]) && !escaped
        ? [{ node, prefix: parts[1], quote: parts[2], path: parts[3] }]
        : [];
    });
    if (literals.length === 0) {
      return [];
    }
    const folders = foldersOf(context.files);
    const named = namedPaths(context);
    return literals.flatMap(({ node, prefix, quote, path }) => {
      const folder = repositoryFolder(folders, path);
      if (
        folder === null ||
        !named.some(name => context.files.has(`${folder}/${name}`))
      ) {
        return [];
      }
      const end = /[\\/]$/.test(path) ? '/' : '';
      const insert = `${prefix}${quote}${folder}${end}${quote}`;
      return [
        askedMatch(
          FOLDER_ID,
          node,
          `__import__('os').path.isdir(${textOf(context, node)})`,
          [{ from: node.from, to: node.to, insert }],
          "The author's folder is in the repository.",
          'False'
        )
      ];
    });
  }

  /** The folders of a listing: the entries another entry is in. */
  function foldersOf(files: ReadonlySet<string>): string[] {
    const folders = new Set<string>();
    for (const file of files) {
      for (let cut = file.lastIndexOf('/'); cut > 0;) {
        folders.add(file.slice(0, cut));
        cut = file.lastIndexOf('/', cut - 1);
      }
    }
    return [...folders].filter(folder => !/(^|\/)\.\.?$/.test(folder));
  }

  /**
   * The folder of the listing sharing the most trailing folders with an author's path (a
   * file's path has none); null when none shares one, or two share as many.
   */
  function repositoryFolder(folders: string[], path: string): string | null {
    const parts = path.split(/[\\/]+/).filter(Boolean);
    if (parts.length < 2 || /\.\w+$/.test(parts[parts.length - 1])) {
      return null;
    }
    let best: string[] = [];
    let most = 0;
    for (const folder of folders) {
      const own = folder.split('/');
      let shared = 0;
      while (
        shared < own.length &&
        shared < parts.length - 1 &&
        own[own.length - 1 - shared] === parts[parts.length - 1 - shared]
      ) {
        shared++;
      }
      if (shared > most) {
        [best, most] = [[folder], shared];
      } else if (shared === most && shared > 0) {
        best.push(folder);
      }
    }
    return best.length === 1 ? best[0] : null;
  }

  /** The relative paths the notebook's strings name (`'mbox.txt'`, `'/wine/red.csv'`). */
  function namedPaths(context: IRuleContext): string[] {
    const sources = context.cells
      ? [context, ...otherCells(context)]
      : [context];
    return sources.flatMap(source =>
      source.nodes('String').flatMap(node => {
        const parts = PLAIN_STRING.exec(textOf(source, node));
        const path = parts?.[3].replace(/\\/g, '/').replace(/^\.?\/+/, '');
        return path && !AUTHOR_PATH.test(parts![3]) ? [path] : [];
      })
    );
  }

  /** Every node below one. */
  function descendants(node: SyntaxNode): SyntaxNode[] {
    const found: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      found.push(child, ...descendants(child));
    }
    return found;
  }

  /**
   * `urlretrieve(url, path)` as a statement of its own → `if not os.path.exists(path):`
   * around it. Downloading again what is there changes nothing but needs the network.
   */
  export function conditionalDownload(
    context: IRuleContext,
    call: SyntaxNode
  ): IRuleMatch[] {
    const callee = calleeOf(context, call);
    const args = argsOf(context, call);
    const target =
      args.find(arg => arg.name === 'filename') ??
      args.filter(arg => !arg.name && !arg.star)[1];
    const statement = statementOf(call);
    if (
      callee?.name !== 'urlretrieve' ||
      !target ||
      statement.name !== 'ExpressionStatement' ||
      statement.firstChild?.from !== call.from ||
      statement.firstChild.to !== call.to ||
      !evaluablePath(context, target.value) ||
      Private.guarded(context, statement)
    ) {
      return [];
    }
    const os = spellName(context, { module: 'os' });
    const indent = indentAt(context.source, statement.from);
    const path = textOf(context, target.value);
    return [
      matchAt(DOWNLOAD_ID, call, [
        {
          from: statement.from,
          to: statement.from,
          insert: `if not ${os.text}.path.exists(${path}):\n${indent}    `,
          needs: os.needs
        }
      ])
    ];
  }

  /** Whether an `if` around the statement already tests for the file. */
  export function guarded(
    context: IRuleContext,
    statement: SyntaxNode
  ): boolean {
    for (let p = statement.parent; p; p = p.parent) {
      if (
        p.name === 'IfStatement' &&
        /\b(exists|isfile|isdir)\s*\(/.test(
          context.source.slice(p.from, p.getChild('Body')?.from ?? p.to)
        )
      ) {
        return true;
      }
    }
    return false;
  }
}
