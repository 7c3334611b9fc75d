import type { Capability } from './capability-rules';
import { URL } from './call-rules';

/** One thing a magic does that needs consent. */
export interface IMagicFinding {
  capability: Capability;
  detail: string;
}

// Line magics that only show, time or configure: their use needs no consent.
const SAFE_LINE = new Set([
  'time',
  'timeit',
  'prun',
  'memit',
  'lprun',
  'matplotlib',
  'config',
  'precision',
  'pprint',
  'xmode',
  'autoreload',
  'aimport',
  'who',
  'whos',
  'who_ls',
  'lsmagic',
  'magic',
  'quickref',
  'history',
  'hist',
  'pwd',
  'pdb',
  'debug',
  'tb',
  'colors',
  'page',
  'pinfo',
  'pinfo2',
  'psearch',
  'pdef',
  'pdoc',
  'psource',
  'pfile',
  'doctest_mode',
  'automagic',
  'reset',
  'reset_selective',
  'xdel',
  'clear',
  'connect_info',
  'watermark',
  'load_ext',
  'reload_ext'
]);
// Extensions that only time, reload or describe.
const SAFE_EXTENSIONS = new Set([
  'autoreload',
  'watermark',
  'memory_profiler',
  'line_profiler',
  'tensorboard'
]);
// Line magics whose argument is a Python statement, analysed as Python instead.
export const PYTHON_LINE = /^%(time|timeit|prun|memit|lprun)\b/;
// Cell magics whose body is Python.
export const PYTHON_CELL =
  /^%%(time|timeit|capture|prun|debug|python3?|memit|pypy)\b/;
// Cell magics that only show their body (Markdown, LaTeX, an SVG image).
const SHOWN_CELL = /^%%(markdown|latex|svg)\b/;
const SHELL_CELL = /^%%(bash|sh|zsh|script|system|perl|ruby|cmd|powershell)\b/;
// A timing magic's setup statement, given as a string.
const SETUP = /\s-s\b/;
const INSTALLERS = /^(pip3?|conda|mamba|micromamba|uv|poetry|apt(-get)?)\b/;

/** What a line magic or shell escape does (`!ls`, `%pip install x`, `x = %sx ls`). */
export function lineMagicFindings(text: string): IMagicFinding[] {
  const line = text.trim();
  if (line.startsWith('!')) {
    const command = line.replace(/^!+\s*/, '');
    const findings: IMagicFinding[] = [
      { capability: 'shell', detail: `!${command}` }
    ];
    if (INSTALLERS.test(command) || /\binstall\b/.test(command)) {
      findings.push({ capability: 'install', detail: `!${command}` });
    }
    return findings;
  }
  const match = /^%(\w+)\s*(.*)$/.exec(line);
  if (!match) {
    return [{ capability: 'ipython', detail: line }];
  }
  const [, name, args] = match;
  const said = `%${name}`;
  if (INSTALLERS.test(name)) {
    return [{ capability: 'install', detail: line }];
  }
  if (['system', 'sx', 'sc', 'alias', 'rehashx', 'ls'].includes(name)) {
    return [{ capability: 'shell', detail: line }];
  }
  if (name === 'env' || name === 'set_env') {
    return /[=\s]/.test(args.trim()) || name === 'set_env'
      ? [{ capability: 'interpreter', detail: `${said} sets a variable` }]
      : [];
  }
  if (['cd', 'pushd', 'popd', 'bookmark'].includes(name)) {
    return [
      { capability: 'interpreter', detail: `${said} changes the folder` }
    ];
  }
  if (name === 'load_ext' || name === 'reload_ext') {
    const extension = args.trim().split(/\s+/)[0];
    return SAFE_EXTENSIONS.has(extension)
      ? []
      : [{ capability: 'ipython', detail: `${said} ${extension}` }];
  }
  if (SAFE_LINE.has(name)) {
    // `%timeit -s "setup"` runs code held in a string.
    return PYTHON_LINE.test(line) && SETUP.test(line)
      ? [{ capability: 'dynamic', detail: line }]
      : [];
  }
  if (['save', 'logstart', 'notebook', 'store'].includes(name)) {
    const path = args.trim().split(/\s+/).pop() ?? '';
    return name === 'store' || leavesFolder(path)
      ? [{ capability: 'write', detail: line }]
      : [];
  }
  const findings: IMagicFinding[] = [
    { capability: 'ipython', detail: `${said} runs or loads code` }
  ];
  if (URL.test(args.trim())) {
    findings.push({ capability: 'network', detail: line });
  }
  return findings;
}

/** What a cell magic does with its body: null when the body is Python, analysed as such. */
export function cellMagicFindings(
  header: string,
  body: readonly string[]
): IMagicFinding[] | null {
  const line = header.trim();
  if (PYTHON_CELL.test(line)) {
    return SETUP.test(line) ? [{ capability: 'dynamic', detail: line }] : null;
  }
  if (SHOWN_CELL.test(line)) {
    return [];
  }
  if (SHELL_CELL.test(line)) {
    return body
      .filter(text => text.trim() !== '')
      .map(text => ({
        capability: 'shell',
        detail: `${line}: ${text.trim()}`
      }));
  }
  const writefile = /^%%(writefile|file)\s+(?:-a\s+)?(\S+)/.exec(line);
  if (writefile) {
    return unsafeTarget(writefile[2])
      ? [{ capability: 'write', detail: line }]
      : [];
  }
  return [{ capability: 'ipython', detail: `${line.split(/\s/)[0]} cell` }];
}

/**
 * Whether writing there needs consent: outside the folder, or a file of code that will
 * run later unjudged (`helpers.py`, a `.pth` file, the notebook itself).
 */
export function unsafeTarget(path: string | null): boolean {
  return (
    leavesFolder(path) || /\.(py|pth|pyc|sh|bash|ipynb)\s*$/i.test(path ?? '')
  );
}

/**
 * Whether a path leaves the notebook's folder: absolute, from the home folder, up a
 * level, a drive or a URL. A path not known (null) may go anywhere.
 */
export function leavesFolder(path: string | null): boolean {
  if (path === null) {
    return true;
  }
  const text = path.trim().replace(/^['"]|['"]$/g, '');
  return (
    /^[/\\~$%]/.test(text) ||
    /^[A-Za-z]:/.test(text) ||
    /^\w+:\/\//.test(text) ||
    text.split(/[/\\]/).includes('..')
  );
}
