import type { ICellResult } from '../execution/types';
import { copiesNamed } from '../rules/data-copies';
import { cellFrames } from './traceback';

/**
 * What stops a notebook that is not its code: a package or a program that is not
 * installed, data that is only on the network or nowhere in the repository, a prompt
 * only a person can answer. The user can act on it; no fix of the code can.
 */
export type Blocker =
  | {
      kind: 'install';
      /** The module the code imports, e.g. `statsmodels.api`'s `statsmodels`. */
      module: string;
      /** What to install, e.g. `scikit-image` for `skimage`. */
      package: string;
    }
  | {
      kind: 'program';
      /** A program outside Python the code's library runs, e.g. `LaTeX`. */
      program: string;
      /** What needs it, e.g. matplotlib's `text.usetex`. */
      for: string;
    }
  | {
      /**
       * A prompt (`input()`) that no one can answer: the cell's saved outputs record no
       * answer to type again (savedAnswers).
       */
      kind: 'keyboard';
    }
  | {
      kind: 'download';
      /** The address that did not answer, when the cell names one. */
      url?: string;
      /**
       * A path the notebook reads that nothing in its repository has: a folder on the
       * author's machine, another program's output, a data set a script downloads.
       */
      path?: string;
      /** The path is a Git LFS pointer: the repository has the data, this copy not. */
      pointer?: boolean;
    };

// Python 2's standard library modules that Python 3 renamed: the code's to change.
const PYTHON2_MODULES = new Set(
  (
    'urllib2 urlparse cPickle cStringIO StringIO ConfigParser Queue Tkinter tkMessageBox ' +
    'httplib HTMLParser __builtin__ commands sets md5 sha cookielib SocketServer ' +
    'SimpleHTTPServer thread dummy_thread copy_reg repr UserDict UserList UserString ' +
    'htmlentitydefs xmlrpclib anydbm dbhash whichdb robotparser exceptions'
  ).split(' ')
);
// Import names whose distribution is named otherwise.
const DISTRIBUTIONS: Record<string, string> = {
  sklearn: 'scikit-learn',
  skimage: 'scikit-image',
  cv2: 'opencv-python',
  PIL: 'Pillow',
  yaml: 'PyYAML',
  bs4: 'beautifulsoup4',
  Bio: 'biopython',
  dateutil: 'python-dateutil',
  imblearn: 'imbalanced-learn',
  umap: 'umap-learn',
  surprise: 'scikit-surprise',
  'mpl_toolkits.basemap': 'basemap'
};
// Packages that share a namespace: their second segment is the distribution.
const NAMESPACES = new Set(['mpl_toolkits', 'google']);
// Modules of those namespaces that their package removed: the code's to change.
const REMOVED = new Set(['mpl_toolkits.axes_grid']);
const NO_MODULE = /^No module named '([\w.]+)'/;
// pandas: `Missing optional dependency 'xlrd'. Install xlrd >= 2.0.1 ...`, and since 3.0
// `` `Import openpyxl` failed.  Use pip, conda, ... to install the openpyxl package.``
const OPTIONAL_DEPENDENCY =
  /^Missing optional dependency '([\w.-]+)'|^`Import ([\w.-]+)` failed/;
// Programs outside Python that matplotlib runs, known by the RuntimeError it raises without
// them: LaTeX for `text.usetex`, a movie writer for animations as video (`to_html5_video`,
// `save('a.mp4')`).
const PROGRAMS: readonly {
  message: RegExp;
  program: (match: RegExpExecArray) => string;
  for: string;
}[] = [
  {
    message: /latex could not be found|Failed to process string with tex/i,
    program: () => 'LaTeX',
    for: "matplotlib's text.usetex"
  },
  {
    message: /^Requested MovieWriter \((\w+)\) not available/,
    program: ([, writer]) =>
      ({ ffmpeg: 'FFmpeg', imagemagick: 'ImageMagick' })[writer] ?? writer,
    for: "matplotlib's animations as video"
  }
];
const NETWORK_ERRORS = new Set([
  'URLError',
  'HTTPError',
  'ContentTooShortError',
  'ConnectionError',
  'ConnectionRefusedError',
  'ConnectionResetError',
  'ConnectionAbortedError',
  'RemoteDisconnected',
  'IncompleteRead',
  'gaierror',
  'SSLError',
  'MaxRetryError',
  'NewConnectionError',
  'ConnectTimeout',
  'ReadTimeout'
]);
const NETWORK_MESSAGE =
  /urlopen error|Name or service not known|Temporary failure in name resolution|Network is unreachable|getaddrinfo failed|Max retries exceeded|nodename nor servname/i;
const ADJACENT_LITERALS = /(['"])[ \t]*(?:\\?\n[ \t]*)?\1/g;
const URL = /\b(?:https?|ftp):\/\/[^\s'"()<>\]]+[^\s'"()<>\].,;:]/g;
const MISSING_FILE_ERRORS = new Set([
  'FileNotFoundError',
  'OSError',
  'IOError'
]);
// `[Errno 2] No such file or directory: 'data/x.csv'`; numpy's `data/x.txt not found.`
const MISSING_PATH =
  /No such file or directory: '([^']+)'|^(\S+) not found\.?$/;
// A line that writes: a missing folder to write into is the code's to create.
const WRITES =
  /\bopen\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]|\.to_\w+\(|\b(?:savefig|savetxt|savez\w*|imsave|imwrite|dump|makedirs|mkdir)\(|\.save\(/;
// A reader given a file's name, as a literal or a variable: a name without a folder or an
// extension is data there (`read_csv('SMSSpamCollection')`, `read_csv(url, sep=...)`), not a
// program another tool runs (graphviz's `dot`).
const READS =
  /\b(?:read_\w+|loadtxt|genfromtxt|loadmat|fromfile)\(\s*(?:['"]|\w+\s*[,)])/;
// requests: `HTTPSConnectionPool(host='archive.ics.uci.edu', port=443): Max retries exceeded with url: /ml/x.data`.
const POOL =
  /(https?)ConnectionPool\(host='([^']+)'.*?with url: (\S+?)(?:\s|\(|$)/i;

/**
 * Whether a failure is not the code's: a top-level module that is not installed (a
 * moved or removed module is the code's: `sklearn.cross_validation`, Python 2's
 * `urllib2`), or a network error fetching data, with the address the cell names, when
 * no file of that name is among `files` (a copy there makes it the code's to read).
 */
export function blockerOf(
  result: ICellResult,
  source: string,
  files: ReadonlySet<string> = new Set()
): Blocker | undefined {
  if (result.status !== 'error' || !result.ename) {
    return undefined;
  }
  const ename = result.ename.split('.').pop()!;
  const evalue = result.evalue ?? '';
  const optional = OPTIONAL_DEPENDENCY.exec(evalue);
  if (ename === 'ImportError' && optional) {
    const name = optional[1] ?? optional[2];
    return { kind: 'install', module: name, package: name };
  }
  for (const known of ename === 'RuntimeError' ? PROGRAMS : []) {
    const match = known.message.exec(evalue);
    if (match) {
      return { kind: 'program', program: known.program(match), for: known.for };
    }
  }
  if (ename === 'StdinNotImplementedError') {
    return { kind: 'keyboard' };
  }
  const missing = NO_MODULE.exec(evalue)?.[1];
  if ((ename === 'ModuleNotFoundError' || ename === 'ImportError') && missing) {
    return Private.install(missing);
  }
  if (MISSING_FILE_ERRORS.has(ename)) {
    const path = Private.missingPath(result, files);
    return path ? { kind: 'download', path } : undefined;
  }
  if (NETWORK_ERRORS.has(ename) || NETWORK_MESSAGE.test(evalue)) {
    const url = Private.urlOf(result, source);
    const name =
      url
        ?.replace(/[?#].*$/, '')
        .split('/')
        .pop() ?? '';
    const copied =
      !!url && /\.\w+$/.test(name) && copiesNamed(files, url).length > 0;
    if (copied) {
      return undefined;
    }
    return url ? { kind: 'download', url } : { kind: 'download' };
  }
  return undefined;
}

/**
 * A failure after the notebook read a Git LFS pointer in place of its data: the first of
 * `pointers` (relative to the notebook's folder) that a string in `sources`, the cells
 * that ran, names by its path or, with a folder, by its file name (`data/x.csv` read as
 * `'data/x.csv'` or `DATA + 'x.csv'`). pandas reads a pointer as a frame of its text, so
 * the failure comes cells later, as anything but a missing file.
 */
export function pointerRead(
  sources: readonly string[],
  pointers: ReadonlySet<string>
): Blocker | undefined {
  const strings = sources.flatMap(source =>
    [...source.matchAll(/(['"])([^'"\n]+)\1/g)].map(m =>
      m[2].replace(/\\/g, '/').replace(/^\.\//, '')
    )
  );
  const named = [...pointers].filter(pointer =>
    /\.\w+$/.test(pointer.split('/').pop()!)
  );
  // The path as the notebook writes it first (`data/x.csv`), then a file of that name
  // anywhere (`DATA + 'x.csv'`): a copy of the file's pointer in another folder comes last.
  const found =
    named.find(pointer => strings.includes(pointer)) ??
    named.find(pointer => {
      const name = pointer.split('/').pop()!;
      return strings.some(text => text === name || text.endsWith(`/${name}`));
    });
  return found === undefined
    ? undefined
    : { kind: 'download', path: found, pointer: true };
}

// `sqlite3.connect('logs/logs.db')`, `create_engine('sqlite:///logs.db')`: the file a database
// connection opens. SQLite creates a file that is not there, so the first query finds no table.
const SQLITE_FILE =
  /\bsqlite3\.connect\(\s*(['"])([^'"\n]+)\1|\bcreate_engine\(\s*(['"])sqlite:\/\/\/([^'"\n]+)\3/g;
const NO_TABLE = /no such table/;

/**
 * A query that found no table in a SQLite database the repository does not have: the
 * connection made an empty file where the data was to be (a database another notebook or
 * script builds, or one left out of the repository). The database is the first that the
 * cells that ran (`sources`) connect to and that is nowhere in the listing `files`; none
 * without a listing, or when the file or a file of its name is in the repository (the
 * missing table is then the code's).
 */
export function emptyDatabase(
  result: ICellResult,
  sources: readonly string[],
  files: ReadonlySet<string>
): Blocker | undefined {
  if (
    result.status !== 'error' ||
    !NO_TABLE.test(result.evalue ?? '') ||
    files.size === 0
  ) {
    return undefined;
  }
  const opened = sources.flatMap(source =>
    [...source.matchAll(SQLITE_FILE)].map(m => m[2] ?? m[4])
  );
  const path = opened.find(
    file => file !== ':memory:' && copiesNamed(files, file).length === 0
  );
  return path === undefined ? undefined : { kind: 'download', path };
}

/** The blocker in a few words: `install statsmodels`. */
export function blockerText(blocker: Blocker): string {
  return blocker.kind === 'install'
    ? `install ${blocker.package}`
    : blocker.kind === 'program'
      ? `install ${blocker.program} (for ${blocker.for})`
      : blocker.kind === 'keyboard'
        ? 'input() asks for an answer the saved notebook does not record'
        : blocker.pointer
          ? `data at ${blocker.path} is a Git LFS pointer, not the file (git lfs pull fetches it)`
          : blocker.path
            ? `data at ${blocker.path} is not in the repository`
            : blocker.url
              ? `data at ${blocker.url} is not reachable and no copy is in the repository`
              : 'data the notebook downloads is not reachable and no copy is in the repository';
}

namespace Private {
  export function install(module: string): Blocker | undefined {
    const parts = module.split('.');
    // Python names the first part of a dotted import that is missing: a dotted name
    // means its package is installed and the module moved or went away.
    const name = NAMESPACES.has(parts[0])
      ? parts.slice(0, 2).join('.')
      : module;
    if (
      PYTHON2_MODULES.has(parts[0]) ||
      REMOVED.has(name) ||
      name !== module ||
      (parts.length > 1 && !NAMESPACES.has(parts[0]))
    ) {
      return undefined;
    }
    return {
      kind: 'install',
      module: name,
      package: DISTRIBUTIONS[name] ?? name.replace('.', '-')
    };
  }

  /**
   * The path a read did not find, when nothing of its name (file or folder) is anywhere in
   * the repository's listing: none without a listing, for a write (its folder is the
   * code's to make), or for a bare name (`dot`: a program, not data).
   */
  export function missingPath(
    result: ICellResult,
    files: ReadonlySet<string>
  ): string | undefined {
    const found = MISSING_PATH.exec(result.evalue ?? '');
    const path = found?.[1] ?? found?.[2];
    const name =
      path
        ?.replace(/[\\/]+$/, '')
        .split(/[\\/]/)
        .pop() ?? '';
    const frames = cellFrames(result.traceback ?? []);
    const writes = frames.some(frame => WRITES.test(frame.code));
    const reads = frames.some(frame => READS.test(frame.code));
    if (
      !path ||
      !name ||
      files.size === 0 ||
      writes ||
      (!/[\\/]/.test(path) && !/\.\w+$/.test(name) && !reads)
    ) {
      return undefined;
    }
    return copiesNamed(files, path).length > 0 ? undefined : path;
  }

  /** The address in the line that raised, else the first the cell names, else the error's. */
  export function urlOf(
    result: ICellResult,
    source: string
  ): string | undefined {
    const line = cellFrames(result.traceback ?? [])[0]?.code ?? '';
    const pool = POOL.exec(result.evalue ?? '');
    // `'https://host/ml/'\n    'data/wine.data'`: adjacent literals are one string.
    const joined = source.replace(ADJACENT_LITERALS, '');
    const inLine = line.match(URL)?.[0];
    return (
      joined.match(URL)?.find(url => inLine && url.startsWith(inLine)) ??
      inLine ??
      joined.match(URL)?.[0] ??
      (pool ? `${pool[1].toLowerCase()}://${pool[2]}${pool[3]}` : undefined)
    );
  }
}
