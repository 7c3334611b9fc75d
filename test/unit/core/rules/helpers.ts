import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  compareVersions,
  evidenceOf,
  importTable,
  namesBound,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRule,
  type IRuleExample,
  type IRuleMatch
} from '../../../../src/core/rules';

/** The stack notebooks are modernized for. */
export const TODAY: ReadonlyMap<string, string> = new Map([
  ['python', '3.11.7'],
  ['pandas', '3.1.1'],
  ['numpy', '2.4.6'],
  ['scikit-learn', '1.9.1'],
  ['matplotlib', '3.11.2'],
  ['seaborn', '0.13.2'],
  ['scipy', '1.17.1'],
  ['ipython', '9.18.1']
]);

/** Today's stack, or the rule's own version where it comes later (Python 3.12 rules). */
export function versionsFor(rule: IRule): ReadonlyMap<string, string> {
  const installed = TODAY.get(rule.distribution);
  return installed && compareVersions(installed, rule.since) >= 0
    ? TODAY
    : new Map([...TODAY, [rule.distribution, rule.since]]);
}

/** The rule's matches in an example's code, as the scan would give them. */
export function matchesIn(
  rule: IRule,
  source: string,
  example: Partial<IRuleExample> = {},
  versions: ReadonlyMap<string, string> = versionsFor(rule)
): IRuleMatch[] {
  const evidence = evidenceOf(
    example.writtenWith
      ? { language_info: { version: example.writtenWith } }
      : {},
    [example.setup ?? '', source],
    allRules
  );
  // The setup stands for the notebook's earlier cells, `below` for a later one: their
  // imports count.
  const cells = [example.setup ?? '', source, example.below ?? ''].map(
    prepareSource
  );
  return scanSource(source, [rule], {
    versions,
    evidence,
    imports: importTable(cells),
    cells,
    files: new Set(example.files ?? []),
    neverRan: example.neverRan
  }).filter(match => match.ruleId === rule.id);
}

/**
 * The cell as the rule `id` among `rules` rewrites it after the `earlier` cell, the kernel
 * giving `answer` to its questions.
 */
export function rewriteAfter(
  rules: readonly IRule[],
  id: string,
  cell: string,
  earlier = 'import pandas as pd',
  answer?: string
): string {
  const prepared = [earlier, cell].map(prepareSource);
  const matches = scanSource(
    cell,
    rules.filter(rule => rule.id === id),
    {
      versions: TODAY,
      imports: importTable(prepared),
      defined: namesDefined(prepared),
      cells: prepared
    }
  );
  const bound = namesBound(prepareSource(earlier));
  return (
    proposeRewrite(cell, answered(matches, answer), { bound })?.source ?? cell
  );
}

/** The names the example's setup binds: it stands for the notebook's earlier cells. */
export function boundBy(example: Partial<IRuleExample>): Set<string> {
  return namesBound(prepareSource(example.setup ?? ''));
}

/** Matches with kernel questions answered by the example's canned answer. */
export function answered(
  matches: IRuleMatch[],
  answer: string | undefined
): IRuleMatch[] {
  return matches.map(match =>
    match.question && match.edits.length === 0 && answer !== undefined
      ? { ...match, edits: match.question.decide(answer) ?? [] }
      : match
  );
}

/** Tests every example of every rule: found in `before`, rewritten to `after`, quiet on `after`. */
export function testExamples(rules: readonly IRule[]): void {
  for (const rule of rules) {
    describe(rule.id, () => {
      it('has an id, summary, changelog link and examples', () => {
        assert.match(rule.id, /^[a-z0-9]+\.[a-z0-9-]+$/);
        assert.ok(rule.summary.length > 10);
        assert.match(rule.link, /^https:\/\//);
        assert.ok(rule.examples.length > 0);
      });
      rule.examples.forEach((example, i) => {
        it(`example ${i + 1}: rewrites before into after`, () => {
          const matches = matchesIn(rule, example.before, example);
          assert.ok(matches.length > 0, 'no match in before');
          const rewrite = proposeRewrite(
            example.before,
            answered(matches, example.answer),
            { bound: boundBy(example) }
          );
          assert.equal(rewrite?.source ?? example.before, example.after);
        });
        if (example.after !== example.before) {
          it(`example ${i + 1}: after is modern`, () => {
            // A question may still be asked of `after`: the kernel's answer there is not
            // the example's, which is about `before`.
            const left = matchesIn(rule, example.after, example).filter(
              match => !match.question || match.edits.length > 0
            );
            assert.deepEqual(left, []);
          });
        }
      });
    });
  }
}

/** A question-asking rule's matches in a cell, seen under `imports` (the earlier cells). */
export interface IAskingScan {
  scan(cell: string): IRuleMatch[];
  /** The text of each match: what the rule asks the kernel about. */
  asked(cell: string): string[];
  /** The cell as rewritten when the kernel gives `answer` to every question. */
  rewritten(cell: string, answer: string): string;
}

/** Scans of one cell by `rules` on today's stack, with the notebook's `imports`. */
export function askingScan(
  rules: readonly IRule[],
  imports: string
): IAskingScan {
  const scan = (cell: string) =>
    scanSource(cell, rules, {
      versions: TODAY,
      imports: importTable([imports, cell].map(prepareSource))
    });
  return {
    scan,
    asked: cell => scan(cell).map(m => cell.slice(m.from, m.to)),
    rewritten: (cell, answer) =>
      proposeRewrite(cell, answered(scan(cell), answer))?.source ?? cell
  };
}
