import type { Capability } from '../../../../src/core';

/** A cell before the proposal that has nothing to do with it. */
export const NONE = 'x = 1';

/**
 * Ways to get code past a reviewer that reads spellings: [what is tried, the cell before,
 * the proposal, the capability it must be flagged for].
 */
export const BYPASSES: [string, string, string, Capability][] = [
  // Aliases and `from` imports.
  ['from import', NONE, "from shutil import rmtree\nrmtree('d')", 'delete'],
  ['from import as', NONE, "from shutil import rmtree as r\nr('d')", 'delete'],
  ['module alias', NONE, "import shutil as s\ns.rmtree('d')", 'delete'],
  ['os alias', NONE, "import os as o\no.system('rm -rf d')", 'process'],
  [
    'alias bound in an unchanged line',
    'import os as o\nx = 1',
    "import os as o\nx = 1\no.system('ls')",
    'process'
  ],
  ['assigned alias', NONE, "import os\nx = os\nx.system('ls')", 'process'],
  ['tuple alias', NONE, "import os\na, b = os, 1\na.system('ls')", 'process'],
  ['walrus alias', NONE, "import os\n(o := os).system('ls')", 'process'],
  [
    'conditional alias',
    NONE,
    "import os\nf = os.system if ok else print\nf('ls')",
    'process'
  ],
  ['star import', NONE, "from os import *\nsystem('ls')", 'process'],
  [
    'from os import',
    NONE,
    "from os import system as run\nrun('ls')",
    'process'
  ],
  ['subprocess', NONE, "import subprocess\nsubprocess.run(['ls'])", 'process'],
  [
    'Popen alias',
    NONE,
    "from subprocess import Popen as P\nP(['ls'])",
    'process'
  ],
  ['os.popen', NONE, "import os\nos.popen('ls').read()", 'process'],
  ['os.exec', NONE, "import os\nos.execv('/bin/sh', ['sh'])", 'process'],
  [
    'asyncio subprocess',
    NONE,
    "import asyncio\nasyncio.create_subprocess_shell('ls')",
    'process'
  ],
  // Attribute chains and module re-exports.
  ['os.path.os', NONE, "import os\nos.path.os.system('ls')", 'process'],
  [
    'module inside a library',
    NONE,
    "import pandas as pd\npd.io.common.os.system('ls')",
    'process'
  ],
  [
    'pathlib unlink',
    NONE,
    "import pathlib\npathlib.Path('d').unlink()",
    'delete'
  ],
  ['Path rmdir', NONE, "from pathlib import Path\nPath('d').rmdir()", 'delete'],
  [
    'unbound Path method',
    NONE,
    "from pathlib import Path\nPath.unlink(Path('d'))",
    'delete'
  ],
  [
    'shutil.move',
    NONE,
    "import shutil\nshutil.move('a.csv', 'b.csv')",
    'delete'
  ],
  // Writes outside the notebook's folder.
  [
    'Path.write_text outside',
    NONE,
    "from pathlib import Path\nPath('/etc/x').write_text('a')",
    'write'
  ],
  [
    'home folder',
    NONE,
    "from pathlib import Path\n(Path.home() / '.bashrc').write_text('a')",
    'write'
  ],
  [
    'with open for writing',
    NONE,
    "with open('/etc/x', 'w') as f:\n    f.write('a')",
    'write'
  ],
  ['parent folder', NONE, "open('../x.txt', 'a').write('a')", 'write'],
  ['tilde', NONE, "open('~/x.txt', mode='w')", 'write'],
  ['path not known', NONE, "open(target, 'w').write('a')", 'write'],
  [
    'Path.open outside',
    NONE,
    "from pathlib import Path\nPath('/tmp/x').open('w')",
    'write'
  ],
  ['makedirs outside', NONE, "import os\nos.makedirs('/tmp/x')", 'write'],
  ['to_csv outside', NONE, "df.to_csv('/tmp/out.csv')", 'write'],
  [
    'writefile outside',
    NONE,
    '%%writefile /etc/profile.d/x.sh\necho hi',
    'write'
  ],
  // String-built names and reflection.
  [
    'string-built getattr',
    NONE,
    "import os\ngetattr(os, 'sys' + 'tem')('ls')",
    'process'
  ],
  ['computed getattr', NONE, "import os\ngetattr(os, name)('ls')", 'dynamic'],
  [
    'computed getattr on a name from elsewhere',
    NONE,
    "getattr(o, name)('ls')",
    'dynamic'
  ],
  [
    'joined name',
    NONE,
    "import os\ngetattr(os, ''.join(['sys', 'tem']))('ls')",
    'dynamic'
  ],
  ['__import__', NONE, "__import__('os').system('ls')", 'process'],
  [
    'import_module',
    NONE,
    "import importlib\nimportlib.import_module('shutil').rmtree('d')",
    'delete'
  ],
  [
    'sys.modules',
    NONE,
    "import sys\nsys.modules['os'].system('ls')",
    'process'
  ],
  ['builtins', NONE, "import builtins\nbuiltins.exec('x = 1')", 'interpreter'],
  [
    'a builtin replaced',
    NONE,
    'import builtins\nbuiltins.sum = lambda xs: 0',
    'interpreter'
  ],
  [
    'a builtin replaced through an alias',
    NONE,
    'import builtins as b\nb.print = len',
    'interpreter'
  ],
  [
    'builtins handed on',
    NONE,
    'import builtins\nsetattr(builtins, "len", f)',
    'dynamic'
  ],
  [
    'open through builtins',
    NONE,
    "import builtins\nbuiltins.open('/etc/x', 'w')",
    'interpreter'
  ],
  [
    'from builtins import open',
    NONE,
    "from builtins import open as o\no('/etc/x', 'w')",
    'interpreter'
  ],
  [
    "builtins' namespace",
    NONE,
    "import builtins\nbuiltins.__dict__['ev' + 'al']('1')",
    'interpreter'
  ],
  ['__builtins__ as a module', NONE, '__builtins__.sum = len', 'interpreter'],
  ['__builtins__', NONE, "__builtins__.__dict__['eval']('1')", 'interpreter'],
  ['vars of a module', NONE, "import os\nvars(os)['system']('ls')", 'dynamic'],
  ['globals', NONE, "globals()['__builtins__']", 'dynamic'],
  [
    'subclass escape',
    NONE,
    '().__class__.__bases__[0].__subclasses__()',
    'dynamic'
  ],
  ['exec', NONE, "exec('import os')", 'dynamic'],
  ['eval of compile', NONE, "eval(compile('1', 'x', 'eval'))", 'dynamic'],
  [
    'setattr on a module',
    NONE,
    "import os\nsetattr(os, 'getcwd', print)",
    'interpreter'
  ],
  ['ctypes', NONE, 'import ctypes\nctypes.CDLL(None)', 'interpreter'],
  [
    'environ write',
    NONE,
    "import os\nos.environ['PATH'] = '/tmp'",
    'interpreter'
  ],
  [
    'sys.path edit',
    NONE,
    "import sys\nsys.path.insert(0, '/tmp')",
    'interpreter'
  ],
  ['del sys.modules', NONE, "import sys\ndel sys.modules['os']", 'interpreter'],
  // Hidden in expressions: comprehensions, lambdas, decorators, defaults, headers.
  ['comprehension', NONE, 'import os\n[os.remove(f) for f in files]', 'delete'],
  ['map', NONE, 'import os\nlist(map(os.remove, files))', 'delete'],
  [
    'lambda',
    NONE,
    "import shutil\nclean = lambda: shutil.rmtree('d')",
    'delete'
  ],
  [
    'decorator',
    NONE,
    "import os\n@(lambda f: os.system('ls'))\ndef g():\n    pass",
    'process'
  ],
  [
    'default argument',
    NONE,
    "import os\ndef f(run=os.system):\n    run('ls')",
    'process'
  ],
  ['class body', NONE, "import os\nclass A:\n    os.system('ls')", 'process'],
  [
    'except body',
    NONE,
    "import shutil\ntry:\n    pass\nexcept Exception:\n    shutil.rmtree('d')",
    'delete'
  ],
  [
    'while header',
    NONE,
    "import shutil\nwhile shutil.rmtree('d'):\n    pass",
    'delete'
  ],
  [
    'with item',
    NONE,
    "import os\nwith os.popen('ls') as p:\n    pass",
    'process'
  ],
  [
    'loop body',
    NONE,
    "import os\nfor f in os.listdir('.'):\n    os.remove(f)",
    'delete'
  ],
  // Names from elsewhere (another cell), judged by what they are called.
  ['unknown module alias', NONE, "o.system('ls')", 'process'],
  ['unknown helper', NONE, "helpers.rmtree('d')", 'delete'],
  // Code that did not run before.
  [
    'un-indented dead line',
    "if False:\n    import os; os.remove('d')\nx = 1",
    "if False:\n    pass\nimport os; os.remove('d')\nx = 1",
    'delete'
  ],
  [
    'dead block turned on',
    "import shutil\nif False:\n    shutil.rmtree('d')",
    "import shutil\nif True:\n    shutil.rmtree('d')",
    'delete'
  ],
  [
    'if 0 taken away',
    "import shutil\nif 0:\n    shutil.rmtree('d')",
    "import shutil\nshutil.rmtree('d')",
    'delete'
  ],
  [
    'return taken away',
    "import shutil\ndef f():\n    return\n    shutil.rmtree('d')\nf()",
    "import shutil\ndef f():\n    shutil.rmtree('d')\nf()",
    'delete'
  ],
  [
    'line after raise',
    "import os\nraise SystemExit\nos.system('ls')",
    "import os\nos.system('ls')",
    'process'
  ],
  [
    'comment uncommented',
    "import os\n# os.system('ls')",
    "import os\nos.system('ls')",
    'process'
  ],
  [
    'string turned to code',
    "import os\n'''\nos.system('ls')\n'''",
    "import os\nos.system('ls')",
    'process'
  ],
  [
    'moved out of a function',
    "import shutil\ndef never():\n    shutil.rmtree('d')",
    "import shutil\nshutil.rmtree('d')",
    'delete'
  ],
  [
    'an unchanged deletion pointed elsewhere',
    "import shutil\ntarget = 'tmp'\nshutil.rmtree(target)",
    "import shutil\ntarget = '/home'\nshutil.rmtree(target)",
    'delete'
  ],
  [
    'an unchanged call given a module',
    "import shutil\ntools = helpers\ntools.rmtree_cache('x')\ntools.move('a', 'b')",
    "import shutil\ntools = shutil\ntools.rmtree_cache('x')\ntools.move('a', 'b')",
    'delete'
  ],
  // IPython.
  ['get_ipython system', NONE, "get_ipython().system('rm -rf d')", 'shell'],
  [
    'shell through a name',
    NONE,
    "ip = get_ipython()\nip.run_line_magic('system', 'ls')",
    'ipython'
  ],
  [
    'IPython import',
    NONE,
    'from IPython import get_ipython\nget_ipython()',
    'ipython'
  ],
  ['shell escape', NONE, '!rm -rf d', 'shell'],
  ['indented escape', NONE, 'if True:\n    !rm -rf d', 'shell'],
  ['assigned escape', NONE, 'files = !ls', 'shell'],
  ['%system', NONE, '%system ls', 'shell'],
  ['%sx', NONE, 'out = %sx ls', 'shell'],
  ['%%bash', NONE, '%%bash\nrm -rf d', 'shell'],
  ['%%script bash', NONE, '%%script bash\nrm -rf d', 'shell'],
  ['%%sh', NONE, '%%sh\nrm -rf d', 'shell'],
  ['%%perl', NONE, "%%perl\nunlink 'x'", 'shell'],
  ['%%javascript', NONE, '%%javascript\nfetch("/api")', 'ipython'],
  ['%run', NONE, '%run other.py', 'ipython'],
  ['%time of a call', NONE, "import os\n%time os.system('ls')", 'process'],
  [
    'assigned %timeit',
    NONE,
    "import os\nr = %timeit -o os.system('ls')",
    'process'
  ],
  [
    '%timeit setup string',
    NONE,
    '%timeit -s "import os; os.system(\'ls\')" pass',
    'dynamic'
  ],
  [
    '%%timeit setup string',
    NONE,
    '%%timeit -s "import os; os.system(\'ls\')"\npass',
    'dynamic'
  ],
  ['%pip', NONE, '%pip install xgboost', 'install'],
  ['!pip', NONE, '!pip install xgboost', 'install'],
  ['%conda', NONE, '%conda install numpy', 'install'],
  ['%load of a URL', NONE, '%load http://example.com/x.py', 'network'],
  ['%env', NONE, '%env PATH=/tmp', 'interpreter'],
  ['%cd', NONE, '%cd /tmp', 'interpreter'],
  ['shell escape in a captured cell', NONE, '%%capture\n!rm -rf d', 'shell'],
  // Odd spellings and hand-offs.
  ['full-width name', NONE, "import os\nｏｓ.remove('d')", 'delete'],
  [
    'module returned',
    NONE,
    'import os\ndef tools():\n    return os',
    'dynamic'
  ],
  ['call result', NONE, "tools().system('ls')", 'process'],
  [
    'parent folder of a path',
    NONE,
    "from pathlib import Path\n(Path.cwd().parent / 'x.txt').write_text('a')",
    'write'
  ],
  [
    'module beside the notebook',
    NONE,
    "open('helpers.py', 'w').write('import os')",
    'write'
  ],
  [
    'the notebook itself',
    NONE,
    "from pathlib import Path\nPath('nb.ipynb').write_text('{}')",
    'write'
  ],
  [
    'os.__dict__',
    NONE,
    "import os\nos.__dict__['system']('ls')",
    'interpreter'
  ],
  [
    'alias in a class body',
    NONE,
    'import os\nclass A:\n    run = os.system',
    'process'
  ],
  [
    'partial',
    NONE,
    "import functools, os\nfunctools.partial(os.system, 'ls')()",
    'process'
  ],
  ['socket', NONE, 'import socket\nsocket.socket()', 'network'],
  [
    'urlopen',
    NONE,
    "import urllib.request\nurllib.request.urlopen('http://x')",
    'network'
  ],
  ['requests', NONE, 'import requests\nrequests.get(url)', 'network'],
  [
    'read_csv of a URL',
    NONE,
    "pd.read_csv('https://example.com/a.csv')",
    'network'
  ],
  [
    'URL in an unchanged line',
    "URL = 'http://example.com/a.csv'\nx = 1",
    "URL = 'http://example.com/a.csv'\ndf = pd.read_csv(URL)",
    'network'
  ],
  [
    'data download',
    NONE,
    'from sklearn.datasets import fetch_openml\nfetch_openml("mnist_784")',
    'network'
  ]
];
