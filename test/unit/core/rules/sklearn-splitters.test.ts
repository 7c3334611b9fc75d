import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  evidenceOf,
  importTable,
  namesBound,
  prepareSource,
  proposeRewrite,
  scanSource
} from '../../../../src/core/rules';
import { sklearnParamRules } from '../../../../src/core/rules/sklearn-params';
import { sklearnSplitterRules } from '../../../../src/core/rules/sklearn-splitters';
import { testExamples, TODAY } from './helpers';

testExamples(sklearnSplitterRules);

/** A cell rewritten below an import cell as it is now and as the notebook wrote it. */
function rewrite(
  cell: string,
  options: { imports?: string; original?: string; answer?: string } = {}
): string {
  const imports =
    options.imports ??
    'from sklearn.model_selection import KFold, ShuffleSplit';
  const original = options.original ?? imports;
  const evidence = evidenceOf({}, [original, cell], sklearnSplitterRules);
  const matches = scanSource(cell, sklearnSplitterRules, {
    versions: TODAY,
    evidence,
    imports: importTable([imports, cell].map(prepareSource))
  }).map(match =>
    match.question && options.answer !== undefined
      ? { ...match, edits: match.question.decide(options.answer) ?? [] }
      : match
  );
  const bound = new Set(['np', 'X', 'y', 'KFold', 'ShuffleSplit', 'n_samples']);
  return proposeRewrite(cell, matches, { bound })?.source ?? cell;
}

describe('cross-validation splitters', () => {
  it('keeps a splitter that already has the new signature', () => {
    for (const cell of [
      'splitter = KFold(5, random_state=42, shuffle=True)',
      'kf = KFold(n_splits=folds, random_state=seed, shuffle=True)',
      'scores = cross_val_score(model, X, y, cv=KFold(n_splits=10))'
    ]) {
      assert.equal(rewrite(cell), cell);
    }
  });

  it('reads KFold(n) as the old signature where the notebook imported it from cross_validation', () => {
    const cell = 'kf = KFold(len(X), shuffle=True, random_state=0)';
    assert.equal(
      rewrite(cell, { original: 'from sklearn.cross_validation import KFold' }),
      'kf = KFold(shuffle=True, random_state=0, n_splits=3)'
    );
    assert.equal(rewrite(cell), cell);
  });

  it('iterates an inline splitter and a rebuilt one through split, with X from the loop or from len()', () => {
    assert.equal(
      rewrite(
        'for train, test in KFold(len(X), n_folds=5):\n    print(len(train))'
      ),
      'for train, test in KFold(n_splits=5).split(X):\n    print(len(train))'
    );
    assert.equal(
      rewrite(
        'for i, size in enumerate(sizes):\n    cv = ShuffleSplit(n_samples, n_iter=5, train_size=size)\n    for j, (train, test) in enumerate(cv):\n        model.fit(X[train], y[train])'
      ),
      'for i, size in enumerate(sizes):\n    cv = ShuffleSplit(n_splits=5, train_size=size)\n    for j, (train, test) in enumerate(cv.split(X)):\n        model.fit(X[train], y[train])'
    );
  });

  it('iterates a splitter counted from a start through split, on a range of its old size', () => {
    const cell =
      'kf = KFold(25, n_folds=5, shuffle=False)\nfor iteration, data in enumerate(kf, start=1):\n    print(iteration, data[0], data[1])';
    assert.equal(
      rewrite(cell, { original: 'from sklearn.cross_validation import KFold' }),
      'kf = KFold(n_splits=5, shuffle=False)\nfor iteration, data in enumerate(kf.split(range(25)), start=1):\n    print(iteration, data[0], data[1])'
    );
    const other = 'for i, fold in enumerate(kf, 1, 2):\n    print(i)';
    assert.equal(rewrite(other, { answer: 'KFold' }), other);
  });

  it('drops the data size given by keyword (n=) in a module-qualified call', () => {
    assert.equal(
      rewrite(
        'scores = cross_validation.cross_val_score(model, X, y, cv=cross_validation.ShuffleSplit(train_size=size, test_size=500, n=1000, random_state=0))',
        {
          imports: 'import sklearn.model_selection as cross_validation',
          original: 'from sklearn import cross_validation'
        }
      ),
      'scores = cross_validation.cross_val_score(model, X, y, cv=cross_validation.ShuffleSplit(train_size=size, test_size=500, random_state=0))'
    );
  });

  it('drops a seed only where the splitter does not shuffle', () => {
    assert.equal(
      rewrite('kf_10 = KFold(n_splits=folds, random_state=seed)'),
      'kf_10 = KFold(n_splits=folds)'
    );
    const shuffled = 'kf = KFold(n_splits=5, shuffle=True, random_state=seed)';
    assert.equal(rewrite(shuffled), shuffled);
  });

  it("takes Python 2's first split, iter(cv).next(), from split", () => {
    assert.equal(
      rewrite(
        'cv = StratifiedShuffleSplit(labels, train_size=40, test_size=None)\ntrain, test = iter(cv).next()',
        {
          imports: 'from sklearn.model_selection import StratifiedShuffleSplit'
        }
      ),
      'cv = StratifiedShuffleSplit(train_size=40, test_size=None)\ntrain, test = next(cv.split(np.zeros(len(labels)), labels))'
    );
  });

  it('takes the first split of a splitter the iterator rule would turn into next(iter(cv)) too', () => {
    const imports =
      'from sklearn.cross_validation import StratifiedShuffleSplit';
    const cell =
      'cv = StratifiedShuffleSplit(y, train_size=50, test_size=None)\ntrain, test = iter(cv).next()\nX_orig, X_test = X[train], X[test]';
    const matches = scanSource(cell, allRules, {
      versions: TODAY,
      evidence: evidenceOf({}, [imports, cell], allRules),
      imports: importTable([imports, cell].map(prepareSource))
    });
    assert.equal(
      proposeRewrite(cell, matches, { bound: new Set(['np', 'X', 'y']) })
        ?.source,
      'cv = StratifiedShuffleSplit(train_size=50, test_size=None)\ntrain, test = next(cv.split(np.zeros(len(y)), y))\nX_orig, X_test = X[train], X[test]'
    );
    // Where the splitter is not known, the iterator rule still has it.
    const other = 'train, test = iter(folds).next()';
    assert.equal(
      proposeRewrite(
        other,
        scanSource(other, allRules, {
          versions: TODAY,
          evidence: evidenceOf({}, [other], allRules),
          imports: importTable([prepareSource(other)])
        })
      )?.source,
      'train, test = next(iter(folds))'
    );
  });

  it('asks the kernel about a splitter made in another cell, and only where the loop reads fold indices', () => {
    const cell =
      'for j, (train, test) in enumerate(cv):\n    scores[j] = SVC().fit(X[train], y[train]).score(X[test], y[test])';
    assert.equal(
      rewrite(cell, { answer: 'ShuffleSplit' }),
      cell.replace('enumerate(cv)', 'enumerate(cv.split(X))')
    );
    assert.equal(rewrite(cell, { answer: 'list' }), cell);
    // A group splitter needs the groups its old call had: none here.
    assert.equal(rewrite(cell, { answer: 'GroupKFold' }), cell);
    // The notebook imported the module that holds the splitters, not a splitter.
    const frames =
      'for train, test in kf:\n    lm = LinearRegression().fit(data.iloc[train], y.iloc[train])\n    print(lm.score(data.iloc[test], y.iloc[test]))';
    for (const imports of [
      'from sklearn import cross_validation',
      'from sklearn import model_selection as cross_validation'
    ]) {
      assert.equal(
        rewrite(frames, { imports, answer: 'KFold' }),
        frames.replace('in kf:', 'in kf.split(data):')
      );
    }
    for (const plain of [
      'for name, model in models:\n    print(name, model)',
      'for k, v in items:\n    params[k] = v[rstate.randint(len(v))]'
    ]) {
      assert.equal(rewrite(plain, { answer: 'KFold' }), plain);
    }
  });
});

describe('n_iter of the shuffling splitters', () => {
  const rules = [...sklearnSplitterRules, ...sklearnParamRules];
  const rewrite = (cell: string) =>
    proposeRewrite(
      cell,
      scanSource(cell, rules, {
        versions: TODAY,
        imports: importTable(
          [
            'from sklearn.model_selection import ShuffleSplit, StratifiedShuffleSplit, RandomizedSearchCV',
            cell
          ].map(prepareSource)
        )
      })
    )?.source ?? cell;

  it('is n_splits in the new signature and in the old one', () => {
    assert.equal(
      rewrite('cv = ShuffleSplit(test_size=.5, train_size=.5, n_iter=10)'),
      'cv = ShuffleSplit(test_size=.5, train_size=.5, n_splits=10)'
    );
    assert.equal(
      rewrite('cv = StratifiedShuffleSplit(n_iter=3, test_size=0.2)'),
      'cv = StratifiedShuffleSplit(n_splits=3, test_size=0.2)'
    );
    assert.equal(
      rewrite('cv = ShuffleSplit(n_samples, n_iter=5, random_state=0)'),
      'cv = ShuffleSplit(n_splits=5, random_state=0)'
    );
  });

  it('is left on a search, whose n_iter is its number of candidates', () => {
    const cell = 'search = RandomizedSearchCV(model, grid, n_iter=20)';
    assert.equal(rewrite(cell), cell);
  });
});

describe("the group splitters' old Label names", () => {
  /** Every rule's rewrite of each cell in turn, again until nothing changes (as a run does). */
  function settled(imports: string, cell: string): string {
    const cells = [imports, cell];
    const evidence = evidenceOf({}, cells, allRules);
    // The notebook as it was written counts too: a name its imports bound then.
    const original = cells.map(prepareSource);
    for (let round = 0; round < 4; round++) {
      cells.forEach((source, i) => {
        const bound = [
          ...cells
            .slice(0, i)
            .flatMap(before => [...namesBound(prepareSource(before))]),
          ...(i > 0 ? ['X', 'y', 'logreg'] : [])
        ];
        const matches = scanSource(source, allRules, {
          versions: TODAY,
          evidence,
          imports: importTable([...original, ...cells.map(prepareSource)])
        });
        cells[i] =
          proposeRewrite(source, matches, { bound: new Set(bound) })?.source ??
          source;
      });
    }
    return cells.join('\n');
  }

  it('are the Group splitters, given the groups by keyword', () => {
    assert.equal(
      settled(
        'from sklearn.model_selection import LabelKFold, cross_val_score',
        'labels = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]\ncross_val_score(logreg, X, y, labels, cv=LabelKFold(n_folds=3))'
      ),
      'from sklearn.model_selection import cross_val_score\nfrom sklearn.model_selection import GroupKFold\nlabels = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3]\ncross_val_score(logreg, X, y, groups=labels, cv=GroupKFold(n_splits=3))'
    );
    assert.equal(
      settled(
        'from sklearn.model_selection import LabelKFold',
        'for train, test in LabelKFold(n_folds=3).split(range(12), labels=labels):\n    print(test)'
      ),
      'from sklearn.model_selection import GroupKFold\nfor train, test in GroupKFold(n_splits=3).split(range(12), groups=labels):\n    print(test)'
    );
  });

  it('are the Group splitters made from the labels and iterated, split by groups', () => {
    assert.equal(
      settled(
        'import numpy as np',
        'from sklearn.cross_validation import LabelKFold\ncv = LabelKFold(y, n_folds=3)\nfor train_index, test_index in cv:\n    print("test y:", y[test_index])'
      ),
      'import numpy as np\nfrom sklearn.model_selection import GroupKFold\ncv = GroupKFold(n_splits=3)\nfor train_index, test_index in cv.split(np.zeros(len(y)), groups=y):\n    print("test y:", y[test_index])'
    );
    assert.equal(
      settled(
        'import numpy as np',
        'from sklearn.cross_validation import LeavePLabelOut\nfor train, test in LeavePLabelOut(labels, 2):\n    print(X[train].shape)'
      ),
      'import numpy as np\nfrom sklearn.model_selection import LeavePGroupsOut\nfor train, test in LeavePGroupsOut(n_groups=2).split(X, groups=labels):\n    print(X[train].shape)'
    );
  });

  it("leave sklearn.cross_validation's fourth argument its meaning, the scoring", () => {
    const cell = "print(cross_val_score(logreg, X, y, 'accuracy'))";
    assert.equal(
      settled('from sklearn.cross_validation import cross_val_score', cell),
      "from sklearn.model_selection import cross_val_score\nprint(cross_val_score(logreg, X, y, scoring='accuracy', cv=3))"
    );
  });
});
