import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  importTable,
  namesBoundBefore,
  namesDefined,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { sklearnModuleRules } from '../../../../src/core/rules/sklearn-modules';
import { TODAY } from './helpers';

const RULE = 'sklearn.calinski-harabaz-score';

/** The last cell of a notebook as the rule rewrites it, the cells above run first. */
function rewrite(...cells: string[]): string {
  const prepared = cells.map(prepareSource);
  const cell = cells[cells.length - 1];
  const matches = scanSource(cell, sklearnModuleRules, {
    versions: TODAY,
    imports: importTable(prepared),
    defined: namesDefined(prepared)
  }).filter(match => match.ruleId === RULE);
  const bound = namesBoundBefore(prepared.slice(0, -1));
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('calinski_harabaz_score', () => {
  it('is renamed through the module, however the notebook names it', () => {
    assert.equal(
      rewrite(
        'from sklearn import metrics',
        'print(metrics.calinski_harabaz_score(X, y_pred))'
      ),
      'print(metrics.calinski_harabasz_score(X, y_pred))'
    );
    assert.equal(
      rewrite(
        'import sklearn.metrics as skm\nscore = skm.calinski_harabaz_score(X, labels)'
      ),
      'import sklearn.metrics as skm\nscore = skm.calinski_harabasz_score(X, labels)'
    );
    assert.equal(
      rewrite(
        'import sklearn.metrics\nscore = sklearn.metrics.calinski_harabaz_score(X, labels)'
      ),
      'import sklearn.metrics\nscore = sklearn.metrics.calinski_harabasz_score(X, labels)'
    );
  });

  it('is renamed in an import among other names, and in its uses', () => {
    assert.equal(
      rewrite(
        'from sklearn.metrics import silhouette_score, calinski_harabaz_score\n' +
          'def scores(X, labels):\n' +
          '    return silhouette_score(X, labels), calinski_harabaz_score(X, labels)'
      ),
      'from sklearn.metrics import silhouette_score\n' +
        'from sklearn.metrics import calinski_harabasz_score\n' +
        'def scores(X, labels):\n' +
        '    return silhouette_score(X, labels), calinski_harabasz_score(X, labels)'
    );
  });

  it('is renamed in a later cell that uses the name an earlier cell imported', () => {
    // The new name is imported where it is used: the earlier cell may not be rewritten yet.
    assert.equal(
      rewrite(
        'from sklearn.metrics import calinski_harabaz_score',
        'ch = calinski_harabaz_score(X, km.labels_)'
      ),
      'from sklearn.metrics import calinski_harabasz_score\nch = calinski_harabasz_score(X, km.labels_)'
    );
  });

  it('keeps an alias the notebook gave it, and imports from sklearn.metrics.cluster', () => {
    assert.equal(
      rewrite(
        'from sklearn.metrics import calinski_harabaz_score as ch\nprint(ch(X, labels))'
      ),
      'from sklearn.metrics import calinski_harabasz_score as ch\nprint(ch(X, labels))'
    );
    assert.equal(
      rewrite(
        'from sklearn.metrics.cluster import calinski_harabaz_score\nprint(calinski_harabaz_score(X, labels))'
      ),
      'from sklearn.metrics.cluster import calinski_harabasz_score\nprint(calinski_harabasz_score(X, labels))'
    );
  });

  it("leaves the notebook's own function of that name and other modules' alone", () => {
    const cells = [
      'def calinski_harabaz_score(X, labels):\n    return 0.0\nprint(calinski_harabaz_score(X, labels))',
      'import mylib.metrics as metrics\nprint(metrics.calinski_harabaz_score(X, labels))',
      'from mylib import calinski_harabaz_score\nprint(calinski_harabaz_score(X, labels))'
    ];
    for (const cell of cells) {
      assert.equal(rewrite(cell), cell);
    }
  });
});
