import type { IBindings } from './bindings';
import { unitsOf, type ICode, type IUnit } from './changed-code';
import type { Resolver } from './values';

/**
 * Unchanged statements that a change steers: they use a name the change binds anew to a
 * string, a path or a module (`target = '/home'` above an unchanged `shutil.rmtree(target)`).
 * They do something else than before, so they are judged too.
 */
export function steeredUnits(
  code: ICode,
  changed: readonly IUnit[],
  bindings: IBindings,
  resolver: Resolver
): IUnit[] {
  const names: string[] = [];
  for (const [name, list] of bindings.names) {
    const steers = list.some(
      binding =>
        binding.kind === 'value' &&
        binding.code === code &&
        changed.some(
          unit => unit.from <= binding.node.from && binding.node.to <= unit.to
        ) &&
        resolver
          .values(code, binding.node)
          .some(
            value =>
              value.kind === 'string' ||
              value.kind === 'path' ||
              value.kind === 'module'
          )
    );
    if (steers) {
      names.push(name);
    }
  }
  if (names.length === 0) {
    return [];
  }
  const uses = new RegExp(`(^|[^\\w.])(${names.join('|')})(?!\\w)`, 'u');
  const judged = new Set(changed);
  return unitsOf(code).filter(
    unit => !judged.has(unit) && unit.nodes.length > 0 && uses.test(unit.text)
  );
}
