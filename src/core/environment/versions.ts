import type { IKernelProbe } from '../execution/types';

/** What the kernel has for one imported module. */
export interface IModuleVersion {
  module: string;
  /** The installed distribution providing it, e.g. `scikit-learn` for `sklearn`. */
  distribution: string | null;
  version: string | null;
  /** Part of Python's standard library. */
  stdlib: boolean;
  /** Not importable in the kernel (no distribution, no local file). */
  missing: boolean;
}

/** The kernel's Python and the modules the notebook imports. */
export interface IEnvironment {
  /** e.g. `3.11.9` */
  python: string;
  modules: IModuleVersion[];
}

/**
 * Asks the kernel, in one silent expression, which distribution and version provides each
 * module. Nothing is imported from the user's modules (importlib.util.find_spec only
 * locates them) and no name is left in the user's namespace.
 */
export async function probeEnvironment(
  probe: IKernelProbe,
  modules: string[]
): Promise<IEnvironment> {
  const names = modules.filter(name => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  const text = await probe.evaluate(Private.expression(names));
  const parsed = JSON.parse(pythonStringValue(text)) as IEnvironment;
  return { python: parsed.python, modules: parsed.modules };
}

/** The versions of the given modules (see probeEnvironment). */
export async function probeVersions(
  probe: IKernelProbe,
  modules: string[]
): Promise<IModuleVersion[]> {
  return (await probeEnvironment(probe, modules)).modules;
}

/**
 * The value of a Python `str` repr such as `'a\'b'` (text/plain of a string result).
 * Handles the escapes repr produces.
 */
export function pythonStringValue(repr: string): string {
  const match = /^([rbu]*)(['"])([\s\S]*)\2$/i.exec(repr.trim());
  if (!match) {
    throw new Error(
      `The kernel did not return a string: ${repr.slice(0, 200)}`
    );
  }
  const simple: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    '\\': '\\',
    "'": "'",
    '"': '"'
  };
  return match[3].replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g,
    (_, escape: string) =>
      escape.length > 1
        ? String.fromCodePoint(parseInt(escape.slice(1), 16))
        : (simple[escape] ?? `\\${escape}`)
  );
}

namespace Private {
  /** One Python expression; lambdas keep every name local. */
  export function expression(modules: string[]): string {
    return [
      '(lambda sys, md, util, json: (lambda dists: json.dumps({',
      "'python': sys.version.split()[0],",
      "'modules': [(lambda dist: {'module': m, 'distribution': dist,",
      "'version': dist and next((d.version for d in md.distributions(name=dist)), None),",
      "'stdlib': m in getattr(sys, 'stdlib_module_names', ()) or m in sys.builtin_module_names,",
      "'missing': m not in sys.modules and util.find_spec(m) is None})",
      '((dists.get(m) or [None])[0])',
      `for m in ${JSON.stringify(modules)}]}))`,
      "(getattr(md, 'packages_distributions', dict)()))",
      "(__import__('sys'), __import__('importlib.metadata', fromlist=['_']),",
      "__import__('importlib.util', fromlist=['_']), __import__('json'))"
    ].join('');
  }
}
