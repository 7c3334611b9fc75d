import type { SyntaxNode } from '@lezer/common';
import { otherCells } from './engine';
import { calleeOf, dottedName, stringValue, textOf } from './syntax';
import type { IRuleContext } from './types';

/**
 * What the notebook's cells read of a pipeline's steps: the names (`named_steps['poly']`,
 * `named_steps.poly`, a parameter key `'poly__degree'` or `poly__degree=`) and the
 * positions (`pipe.steps[0]`, `pipe[-1]`); `all` where it reads them in a way that
 * reaches every step (`for name, step in pipe.steps`, `named_steps.items()`).
 */
export interface IStepReads {
  names: ReadonlySet<string> | 'all';
  positions: ReadonlySet<number> | 'all';
}

/**
 * The step reads in every cell (in this source alone where the rule sees no cells) but
 * in the pipeline's own call, which names its steps. `variable` is the name the
 * pipeline is assigned to, whose own subscripts are read too; `count` its number of
 * steps, for negative positions.
 */
export function stepReads(
  context: IRuleContext,
  pipeline: SyntaxNode,
  variable: string | null,
  count: number
): IStepReads {
  const names = new Set<string>();
  const positions = new Set<number>();
  let allNames = false;
  let allPositions = false;
  const position = (index: SyntaxNode | null, cell: IRuleContext) => {
    const text = index ? textOf(cell, index) : '';
    if (index?.name === 'Number' && /^\d+$/.test(text)) {
      positions.add(Number(text));
    } else if (index?.name === 'UnaryExpression' && /^-\s*\d+$/.test(text)) {
      positions.add(count - Number(text.replace(/[-\s]/g, '')));
    } else {
      allPositions = true;
    }
  };
  for (const cell of [context, ...otherCells(context)]) {
    for (const node of cell.nodes('String')) {
      if (
        cell === context &&
        node.from >= pipeline.from &&
        node.to <= pipeline.to
      ) {
        continue;
      }
      const value = stringValue(textOf(cell, node));
      if (value !== null) {
        keyNames(value).forEach(name => names.add(name));
      }
    }
    for (const node of cell.nodes('VariableName')) {
      const text = textOf(cell, node);
      if (/^[^_]\w*__\w/.test(text)) {
        keyNames(text).forEach(name => names.add(name));
      }
    }
    for (const node of cell.nodes('MemberExpression')) {
      const property = node.lastChild;
      const key = property ? textOf(cell, property) : '';
      if (property?.name !== 'PropertyName') {
        // `pipe[...]` on the pipeline's own name.
        const object = node.firstChild;
        if (
          variable !== null &&
          object &&
          dottedName(cell, object) === variable &&
          node.getChild('[')
        ) {
          const index = node.getChild('[')!.nextSibling;
          if (index?.name !== 'String') {
            position(index, cell);
          }
        }
        continue;
      }
      if (key !== 'steps' && key !== 'named_steps') {
        continue;
      }
      const parent = node.parent;
      const subscript =
        parent?.name === 'MemberExpression' &&
        parent.firstChild?.from === node.from &&
        parent.getChild('[')
          ? parent.getChild('[')!.nextSibling
          : null;
      if (key === 'steps') {
        position(subscript, cell);
        continue;
      }
      const member =
        parent?.name === 'MemberExpression' &&
        parent.lastChild?.name === 'PropertyName'
          ? textOf(cell, parent.lastChild)
          : null;
      if (subscript?.name === 'String') {
        continue;
      }
      if (member && !['items', 'keys', 'values', 'get'].includes(member)) {
        names.add(member);
      } else {
        allNames = true;
      }
    }
  }
  return {
    names: allNames ? 'all' : names,
    positions: allPositions ? 'all' : positions
  };
}

/**
 * The names `make_pipeline` gives its steps before numbering repeated ones (see
 * numbered): the class names in lower case; null where a step is not a call that names
 * its class.
 */
export function madeNames(
  context: IRuleContext,
  steps: readonly SyntaxNode[]
): string[] | null {
  const names: string[] = [];
  for (const step of steps) {
    const callee = step.name === 'CallExpression' && calleeOf(context, step);
    if (!callee) {
      return null;
    }
    names.push(
      ['make_pipeline', 'Pipeline'].includes(callee.name)
        ? 'pipeline'
        : callee.name.toLowerCase()
    );
  }
  return names;
}

/** scikit-learn's numbering of repeated step names: `scaler-1`, `scaler-2`. */
export function numbered(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  names.forEach(name => counts.set(name, (counts.get(name) ?? 0) + 1));
  const seen = new Map<string, number>();
  return names.map(name => {
    if (counts.get(name) === 1) {
      return name;
    }
    const k = (seen.get(name) ?? 0) + 1;
    seen.set(name, k);
    return `${name}-${k}`;
  });
}

/** Whether a step, by its name and place, is read anywhere. */
export function isRead(
  reads: IStepReads,
  name: string,
  index: number
): boolean {
  return (
    reads.names === 'all' ||
    reads.names.has(name) ||
    reads.positions === 'all' ||
    reads.positions.has(index)
  );
}

// What a pipeline does as its final step would: fit, predict and score.
const FORWARDED = new Set([
  'fit',
  'predict',
  'fit_predict',
  'predict_proba',
  'predict_log_proba',
  'decision_function',
  'score',
  'score_samples',
  'transform',
  'fit_transform'
]);
// Calls that only fit, predict and score the estimator they are given.
const SCORERS = new Set([
  'cross_val_score',
  'cross_val_predict',
  'cross_validate',
  'learning_curve'
]);

/**
 * Whether a model made into a pipeline keeps what the notebook does with it: the name
 * it is assigned to (`variable`; none where it is not) appears in no cell but as the
 * assignment's target, through a method a pipeline forwards to it (`model.fit`,
 * `model.score`), or given to a scorer (`cross_val_score(model, ...)`).
 */
export function usedAsEstimator(
  context: IRuleContext,
  variable: string | null,
  assignment: SyntaxNode | null
): boolean {
  if (variable === null) {
    return false;
  }
  return [context, ...otherCells(context)].every(cell =>
    cell.nodes('VariableName').every(node => {
      if (
        textOf(cell, node) !== variable ||
        (cell === context && node.from === assignment?.from)
      ) {
        return true;
      }
      const parent = node.parent;
      if (
        parent?.name === 'MemberExpression' &&
        parent.lastChild?.name === 'PropertyName'
      ) {
        return FORWARDED.has(textOf(cell, parent.lastChild));
      }
      const call = parent?.name === 'ArgList' ? parent.parent : null;
      const callee = call ? calleeOf(cell, call) : null;
      return !!callee && SCORERS.has(callee.name);
    })
  );
}

/**
 * The step names a string or keyword may spell: itself, or every part of a parameter key
 * but the parameter (`estimator__poly__degree` names `estimator` and `poly`).
 */
function keyNames(key: string): string[] {
  const parts = key.split('__');
  return parts.length === 1 ? parts : parts.slice(0, -1);
}
