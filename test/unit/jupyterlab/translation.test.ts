import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Gettext,
  nullTranslator,
  type ITranslator,
  type TranslationBundle
} from '@jupyterlab/translation';
import { tallyText } from '../../../src/jupyterlab/review/offline-fixes';
import { loadTranslation } from '../../../src/jupyterlab/translation';

const DOMAIN = 'jupyterlab_modernizer';

/** A French catalogue, as a language pack ships it for the extension's domain. */
function french(): TranslationBundle {
  // Gettext reads the page's language for its default locale, even when given one.
  (globalThis as any).document ??= {
    documentElement: { getAttribute: () => null }
  };
  const gettext = new Gettext({ domain: DOMAIN, locale: 'fr' });
  gettext.loadJSON(
    {
      '': {
        domain: DOMAIN,
        language: 'fr',
        pluralForms: 'nplurals=2; plural=(n > 1);',
        version: '1'
      },
      '%1 proposal for %2: one per cell, with every rewrite of that cell.': [
        '%1 proposition pour %2 : une par cellule, avec toutes ses réécritures.',
        '%1 propositions pour %2 : une par cellule, avec toutes ses réécritures.'
      ],
      '%1 eroded line': ['%1 ligne érodée', '%1 lignes érodées']
    },
    DOMAIN
  );
  return gettext;
}

describe('translation', () => {
  it('loads the bundle of the Python package’s domain', () => {
    const domains: string[] = [];
    const translator: ITranslator = {
      ...nullTranslator,
      load: (domain: string) => {
        domains.push(domain);
        return nullTranslator.load(domain);
      }
    };
    loadTranslation(translator);
    assert.deepEqual(domains, [DOMAIN]);
  });

  it('keeps the English text without a translator', () => {
    const tally = { lines: 5, waiting: 3, pointOnly: 0, leftOut: 0 };
    assert.equal(
      tallyText(tally, 1, loadTranslation(null)),
      '1 proposal for 5 eroded lines: one per cell, with every rewrite of that cell. ' +
        'Not proposed: 3 must wait until the cells before them have run ' +
        '(Modernize asks the kernel then).'
    );
  });

  it('says Fix all offline’s tally in the language pack’s words and plural forms', () => {
    const trans = french();
    assert.equal(
      tallyText({ lines: 1, waiting: 0, pointOnly: 0, leftOut: 0 }, 2, trans),
      '2 propositions pour 1 ligne érodée : une par cellule, avec toutes ses réécritures.'
    );
    assert.equal(
      tallyText({ lines: 3, waiting: 0, pointOnly: 0, leftOut: 0 }, 1, trans),
      '1 proposition pour 3 lignes érodées : une par cellule, avec toutes ses réécritures.'
    );
  });
});
