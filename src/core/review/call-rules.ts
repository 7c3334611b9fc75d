// Names judged where they are used: paths, methods, builtins, reflection.
import type { Capability } from './capability-rules';

/** pathlib's classes: calling one makes a path object. */
export const PATH_CLASSES = new Set([
  'Path',
  'PurePath',
  'PosixPath',
  'WindowsPath',
  'PurePosixPath',
  'PureWindowsPath'
]);

/** Path methods that delete, and those that write (judged by where the path points). */
export const PATH_DELETES = new Set(['unlink', 'rmdir', 'rename', 'replace']);
export const PATH_WRITE_METHODS = new Set([
  'write_text',
  'write_bytes',
  'touch',
  'mkdir',
  'symlink_to',
  'hardlink_to',
  'link_to',
  'chmod',
  'lchmod'
]);
/** Path methods and properties that give another path. */
export const PATH_DERIVED = new Set([
  'joinpath',
  'with_name',
  'with_suffix',
  'with_stem',
  'parent',
  'absolute',
  'resolve',
  'expanduser',
  'relative_to'
]);

/**
 * Methods judged by name alone when what they are called on is not known: names hardly
 * anything but the file system, a process or the network uses.
 */
export const DISTINCTIVE: ReadonlyMap<string, Capability> = new Map([
  ...[
    'system',
    'popen',
    'Popen',
    'check_output',
    'check_call',
    'getstatusoutput',
    'spawnl',
    'spawnv',
    'spawnvp',
    'execv',
    'execvp',
    'execve',
    'execl',
    'execlp',
    'posix_spawn'
  ].map(name => [name, 'process'] as const),
  ...['getoutput', 'system_piped', 'system_raw'].map(
    name => [name, 'shell'] as const
  ),
  ...['rmtree', 'unlink', 'rmdir', 'removedirs'].map(
    name => [name, 'delete'] as const
  ),
  ...[
    'write_text',
    'write_bytes',
    'symlink_to',
    'hardlink_to',
    'extractall'
  ].map(name => [name, 'write'] as const),
  ...['urlopen', 'urlretrieve'].map(name => [name, 'network'] as const),
  ...['run_line_magic', 'run_cell_magic', 'run_cell'].map(
    name => [name, 'ipython'] as const
  ),
  ['import_module', 'dynamic']
]);

/** Builtins that run code they are handed. */
export const DYNAMIC_BUILTINS = new Set([
  'exec',
  'eval',
  'compile',
  '__import__'
]);

/** Attributes that climb out of an object to the interpreter (sandbox escapes). */
export const ESCAPES = new Set([
  '__globals__',
  '__builtins__',
  '__subclasses__',
  '__code__',
  '__closure__',
  '__getattribute__',
  '__import__',
  '__loader__',
  '__spec__',
  '__mro__',
  '__bases__',
  '__base__',
  '__self__',
  '__reduce__',
  '__reduce_ex__',
  'f_globals',
  'f_locals',
  'f_builtins',
  'f_back',
  'gi_frame',
  'cr_frame',
  'ag_frame',
  'tb_frame',
  'func_globals'
]);

/**
 * Modules that are dangerous as values: handing one to other code (`f(os)`, `[os]`) or
 * setting its attributes is flagged. An attribute of that name on anything (`x.os`) is
 * that module.
 */
export const ROOT_MODULES = new Set([
  'os',
  'posix',
  'nt',
  'sys',
  'shutil',
  'subprocess',
  'builtins',
  '__builtins__',
  'importlib',
  'ctypes',
  'socket',
  'pty',
  'pathlib'
]);

/** Methods that write a file at their path argument (pandas, matplotlib, numpy, joblib, ...). */
export const WRITER_METHODS: ReadonlyMap<string, number> = new Map([
  ...[
    'to_csv',
    'to_excel',
    'to_json',
    'to_parquet',
    'to_pickle',
    'to_hdf',
    'to_feather',
    'to_html',
    'to_latex',
    'to_stata',
    'to_xml',
    'to_orc',
    'to_netcdf',
    'savefig',
    'imsave',
    'save',
    'savez',
    'savez_compressed',
    'savetxt',
    'tofile',
    'save_model'
  ].map(name => [name, 0] as const),
  ['dump', 1]
]);

/** Keyword names of a writer's or opener's path argument. */
export const PATH_KEYWORDS = new Set([
  'path',
  'path_or_buf',
  'fname',
  'filename',
  'file',
  'fp',
  'excel_writer',
  'dst',
  'base_name',
  'name'
]);

/** Calls whose string arguments are only shown, never fetched: a URL there is no network call. */
export const SHOWN_ONLY = new Set([
  'print',
  'display',
  'Markdown',
  'HTML',
  'warn',
  'info',
  'debug',
  'warning',
  'error',
  'title',
  'set_title',
  'xlabel',
  'ylabel',
  'suptitle',
  'text',
  'annotate',
  'format'
]);

/** A URL that a call would fetch or send to. */
export const URL = /^(https?|ftps?|s3|gs|gcs|hdfs|wss?|sftp):\/\//i;
