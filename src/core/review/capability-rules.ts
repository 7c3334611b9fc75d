/** What proposed code may do that needs a person's consent: the kinds of capability. */
export type Capability =
  | 'install'
  | 'shell'
  | 'process'
  | 'delete'
  | 'write'
  | 'network'
  | 'interpreter'
  | 'dynamic'
  | 'ipython';

/** How each capability is said to the user, in the order reasons are listed. */
export const LABELS: Readonly<Record<Capability, string>> = {
  install: 'installs packages',
  shell: 'runs a shell command',
  process: 'starts a process',
  delete: 'deletes files',
  write: "writes files outside the notebook's folder",
  network: 'makes network calls',
  interpreter: 'changes the interpreter or its environment',
  dynamic: 'runs code built at run time',
  ipython: 'drives IPython'
};

/**
 * Modules (and names in them) any use of which is flagged: the longest matching prefix
 * decides. `os`, `sys`, `shutil` and `pathlib` are judged name by name below instead.
 */
export const MODULES: ReadonlyMap<string, Capability> = new Map([
  ...[
    'subprocess',
    'pty',
    'pexpect',
    'sh',
    'plumbum',
    'asyncio.subprocess',
    'asyncio.create_subprocess_exec',
    'asyncio.create_subprocess_shell',
    'multiprocessing.popen_spawn_posix',
    'signal.pthread_kill'
  ].map(name => [name, 'process'] as const),
  ...[
    'socket',
    'socketserver',
    'ssl',
    'requests',
    'urllib3',
    'urllib.request',
    'urllib2',
    'httpx',
    'aiohttp',
    'http.client',
    'http.server',
    'httplib',
    'ftplib',
    'smtplib',
    'telnetlib',
    'poplib',
    'imaplib',
    'nntplib',
    'xmlrpc',
    'paramiko',
    'websocket',
    'websockets',
    'pycurl',
    'wget',
    'gdown',
    'webbrowser',
    'kaggle',
    'huggingface_hub',
    'seaborn.load_dataset',
    'nltk.download',
    'torch.hub',
    'keras.utils.get_file',
    'tensorflow.keras.utils.get_file',
    'keras.datasets',
    'tensorflow.keras.datasets',
    'datasets.load_dataset'
  ].map(name => [name, 'network'] as const),
  ...['ctypes', 'cffi', 'builtins', '__builtins__', 'gc.get_referrers'].map(
    name => [name, 'interpreter'] as const
  ),
  ...[
    'importlib',
    'runpy',
    'code',
    'codeop',
    'marshal',
    'types.FunctionType',
    'types.CodeType',
    'pickle.loads'
  ].map(name => [name, 'dynamic'] as const),
  ...['tempfile', 'shelve'].map(name => [name, 'write'] as const),
  ['IPython.utils.process', 'shell'],
  ...['IPython.core', 'IPython.get_ipython', 'IPython.terminal'].map(
    name => [name, 'ipython'] as const
  )
]);

/** Names under a module that reach the network though the module does not (data downloads). */
export const NETWORK_NAMES: readonly RegExp[] = [
  /^sklearn\.datasets\.fetch_/,
  /^(tensorflow\.)?keras\.datasets\./,
  /^torchvision\.datasets\./
];

/** `os` (and `posix`, `nt`) names that only read: everything else in `os` is flagged. */
export const OS_SAFE = new Set([
  'path',
  'getcwd',
  'getcwdb',
  'listdir',
  'walk',
  'scandir',
  'stat',
  'lstat',
  'fstat',
  'sep',
  'altsep',
  'linesep',
  'pathsep',
  'curdir',
  'pardir',
  'extsep',
  'defpath',
  'devnull',
  'name',
  'environ',
  'getenv',
  'cpu_count',
  'process_cpu_count',
  'sched_getaffinity',
  'getpid',
  'getppid',
  'getuid',
  'getgid',
  'geteuid',
  'getlogin',
  'urandom',
  'fspath',
  'fsencode',
  'fsdecode',
  'access',
  'get_terminal_size',
  'terminal_size',
  'uname',
  'times',
  'PathLike',
  'DirEntry',
  'stat_result',
  'error',
  'strerror',
  'isatty',
  'R_OK',
  'W_OK',
  'X_OK',
  'F_OK'
]);

/** What flagged `os` names do; names matching neither list nor OS_SAFE are flagged as unknown. */
export const OS_NAMES: ReadonlyMap<string, Capability> = new Map([
  ...[
    'system',
    'popen',
    'fork',
    'forkpty',
    'kill',
    'killpg',
    'startfile',
    'posix_spawn',
    'posix_spawnp'
  ].map(name => [name, 'process'] as const),
  ...[
    'remove',
    'unlink',
    'rmdir',
    'removedirs',
    'rename',
    'renames',
    'replace',
    'truncate',
    'ftruncate'
  ].map(name => [name, 'delete'] as const),
  ...['putenv', 'unsetenv', 'chdir', 'fchdir', 'chroot', 'umask'].map(
    name => [name, 'interpreter'] as const
  )
]);

/** `os.exec*`, `os.spawn*`: process starters by prefix. */
export const OS_PROCESS_PREFIX = /^(exec|spawn)/;

/** Calls that create a file or folder: flagged only when the path leaves the folder. */
export const PATH_WRITES: ReadonlyMap<string, number> = new Map([
  ['os.mkdir', 0],
  ['os.makedirs', 0],
  ['shutil.copy', 1],
  ['shutil.copy2', 1],
  ['shutil.copyfile', 1],
  ['shutil.copytree', 1],
  ['shutil.copymode', 1],
  ['shutil.copystat', 1],
  ['shutil.make_archive', 0]
]);

/** `shutil` names that do nothing to the file system. */
export const SHUTIL_SAFE = new Set([
  'which',
  'disk_usage',
  'get_terminal_size',
  'copyfileobj',
  'get_archive_formats',
  'get_unpack_formats',
  'Error',
  'SameFileError'
]);

/** `sys` names that only read (and `setrecursionlimit`, common and harmless). */
export const SYS_SAFE = new Set([
  'version',
  'version_info',
  'hexversion',
  'api_version',
  'implementation',
  'platform',
  'argv',
  'executable',
  'stdout',
  'stderr',
  'stdin',
  'maxsize',
  'maxunicode',
  'byteorder',
  'float_info',
  'int_info',
  'float_repr_style',
  'flags',
  'getsizeof',
  'getrefcount',
  'getrecursionlimit',
  'setrecursionlimit',
  'getdefaultencoding',
  'getfilesystemencoding',
  'exit',
  'exc_info',
  'exception',
  'prefix',
  'base_prefix',
  'exec_prefix',
  'base_exec_prefix',
  'builtin_module_names',
  'stdlib_module_names',
  'path'
]);

/** Methods that change `os.environ` or `sys.path`. */
export const MUTATORS = new Set([
  'append',
  'insert',
  'extend',
  'remove',
  'pop',
  'popitem',
  'clear',
  'update',
  'setdefault',
  '__setitem__',
  '__delitem__',
  '__iadd__'
]);

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
