import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  importTable,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { joblibRules } from '../../../../src/core/rules/joblib';
import { testExamples, TODAY } from './helpers';

testExamples(joblibRules);

/** A module's source rewritten by every rule at once, as one proposal makes it. */
function rewrite(source: string): string {
  const matches = scanSource(source, allRules, {
    versions: new Map([...TODAY, ['joblib', '1.5.0']]),
    imports: importTable([prepareSource(source)])
  });
  return (
    proposeRewrite(source, matches, { bound: new Set() })?.source ?? source
  );
}

describe("joblib's Memory through scikit-learn's vendored copy", () => {
  it('gets location= in the same rewrite that imports it from joblib', () => {
    assert.equal(
      rewrite(
        "from sklearn.externals.joblib import Memory\nmemory = Memory(cachedir='cache')"
      ),
      "from joblib import Memory\nmemory = Memory(location='cache')"
    );
  });

  it('is left alone when Memory comes from another library', () => {
    const source =
      "from mylib import Memory\nmemory = Memory(cachedir='cache')";
    assert.equal(rewrite(source), source);
  });
});
