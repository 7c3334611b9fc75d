import { parser } from '@lezer/python';
import type { IKernelProbe } from '../execution/types';
import { pythonStringValue } from '../environment/versions';
import { importsNeeded } from './bindings';
import { blankMagics, prepareSource } from './prepare';
import type { IRuleMatch, ITextEdit } from './types';

/** Applies sorted, non-overlapping edits (identical duplicates count once). */
export function applyEdits(
  source: string,
  edits: readonly ITextEdit[]
): string {
  const sorted = Private.normalize(edits);
  let result = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.from < at || edit.to < edit.from || edit.to > source.length) {
      throw new Error(`Overlapping or invalid edit at ${edit.from}-${edit.to}`);
    }
    result += source.slice(at, edit.from) + edit.insert;
    at = edit.to;
  }
  return result + source.slice(at);
}

/**
 * The source with the matches' edits applied, and which rules took part. A match is left
 * out when its edits overlap an earlier one's or when they would add a syntax error; null
 * when nothing is left. Only the edits' spans change, plus the imports of names the edits
 * need (ITextEdit.needs) that neither `bound` (names bound by the cells before this
 * source) nor the source binds where they are used. `edited` is the source with the edits
 * alone, before those imports: the text the edits declare, for a safety review.
 */
export function proposeRewrite(
  source: string,
  matches: readonly IRuleMatch[],
  options: { bound?: ReadonlySet<string> } = {}
): { source: string; edited: string; ruleIds: string[] } | null {
  const baseline = Private.errorCount(source);
  let edits: ITextEdit[] = [];
  const accepted: IRuleMatch[] = [];
  for (const match of matches) {
    if (match.edits.length === 0) {
      continue;
    }
    const candidate = [...edits, ...match.edits];
    let rewritten: string;
    try {
      rewritten = applyEdits(source, candidate);
    } catch {
      continue;
    }
    if (Private.errorCount(rewritten) > baseline) {
      continue;
    }
    edits = candidate;
    accepted.push(match);
  }
  if (edits.length === 0) {
    return null;
  }
  const rewritten = applyEdits(source, edits);
  const needed = accepted.flatMap(match => {
    // A name is needed where the match's text lands: its first non-empty edit, or itself.
    const at = Math.min(
      Private.mapOffset(edits, match.from),
      ...match.edits
        .filter(edit => edit.insert !== '')
        .map(edit => Private.landing(edits, edit))
    );
    return match.edits.flatMap(edit =>
      (edit.needs ?? []).map(binding => ({ at, binding }))
    );
  });
  const imports =
    needed.length === 0
      ? []
      : importsNeeded(
          prepareSource(rewritten),
          needed,
          options.bound ?? new Set()
        );
  return {
    source: applyEdits(rewritten, imports),
    edited: rewritten,
    ruleIds: [...new Set(accepted.map(match => match.ruleId))]
  };
}

/**
 * Asks the kernel the matches' questions (silently: nothing is left in the user's
 * namespace) and fills in the edits each answer decides. A question the kernel cannot
 * answer (the name is not defined yet) leaves its match without edits.
 */
export async function answerQuestions(
  matches: readonly IRuleMatch[],
  probe: IKernelProbe
): Promise<IRuleMatch[]> {
  const answered: IRuleMatch[] = [];
  for (const match of matches) {
    if (!match.question || match.edits.length > 0) {
      answered.push(match);
      continue;
    }
    let edits: ITextEdit[] | null = null;
    try {
      const answer = await probe.evaluate(match.question.expression);
      edits = match.question.decide(Private.unquote(answer));
    } catch {
      edits = null;
    }
    answered.push({ ...match, edits: edits ?? [] });
  }
  return answered;
}
namespace Private {
  /** Sorted edits without identical duplicates. */
  export function normalize(edits: readonly ITextEdit[]): ITextEdit[] {
    const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
    return sorted.filter(
      (edit, i) =>
        i === 0 ||
        edit.from !== sorted[i - 1].from ||
        edit.to !== sorted[i - 1].to ||
        edit.insert !== sorted[i - 1].insert
    );
  }

  /** Where an offset of the source lands once `edits` are applied. */
  export function mapOffset(edits: readonly ITextEdit[], at: number): number {
    let shift = 0;
    for (const edit of normalize(edits)) {
      if (edit.to <= at) {
        shift += edit.insert.length - (edit.to - edit.from);
      } else if (edit.from < at) {
        return edit.from + shift;
      }
    }
    return at + shift;
  }

  /** Where one of `edits` starts once they are all applied. */
  export function landing(
    edits: readonly ITextEdit[],
    edit: ITextEdit
  ): number {
    let shift = 0;
    for (const other of normalize(edits)) {
      if (
        other.from === edit.from &&
        other.to === edit.to &&
        other.insert === edit.insert
      ) {
        break;
      }
      shift += other.insert.length - (other.to - other.from);
    }
    return edit.from + shift;
  }

  /** Syntax error nodes in a source's Python (magics blanked). */
  export function errorCount(source: string): number {
    const python = blankMagics(source) ?? '';
    let count = 0;
    const cursor = parser.parse(python).cursor();
    do {
      if (cursor.type.isError) {
        count++;
      }
    } while (cursor.next());
    return count;
  }

  /** A kernel answer is a str repr; decide() gets its value. */
  export function unquote(answer: string): string {
    try {
      return pythonStringValue(answer);
    } catch {
      return answer;
    }
  }
}
