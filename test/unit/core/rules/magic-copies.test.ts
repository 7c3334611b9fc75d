import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { magicCopyRules } from '../../../../src/core/rules/magic-copies';
import { matchesIn, testExamples } from './helpers';

testExamples(magicCopyRules);

const [rule] = magicCopyRules;
// A notebook in `rendered/`, its exercises' solutions in `lessons/solutions/`.
const REPOSITORY = [
  'course.ipynb',
  '../lessons',
  '../lessons/solutions',
  '../lessons/solutions/grid_search.py',
  '../lessons/solutions/plot weights.py',
  '../helpers.py',
  '../old/utils.py',
  '../lessons/utils.py',
  'local.py'
];

/** The rule's rewrite of a cell in that repository. */
function rewritten(source: string, files = REPOSITORY): string {
  const matches = matchesIn(rule, source, { files });
  return proposeRewrite(source, matches)?.source ?? source;
}

describe('files magics read, elsewhere in the repository', () => {
  it('reads the one copy, relative to the notebook', () => {
    assert.equal(
      rewritten('%load solutions/grid_search.py'),
      '%load ../lessons/solutions/grid_search.py'
    );
    assert.equal(rewritten('%run helpers.py'), '%run ../helpers.py');
    assert.equal(
      rewritten('x = 1\n  %pycat ./solutions/grid_search.py\n'),
      'x = 1\n  %pycat ../lessons/solutions/grid_search.py\n'
    );
  });

  it('keeps options, their values and the script’s arguments', () => {
    assert.equal(
      rewritten('%run -i -N 2 helpers.py --fast 3'),
      '%run -i -N 2 ../helpers.py --fast 3'
    );
    assert.equal(
      rewritten('%load -r 5-10 solutions/grid_search.py'),
      '%load -r 5-10 ../lessons/solutions/grid_search.py'
    );
    assert.equal(
      rewritten("%run 'solutions/plot weights.py'"),
      '%run "../lessons/solutions/plot weights.py"'
    );
  });

  it('reads a copy of a file %load would fetch from a URL', () => {
    assert.equal(
      rewritten('%load http://example.org/examples/grid_search.py'),
      '%load ../lessons/solutions/grid_search.py'
    );
    assert.equal(
      rewritten('%run http://example.org/helpers.py'),
      '%run http://example.org/helpers.py'
    );
  });

  it('never guesses between two copies', () => {
    assert.equal(rewritten('%run utils.py'), '%run utils.py');
    assert.equal(
      rewritten('%run lessons/utils.py'),
      '%run ../lessons/utils.py'
    );
  });

  it('leaves a file that is there, a module, an expanded name and Python', () => {
    for (const source of [
      '%run local.py',
      '%run -m helpers',
      '%run $script',
      '%load {name}.py',
      '%run missing.py',
      'total = (a\n%run)',
      '%%time\nx = 1'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });

  it('says nothing without a listing of the repository', () => {
    assert.deepEqual(matchesIn(rule, '%run helpers.py', { files: [] }), []);
  });
});
