import type { SyntaxNode } from '@lezer/common';
import { diffArrays } from 'diff';
import { summarizeError } from '../diagnosis/traceback';
import type { ICellResult } from '../execution/types';
import type { IChange } from '../model/types';
import { prepareSource } from '../rules/prepare';

// Names as code writes them; strings and comments count too (good enough to compare).
const NAME = /[A-Za-z_]\w*/g;
// What an error is about: a name, an attribute, an imported name or module, a key.
const ERROR_NAMES: Record<string, RegExp> = {
  NameError: /name '([\w.]+)' is not defined/,
  UnboundLocalError: /variable '(\w+)'/,
  AttributeError: /attribute '(\w+)'/,
  ImportError: /cannot import name '(\w+)'/,
  ModuleNotFoundError: /No module named '([\w.]+)'/,
  KeyError: /^['"]([^'"]+)['"]$/
};

/** A failure that came with a change: which change, and one line on why it made things worse. */
export interface IWorse {
  change: IChange;
  why: string;
}

/** The names `after` has that `before` has not. */
export function introducedNames(before: string, after: string): Set<string> {
  const old = new Set(before.match(NAME) ?? []);
  return new Set((after.match(NAME) ?? []).filter(name => !old.has(name)));
}

/** What an error is about: NameError's name, AttributeError's attribute, a KeyError's key. */
export function namesInError(result: ICellResult): string[] {
  const ename = result.ename?.split('.').pop() ?? '';
  const pattern = ERROR_NAMES[ename];
  const match = pattern?.exec((result.evalue ?? '').trim());
  if (!match) {
    return [];
  }
  const name = match.slice(1).find(group => group !== undefined) ?? '';
  return name.split('.').filter(part => part !== '');
}

/**
 * A failure that is the change's fault: the error is about a name the change brought in
 * (`np` it wrote but nothing imports, `np.sort_values` for a method of frames).
 */
export function faultOf(
  change: IChange,
  result: ICellResult
): IWorse | undefined {
  if (result.status !== 'error') {
    return undefined;
  }
  const introduced = introducedNames(change.proposal.before, change.applied);
  const name = namesInError(result).find(n => introduced.has(n));
  return name
    ? {
        change,
        why: `it brought in '${name}', and the code then failed on it (${Private.oneLine(result)})`
      }
    : undefined;
}

/** The latest change to a failing cell, when it is still in place and to blame. */
export function faultAt(
  changes: readonly IChange[],
  cellId: string,
  current: string | null,
  result: ICellResult
): IWorse | undefined {
  const change = [...changes]
    .reverse()
    .find(
      ({ proposal: { target } }) =>
        target.kind === 'cell' && target.cellId === cellId
    );
  return change && change.applied === current
    ? faultOf(change, result)
    : undefined;
}

/** Whether a cell at or before a 1-based position, or a local module, was changed. */
export function changedUpTo(
  changes: readonly IChange[],
  cells: readonly { id: string }[],
  position: number
): boolean {
  return changes.some(({ proposal: { target } }) => {
    if (target.kind === 'module') {
      return true;
    }
    const at = cells.findIndex(c => c.id === target.cellId);
    return at >= 0 && at < position;
  });
}

/** A cell that ran before the change fails with it. */
export function earlierFailure(change: IChange, result: ICellResult): IWorse {
  return {
    change,
    why: `with it, a cell that ran before fails (${Private.oneLine(result)})`
  };
}

/**
 * The top-level functions a cell change stays inside: the names of those whose bodies
 * hold every line it removed (in the cell as it was) and added (as it is). Null when a
 * changed line is anywhere else: code at the top, a function's header, a class.
 */
export function functionsChanged(
  before: string,
  after: string
): Set<string> | null {
  const bodies = [Private.bodies(before), Private.bodies(after)];
  const names = new Set<string>();
  const line = [0, 0];
  for (const part of diffArrays(before.split('\n'), after.split('\n'))) {
    const side = part.added ? 1 : 0;
    if (part.added || part.removed) {
      for (const [i, text] of part.value.entries()) {
        const at = line[side] + i;
        const body = bodies[side].find(b => b.from <= at && at <= b.to);
        if (!body && text.trim() !== '') {
          return null;
        }
        if (body) {
          names.add(body.name);
        }
      }
    }
    line[0] += part.added ? 0 : part.value.length;
    line[1] += part.removed ? 0 : part.value.length;
  }
  return names;
}

/**
 * Whether a change to a cell can have reached a failure, given the cells run since it up
 * to the failing one. A change that stays inside functions runs only when one of them is
 * called: when neither the rest of its cell nor any of those cells names one, the changed
 * code never ran and the failure is not its doing (a cell that draws random dates fails
 * on its own).
 */
export function canReach(change: IChange, since: readonly string[]): boolean {
  const names =
    change.proposal.target.kind === 'cell'
      ? functionsChanged(change.proposal.before, change.applied)
      : null;
  if (!names) {
    return true;
  }
  const rest = Private.withoutFunctions(change.applied, names);
  return [...names].some(name => {
    const word = new RegExp(`\\b${name}\\b`);
    return [rest, ...since].some(source => word.test(source));
  });
}

namespace Private {
  interface IBody {
    name: string;
    /** 0-based lines of the body, the header's excluded. */
    from: number;
    to: number;
    definition: SyntaxNode;
  }

  /** The functions a source defines at its top level, with the lines of their bodies. */
  export function bodies(source: string): IBody[] {
    const { python, tree } = prepareSource(source);
    const lineOf = (offset: number) =>
      python.slice(0, offset).split('\n').length - 1;
    const found: IBody[] = [];
    for (let node = tree.topNode.firstChild; node; node = node.nextSibling) {
      const definition =
        node.name === 'DecoratedStatement'
          ? node.getChild('FunctionDefinition')
          : node.name === 'FunctionDefinition'
            ? node
            : null;
      const name = definition?.getChild('VariableName');
      const body = definition?.getChild('Body');
      if (name && body) {
        found.push({
          name: python.slice(name.from, name.to),
          from: lineOf(body.from) + 1,
          to: lineOf(body.to - 1),
          definition: node
        });
      }
    }
    return found;
  }

  /** The source with the definitions of the named top-level functions cut out. */
  export function withoutFunctions(source: string, names: Set<string>): string {
    return bodies(source)
      .filter(body => names.has(body.name))
      .reverse()
      .reduce(
        (text, { definition }) =>
          text.slice(0, definition.from) + text.slice(definition.to),
        source
      );
  }

  export function oneLine(result: ICellResult): string {
    const text = summarizeError(result).split('\n')[0];
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  }
}
