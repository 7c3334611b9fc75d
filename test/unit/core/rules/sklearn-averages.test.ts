import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { sklearnAverageRules } from '../../../../src/core/rules/sklearn-averages';
import { answered, matchesIn, testExamples } from './helpers';

testExamples(sklearnAverageRules);

const [rule] = sklearnAverageRules;
const SETUP = 'from sklearn.metrics import f1_score, precision_score';

/** The cell as the rule rewrites it, the kernel answering `answer`. */
function rewritten(source: string, answer: string): string {
  return (
    proposeRewrite(
      source,
      answered(matchesIn(rule, source, { setup: SETUP }), answer)
    )?.source ?? source
  );
}

describe('scores of more than two classes with the binary default', () => {
  it('averages them weighted where the kernel says the true labels are multiclass', () => {
    const source =
      'score_tree = f1_score(y_test, clf.predict(X_test))\nscore_p = precision_score(y_true=y_test, y_pred=p)';
    assert.equal(
      rewritten(source, 'multiclass'),
      "score_tree = f1_score(y_test, clf.predict(X_test), average='weighted')\nscore_p = precision_score(y_true=y_test, y_pred=p, average='weighted')"
    );
    assert.equal(rewritten(source, 'binary'), source);
  });

  it("asks in a function's frame, and leaves calls that say their average or positive label", () => {
    const inside = 'def report(y, p):\n    return f1_score(y, p)';
    const [match] = matchesIn(rule, inside, { setup: SETUP });
    assert.match(match.question!.expression, /co_name == 'report'/);
    for (const source of [
      "f1_score(y, p, average='macro')",
      "f1_score(y, p, pos_label='yes')",
      'f1_score(load(), p)',
      'f1_score(*pair)'
    ]) {
      assert.deepEqual(matchesIn(rule, source, { setup: SETUP }), [], source);
    }
  });
});
