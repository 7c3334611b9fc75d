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
  ...['ctypes', 'cffi', '__builtins__', 'gc.get_referrers'].map(
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

/**
 * Builtins that only compute from their arguments: read through the `builtins` module
 * (`builtins.sum`, the one %pylab's `sum` shadows) they do what their bare names do. Every
 * other `builtins` name (`open`, `exec`, `__import__`, `__dict__`, ...) is flagged, and so is
 * any assignment to one.
 */
export const BUILTINS_SAFE = new Set([
  'abs',
  'all',
  'any',
  'bin',
  'bool',
  'chr',
  'complex',
  'dict',
  'divmod',
  'enumerate',
  'filter',
  'float',
  'format',
  'frozenset',
  'hex',
  'int',
  'isinstance',
  'len',
  'list',
  'map',
  'max',
  'min',
  'oct',
  'ord',
  'pow',
  'print',
  'range',
  'repr',
  'reversed',
  'round',
  'set',
  'slice',
  'sorted',
  'str',
  'sum',
  'tuple',
  'zip'
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
