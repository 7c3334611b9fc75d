import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { pandasReplaceRules } from '../../../../src/core/rules/pandas-replace';
import { matchesIn, testExamples } from './helpers';

testExamples(pandasReplaceRules);

const [rule] = pandasReplaceRules;

/** The cell as the rule rewrites it. */
function rewritten(source: string): string {
  return proposeRewrite(source, matchesIn(rule, source, {}))?.source ?? source;
}

describe('text replaced by numbers', () => {
  it('infers the dtype after lists, a mapping or one value, in functions too', () => {
    for (const [before, after] of [
      [
        "y = df['passed'].replace(['yes', 'no'], [1, 0])",
        "y = df['passed'].replace(['yes', 'no'], [1, 0]).infer_objects()"
      ],
      [
        "df = df.replace({'M': 1, 'F': -1.5})",
        "df = df.replace({'M': 1, 'F': -1.5}).infer_objects()"
      ],
      [
        "def reformat(col):\n    return col.replace(('yes', 'no'), (1, 0))",
        "def reformat(col):\n    return col.replace(('yes', 'no'), (1, 0)).infer_objects()"
      ],
      ["s = s.replace('?', 0)", "s = s.replace('?', 0).infer_objects()"],
      [
        "X = data.replace(['a', 'b'], [1, 2]).values",
        "X = data.replace(['a', 'b'], [1, 2]).infer_objects().values"
      ]
    ]) {
      assert.equal(rewritten(before), after);
    }
  });

  it('leaves text replaced by text, other values, in place, or already cast', () => {
    for (const source of [
      "name = line.replace('a', 'b')",
      "df = df.replace('?', np.nan)",
      "df = df.replace(['yes', 'no'], [1, 'n/a'])",
      "df = df.replace(['yes', 'no'], [1, 0, 2])",
      "df.replace({'yes': 1, 'no': 0}, inplace=True)",
      "df = df.replace({'yes': 1, **more})",
      "y = s.replace(['yes', 'no'], [1, 0]).astype(int)",
      "y = s.replace({'yes': 1}).infer_objects()",
      "y = load().replace({'yes': 1})",
      'y = s.replace(old, new)'
    ]) {
      assert.deepEqual(matchesIn(rule, source, {}), [], source);
    }
  });
});
