import {
  BUILTINS_SAFE,
  MODULES,
  MUTATORS,
  NETWORK_NAMES,
  OS_NAMES,
  OS_PROCESS_PREFIX,
  OS_SAFE,
  PATH_WRITES,
  SHUTIL_SAFE,
  SYS_SAFE,
  type Capability
} from './capability-rules';
import { PATH_CLASSES, PATH_DELETES, PATH_WRITE_METHODS } from './call-rules';

/** What a module path does: a capability, or a path write judged by its argument. */
export type Verdict = { capability: Capability; pathArg?: number } | null;

/** What using a module path does (`os.system` starts a process); null when harmless. */
export function moduleVerdict(dotted: string): Verdict {
  // `__builtins__` stays itself: a module in one namespace and a dict in another.
  const path = dotted.replace(/^(posix|nt)\b/, 'os');
  const parts = path.split('.');
  const [root, name, member] = parts;
  if (NETWORK_NAMES.some(pattern => pattern.test(path))) {
    return { capability: 'network' };
  }
  let best = '';
  for (const prefix of MODULES.keys()) {
    if (
      (path === prefix || path.startsWith(`${prefix}.`)) &&
      prefix.length > best.length
    ) {
      best = prefix;
    }
  }
  // Reloading a local module runs the notebook's own code again.
  if (best && path !== 'importlib' && path !== 'importlib.reload') {
    return { capability: MODULES.get(best)! };
  }
  const write = PATH_WRITES.get(`${root}.${name}`);
  if (write !== undefined) {
    return { capability: 'write', pathArg: write };
  }
  if (name === undefined) {
    return null;
  }
  switch (root) {
    case 'builtins':
      return member === undefined && BUILTINS_SAFE.has(name)
        ? null
        : { capability: 'interpreter' };
    case 'os':
      if (name === 'environ') {
        return member && MUTATORS.has(member)
          ? { capability: 'interpreter' }
          : null;
      }
      if (OS_NAMES.has(name)) {
        return { capability: OS_NAMES.get(name)! };
      }
      if (OS_PROCESS_PREFIX.test(name)) {
        return { capability: 'process' };
      }
      return OS_SAFE.has(name) ? null : { capability: 'interpreter' };
    case 'sys':
      if (name === 'path') {
        return member && MUTATORS.has(member)
          ? { capability: 'interpreter' }
          : null;
      }
      return SYS_SAFE.has(name) ? null : { capability: 'interpreter' };
    case 'shutil':
      if (name === 'rmtree' || name === 'move') {
        return { capability: 'delete' };
      }
      return SHUTIL_SAFE.has(name)
        ? null
        : { capability: name === 'unpack_archive' ? 'write' : 'interpreter' };
    case 'pathlib':
      if (PATH_CLASSES.has(name) && member) {
        if (PATH_DELETES.has(member)) {
          return { capability: 'delete' };
        }
        if (PATH_WRITE_METHODS.has(member)) {
          return { capability: 'write' };
        }
      }
      return null;
    default:
      return null;
  }
}
