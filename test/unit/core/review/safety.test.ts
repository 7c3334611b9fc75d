import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsafeReasons } from '../../../../src/core';

describe('unsafeReasons', () => {
  const cases: [string, string, string[]][] = [
    ['!pip install xgboost\nimport xgboost', 'installs packages'],
    ['%pip install xgboost', 'installs packages'],
    ['%conda install numpy', 'installs packages'],
    ['!ls data', 'runs a shell command'],
    ['import subprocess\nsubprocess.run(["ls"])', 'starts a process'],
    ["os.system('make')", 'starts a process'],
    ["os.remove('out.csv')", 'deletes files'],
    ["shutil.rmtree('build')", 'deletes files'],
    ["Path('x').unlink()", 'deletes files'],
    ["requests.get('http://example.com')", 'makes network calls'],
    ['from urllib.request import urlopen', 'makes network calls'],
    ["pd.read_csv('https://example.com/a.csv')", 'makes network calls']
  ].map(([after, reason]) => [after, reason, [reason]]);

  for (const [after, reason, expected] of cases) {
    it(`flags what a proposal adds: ${reason} (${after.split('\n')[0]})`, () => {
      assert.deepEqual(
        unsafeReasons('x = 1', after).filter(r => r === reason),
        expected
      );
    });
  }

  it('does not flag what the notebook already had', () => {
    const before =
      "!pip install seaborn\ndf = pd.read_csv('http://x/a.csv')\ndf.ix[0]";
    const after =
      "!pip install seaborn\ndf = pd.read_csv('http://x/a.csv')\ndf.loc[0]";
    assert.deepEqual(unsafeReasons(before, after), []);
  });

  it('does not flag ordinary rewrites', () => {
    assert.deepEqual(
      unsafeReasons(
        'from sklearn.cross_validation import KFold',
        'from sklearn.model_selection import KFold'
      ),
      []
    );
  });
});
