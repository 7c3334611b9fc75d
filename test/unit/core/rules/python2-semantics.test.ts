import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  proposeRewrite,
  scanSource,
  type INotebookEvidence
} from '../../../../src/core/rules';
import { python2SemanticRules } from '../../../../src/core/rules/python2-semantics';
import { TODAY, testExamples } from './helpers';

testExamples(python2SemanticRules);

describe('python.lazy-as-list', () => {
  const py3: INotebookEvidence = {
    pythonVersion: '3.6.8',
    predates: new Map()
  };
  const py2: INotebookEvidence = {
    pythonVersion: '2.7.15',
    predates: new Map()
  };
  const rewrite = (source: string, evidence = py3) =>
    proposeRewrite(
      source,
      scanSource(source, python2SemanticRules, { versions: TODAY, evidence })
    )?.source ?? source;

  it('leaves lazy objects that are only iterated once', () => {
    for (const source of [
      'for k, v in zip(names, scores):\n    print(k, v)',
      'total = sum(map(len, rows))',
      'pairs = dict(zip(a, b))\nprint(pairs)',
      'keys = d.keys()\nfor k in keys:\n    print(k)',
      'idx = range(10)\nprint(idx[3])'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });

  it('makes a list of what a frame column or array items are set to', () => {
    assert.equal(
      rewrite("Y['gram'] = map(lambda x: x in pos, Y.Species)"),
      "Y['gram'] = list(map(lambda x: x in pos, Y.Species))"
    );
    assert.equal(
      rewrite('df.loc[:, "k"] = d.keys()'),
      'df.loc[:, "k"] = list(d.keys())'
    );
    for (const source of [
      "df['i'] = range(len(df))",
      'pairs = zip(a, b)',
      'self.pairs = zip(a, b)'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });

  it('makes a list of what numpy, len and random.shuffle are given', () => {
    assert.equal(
      rewrite('import numpy as np\nX = np.array(map(float, line.split(",")))'),
      'import numpy as np\nX = np.array(list(map(float, line.split(","))))'
    );
    assert.equal(
      rewrite('import random\nidx = range(n)\nrandom.shuffle(idx)'),
      'import random\nidx = list(range(n))\nrandom.shuffle(idx)'
    );
    assert.equal(
      rewrite(
        "cols = df.columns.values()\nfeatures = filter(lambda c: c != 'y', cols)\nprint(len(features))"
      ),
      "cols = df.columns.values()\nfeatures = list(filter(lambda c: c != 'y', cols))\nprint(len(features))"
    );
  });

  it('joins a range to a list', () => {
    assert.equal(
      rewrite('ticks = range(0, 10) + [10]'),
      'ticks = list(range(0, 10)) + [10]'
    );
  });

  it('keeps every map of a Python 2 notebook a list, and its prints', () => {
    assert.equal(
      rewrite(
        'squares = map(lambda x: x * x, xs)\nprint(zip(names, squares))',
        py2
      ),
      'squares = list(map(lambda x: x * x, xs))\nprint(list(zip(names, squares)))'
    );
  });

  it('takes a notebook without its Python for Python 2 only by its Python 2 code', () => {
    const source = 'squares = map(abs, xs)';
    const dated = (version: string): INotebookEvidence => ({
      predates: new Map([['python', version]])
    });
    assert.equal(rewrite(source, dated('3.0')), 'squares = list(map(abs, xs))');
    assert.equal(rewrite(source, dated('3.6')), source);
  });

  it('does nothing where the builtin or list is rebound', () => {
    for (const source of [
      'def map(f, xs):\n    return [f(x) for x in xs]\nprint(map(abs, [-1])[0])',
      'list = [1]\nprint(d.keys()[0])'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});

describe('python.text-encoding', () => {
  const py2: INotebookEvidence = {
    pythonVersion: '2.7.9',
    predates: new Map()
  };
  const rule = python2SemanticRules.find(r => r.id === 'python.text-encoding')!;
  const rewrite = (source: string, answer: string) =>
    proposeRewrite(
      source,
      scanSource(source, [rule], { versions: TODAY, evidence: py2 }).map(
        match => ({
          ...match,
          edits: match.question?.decide(answer) ?? match.edits
        })
      )
    )?.source ?? source;

  it('reads a CSV that is not UTF-8 as Latin-1', () => {
    assert.equal(
      rewrite("movies = pd.read_csv(DATA + 'movies.csv', sep='|')", 'True'),
      "movies = pd.read_csv(DATA + 'movies.csv', sep='|', encoding='latin-1')"
    );
  });

  it('asks nothing in a notebook written for Python 3', () => {
    const source = "df = pd.read_csv('a.csv')";
    assert.deepEqual(scanSource(source, [rule], { versions: TODAY }), []);
  });

  it('leaves files that decode, say their encoding, or are written', () => {
    assert.equal(
      rewrite("df = pd.read_csv('a.csv')", 'False'),
      "df = pd.read_csv('a.csv')"
    );
    for (const source of [
      "df = pd.read_csv('a.csv', encoding='cp1252')",
      "out = open('log.txt', 'w')",
      'text = open(path, "rb").read()'
    ]) {
      assert.equal(rewrite(source, 'True'), source);
    }
  });
});
