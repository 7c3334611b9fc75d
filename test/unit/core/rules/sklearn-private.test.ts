import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sklearnPrivateRules } from '../../../../src/core/rules/sklearn-private';
import { askingScan, testExamples } from './helpers';

testExamples(sklearnPrivateRules);

const only = (id: string) => sklearnPrivateRules.filter(rule => rule.id === id);

describe('sklearn.private-module', () => {
  const { asked, rewritten, scan } = askingScan(
    only('sklearn.private-module'),
    ''
  );

  it('asks whether the private module has every name its package lacks', () => {
    const cell =
      'import numpy as np\nfrom sklearn.linear_model.base import LinearModel, LinearClassifierMixin';
    assert.deepEqual(asked(cell), [cell.split('\n')[1]]);
    const [question] = scan(cell).map(m => m.question!.expression);
    assert.match(question, /find_spec\("sklearn\.linear_model\._base"\)/);
    assert.match(question, /\["LinearModel","LinearClassifierMixin"\]/);
    assert.match(question, /import_module\("sklearn\.linear_model"\)/);
    assert.equal(
      rewritten(cell, 'True'),
      'import numpy as np\nfrom sklearn.linear_model._base import LinearModel, LinearClassifierMixin'
    );
    assert.equal(rewritten(cell, 'False'), cell);
  });

  it('leaves packages, private modules and star imports alone', () => {
    for (const cell of [
      'from sklearn.linear_model import Ridge',
      'from sklearn.linear_model._base import LinearModel',
      'from sklearn.svm.base import *',
      'from mylib.models.base import Model',
      'import sklearn.linear_model.base'
    ]) {
      assert.deepEqual(asked(cell), [], cell);
    }
  });
});

describe('sklearn.private-name', () => {
  const { asked, rewritten } = askingScan(only('sklearn.private-name'), '');
  const cell =
    'from sklearn.utils.optimize import newton_cg, line_search_wolfe1 as wolfe';

  it('imports the names the kernel finds renamed private under their old names', () => {
    assert.deepEqual(asked(cell), [cell]);
    assert.equal(
      rewritten(cell, "['newton_cg']"),
      'from sklearn.utils.optimize import _newton_cg as newton_cg, line_search_wolfe1 as wolfe'
    );
    assert.equal(
      rewritten(cell, "['newton_cg', 'line_search_wolfe1']"),
      'from sklearn.utils.optimize import _newton_cg as newton_cg, _line_search_wolfe1 as wolfe'
    );
    assert.equal(rewritten(cell, '[]'), cell);
  });

  it('asks nothing of other libraries or of names already private', () => {
    assert.deepEqual(asked('from scipy.optimize import newton'), []);
    assert.deepEqual(asked('from sklearn.utils import _safe_indexing'), []);
  });
});

describe('sklearn.removed-helper', () => {
  const { asked, rewritten, scan } = askingScan(
    only('sklearn.removed-helper'),
    ''
  );

  it('binds each helper scikit-learn has nowhere to a call that says so', () => {
    const cell =
      'if True:\n    from sklearn.utils.fixes import _astype_copy_false, _joblib_parallel_args as jpa\n    print(1)';
    assert.deepEqual(asked(cell), [cell.split('\n')[1].trim()]);
    const [question] = scan(cell).map(m => m.question!.expression);
    assert.match(
      question,
      /\["sklearn\.utils\.fixes","sklearn\.utils\._fixes","sklearn\.utils"\]/
    );
    assert.equal(
      rewritten(cell, 'True'),
      "if True:\n    # from sklearn.utils.fixes import _astype_copy_false, _joblib_parallel_args as jpa\n    def _astype_copy_false(*args, **kwargs):\n        raise ImportError('scikit-learn no longer has _astype_copy_false (sklearn.utils.fixes)')\n    def jpa(*args, **kwargs):\n        raise ImportError('scikit-learn no longer has _joblib_parallel_args (sklearn.utils.fixes)')\n    print(1)"
    );
    assert.equal(rewritten(cell, 'False'), cell);
  });

  it('leaves public names, other libraries and star imports to their own rules', () => {
    for (const cell of [
      'from sklearn.linear_model.base import LinearModel, _rescale_data',
      'from sklearn.utils import check_X_y',
      'from mylib.models.base import _helper',
      'from sklearn.svm.base import *'
    ]) {
      assert.deepEqual(asked(cell), [], cell);
    }
  });
});
