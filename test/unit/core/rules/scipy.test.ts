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
import { scipyRules } from '../../../../src/core/rules/scipy';
import { testExamples, TODAY } from './helpers';

testExamples(scipyRules);

describe('a moved name the notebook also defines', () => {
  // A teaching notebook writes its own trapz, then compares it with scipy's.
  const cells = [
    'import numpy as np\ndef trapz(x, y):\n    return 0.5 * np.sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]))',
    'x = np.linspace(0, 3, 50)\nprint(trapz(x, x ** 2))',
    'from scipy.integrate import quad, trapz\nprint(trapz(x ** 2, x))'
  ];
  const rewrite = (index: number) => {
    const prepared = cells.map(prepareSource);
    const matches = scanSource(cells[index], scipyRules, {
      versions: TODAY,
      imports: importTable(prepared),
      defined: namesDefined(prepared)
    });
    const bound = namesBoundBefore(prepared.slice(0, index));
    return (
      proposeRewrite(cells[index], matches, { bound })?.source ?? cells[index]
    );
  };

  it("leaves the notebook's own function and its calls alone", () => {
    assert.equal(rewrite(0), cells[0]);
    assert.equal(rewrite(1), cells[1]);
  });

  it('imports the new name under the old one where scipy is meant', () => {
    assert.equal(
      rewrite(2),
      'from scipy.integrate import quad\nfrom scipy.integrate import trapezoid as trapz\nprint(trapz(x ** 2, x))'
    );
  });
});
