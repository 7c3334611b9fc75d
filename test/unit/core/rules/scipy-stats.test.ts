import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource,
  type IRuleMatch
} from '../../../../src/core/rules';
import { scipyRules } from '../../../../src/core/rules/scipy';
import { TODAY } from './helpers';

const RULE = 'scipy.stats-mode-keepdims';

/** The rule's matches in the last cell, the cells above giving imports and definitions. */
function matches(cells: string[]): IRuleMatch[] {
  const prepared = cells.map(prepareSource);
  return scanSource(cells[cells.length - 1], scipyRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  }).filter(match => match.ruleId === RULE);
}

/** The last cell as the rule rewrites it. */
function rewrite(...cells: string[]): string {
  const cell = cells[cells.length - 1];
  return proposeRewrite(cell, matches(cells))?.source ?? cell;
}

describe('stats.mode keeps the reduced axis', () => {
  it('is asked for in every import style, inside functions too', () => {
    assert.equal(
      rewrite(
        'from scipy import stats',
        'def best(data):\n    best_f_val = stats.mode(data[:, -1])[0][0]\n    return best_f_val'
      ),
      'def best(data):\n    best_f_val = stats.mode(data[:, -1], keepdims=True)[0][0]\n    return best_f_val'
    );
    assert.equal(
      rewrite('import scipy.stats as st\nm = st.mode(x, axis=0).mode[0]'),
      'import scipy.stats as st\nm = st.mode(x, axis=0, keepdims=True).mode[0]'
    );
    assert.equal(
      rewrite('from scipy.stats import mode\nm = mode(x)[0][0]'),
      'from scipy.stats import mode\nm = mode(x, keepdims=True)[0][0]'
    );
    assert.equal(
      rewrite('import scipy\nm = scipy.stats.mode(x, 1, "omit")[0]'),
      'import scipy\nm = scipy.stats.mode(x, 1, "omit", keepdims=True)[0]'
    );
  });

  it('leaves calls that choose keepdims, and only points at axis=None', () => {
    for (const cell of [
      'from scipy import stats\nm = stats.mode(x, keepdims=False)',
      'from scipy import stats\nm = stats.mode(x, 0, "propagate", True)',
      'from scipy import stats\nm = stats.mode(x, **options)'
    ]) {
      assert.deepEqual(matches([cell]), [], cell);
    }
    for (const cell of [
      'from scipy import stats\nm = stats.mode(x, axis=None)[0][0]',
      'from scipy import stats\nm = stats.mode(x, None)[0][0]'
    ]) {
      const found = matches([cell]);
      assert.equal(found.length, 1, cell);
      assert.deepEqual(found[0].edits, []);
      assert.match(found[0].note!, /axis=None/);
    }
  });

  it('leaves the modes of statistics, pandas and the notebook itself alone', () => {
    for (const cells of [
      ['import statistics\nm = statistics.mode([1, 1, 2])'],
      ['from statistics import mode\nm = mode([1, 1, 2])'],
      ["import pandas as pd\nm = df['x'].mode()[0]"],
      ['def mode(xs):\n    return max(set(xs), key=xs.count)\nm = mode(xs)'],
      [
        'from scipy.stats import mode',
        'def mode(xs):\n    return xs[0]',
        'm = mode(xs)'
      ],
      ['from scipy import stats\nm = stats.mstats.mode(x)'],
      ['m = stats.mode(x)[0][0]']
    ]) {
      assert.deepEqual(matches(cells), [], cells.join('\n'));
    }
  });
});
