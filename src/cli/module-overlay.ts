/**
 * The kernel side of a headless run's changed modules. A changed module is found by the
 * file the kernel would import, whatever name it is imported under (`from formats import x`
 * after `os.chdir('../lib')`, `import pkg.util` after `sys.path.append('..')`): the
 * import finds the original file as before, then reads the new source from the run's copy,
 * kept in the overlay under the original's absolute path (see `overlayPath`). The module
 * keeps its own `__file__`, so files it opens beside itself are found, and the cached
 * bytecode of the original is never used.
 */
export function overlayCode(overlay: string): string {
  const code = `import importlib.abc, importlib.machinery, os, sys
overlay = ${JSON.stringify(overlay)}

def changed(path):
    copy = overlay + os.path.realpath(path)
    return copy if os.path.isfile(copy) else None

class ChangedSource(importlib.machinery.SourceFileLoader):
    def path_stats(self, path):
        raise OSError(path)

    def get_data(self, path):
        with open(changed(path) or path, 'rb') as f:
            return f.read()

class ChangedModules(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or not spec.origin or not changed(spec.origin):
            return None
        spec.loader = ChangedSource(name, spec.origin)
        return spec

sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'ChangedModules']
sys.meta_path.insert(0, ChangedModules())
`;
  // An expression, for a silent evaluation: its own namespace, none of the notebook's.
  return `exec(${JSON.stringify(code)}, {})`;
}

/** Where the overlay keeps the new copy of a module file (given by its real path). */
export function overlayPath(overlay: string, realPath: string): string {
  return overlay + realPath;
}
