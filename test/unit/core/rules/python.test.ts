import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  allRules,
  proposeRewrite,
  scanSource,
  type INotebookEvidence
} from '../../../../src/core/rules';
import { python2BuiltinRules } from '../../../../src/core/rules/python2-builtins';
import { python2DivisionRule } from '../../../../src/core/rules/python2-division';
import { python2SyntaxRules } from '../../../../src/core/rules/python2-syntax';
import { python2LiteralRules } from '../../../../src/core/rules/python2-literals';
import { python2ParamRules } from '../../../../src/core/rules/python2-params';
import { python2CallRules } from '../../../../src/core/rules/python2-calls';
import { stdlibRules } from '../../../../src/core/rules/python-stdlib';
import { TODAY, answered, matchesIn, testExamples } from './helpers';

testExamples([
  ...python2SyntaxRules,
  ...python2LiteralRules,
  ...python2BuiltinRules,
  ...python2CallRules,
  python2DivisionRule,
  ...python2ParamRules,
  ...stdlibRules
]);

describe('python.integer-division', () => {
  const py2: INotebookEvidence = {
    pythonVersion: '2.7.14',
    predates: new Map()
  };
  const rewrite = (source: string, evidence = py2) =>
    proposeRewrite(
      source,
      scanSource(source, [python2DivisionRule], { versions: TODAY, evidence })
    )?.source ?? source;

  it('floors a division used as a subscript, a slice bound or a range', () => {
    assert.equal(rewrite('half = x[len(x) / 2]'), 'half = x[len(x) // 2]');
    assert.equal(rewrite('x[1:n/2]'), 'x[1:n//2]');
    assert.equal(
      rewrite('n = total / 3\nfor i in range(n):\n    pass'),
      'n = total // 3\nfor i in range(n):\n    pass'
    );
  });

  it('reports a division once however many slices use its result', () => {
    const source = 'n = len(x) * 2 / 3\na, b = x[:n], x[n:]';
    const evidence = { pythonVersion: '2.7.14', predates: new Map() };
    assert.equal(
      scanSource(source, [python2DivisionRule], { versions: TODAY, evidence })
        .length,
      1
    );
  });

  it('leaves divisions used as numbers, or with a float taking part', () => {
    for (const source of [
      'mean = total / n\nprint(mean)',
      'n = len(x) / 2.0\ny = x[:int(n)]',
      'n = float(len(x)) / 2\ny = x[:n]',
      'y = x[a] / 2'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });

  it('applies only to notebooks written for Python 2', () => {
    const source = 'half = x[len(x) / 2]';
    const py3 = { pythonVersion: '3.6.5', predates: new Map() };
    assert.equal(rewrite(source, py3), source);
    const printStatements = { predates: new Map([['python', '3.0']]) };
    assert.equal(rewrite(source, printStatements), 'half = x[len(x) // 2]');
  });
});

describe('python.dict-iteritems', () => {
  it('leaves six.iteritems(d), a function that still exists', () => {
    const source = 'import six\nfor k, v in six.iteritems(d):\n    print(k)';
    assert.deepEqual(
      scanSource(source, python2BuiltinRules, { versions: TODAY }),
      []
    );
  });
});

describe('python.print-expression', () => {
  const rules = python2SyntaxRules.filter(
    rule => rule.id === 'python.print-expression'
  );
  const rewrite = (source: string, evidence: INotebookEvidence) =>
    proposeRewrite(
      source,
      scanSource(source, rules, { versions: TODAY, evidence })
    )?.source ?? source;
  const py2: INotebookEvidence = {
    pythonVersion: '2.7.14',
    predates: new Map()
  };

  it('prints the whole expression a Python 2 print statement led', () => {
    assert.equal(rewrite('print (a + b)/3', py2), 'print((a + b)/3)');
    assert.equal(rewrite('print (a), b', py2), 'print((a), b)');
    assert.equal(
      rewrite('if ok:\n    print ("{} rows").format(n)  # count', py2),
      'if ok:\n    print(("{} rows").format(n))  # count'
    );
  });

  it('leaves a whole call of print, code of Python 3, and a print of its own', () => {
    assert.equal(rewrite('print (a + b)', py2), 'print (a + b)');
    assert.equal(rewrite('x = print (a) or b', py2), 'x = print (a) or b');
    const py3: INotebookEvidence = {
      pythonVersion: '3.6.5',
      predates: new Map()
    };
    assert.equal(rewrite('print (a + b)/3', py3), 'print (a + b)/3');
    const own = 'def print(x):\n    return x\nprint (a)/3';
    assert.equal(
      proposeRewrite(
        own,
        scanSource(own, rules, {
          versions: TODAY,
          evidence: py2,
          defined: new Set(['print'])
        })
      )?.source ?? own,
      own
    );
  });
});

describe('Python 2 literals and exec statements', () => {
  const rewrite = (source: string) =>
    proposeRewrite(source, scanSource(source, allRules, { versions: TODAY }))
      ?.source ?? source;

  it('rewrites every form of exec, long and ur literals', () => {
    assert.equal(rewrite('exec code in g, l'), 'exec(code, g, l)');
    assert.equal(rewrite('exec "a in b"'), 'exec("a in b")');
    assert.equal(rewrite('print(0777L, 0x1fL)'), 'print(0o777, 0x1f)');
    assert.equal(rewrite("p = UR'\\w+'"), "p = r'\\w+'");
  });

  it('leaves exec calls, names called L, and unicode escapes in ur strings', () => {
    for (const source of [
      'exec(code, ns)',
      'L = 3\nprint(L + 1)',
      "s = ur'\\u00e9'",
      "s = u'x' + r'y' + br'z'"
    ]) {
      const ids = scanSource(source, python2LiteralRules, {
        versions: TODAY
      }).map(match => match.ruleId);
      assert.deepEqual(ids, [], source);
    }
  });
});

describe('python.tuple-parameter', () => {
  const rewrite = (source: string) =>
    proposeRewrite(source, scanSource(source, allRules, { versions: TODAY }))
      ?.source ?? source;

  it('unpacks nested tuples of a method, below its comment', () => {
    assert.equal(
      rewrite(
        'class A:\n    def m(self, (a, (b, c))):  # pairs\n        return a'
      ),
      'class A:\n    def m(self, a_b_c):  # pairs\n        a, (b, c) = a_b_c\n        return a'
    );
  });

  it('ends a lambda at the call it is passed to', () => {
    assert.equal(
      rewrite('m = map(lambda (i, x): i * x, enumerate(xs))'),
      'm = map(lambda i_x: (lambda i, x: i * x)(*i_x), enumerate(xs))'
    );
  });

  it('leaves tuple defaults, one-line bodies, strings and modern code', () => {
    for (const source of [
      'def g((x, y)=(1, 2)):\n    pass',
      'def g((x, y)): return x',
      "s = 'lambda (a, b): a'",
      'f = lambda x, y=(1, 2): x',
      'def f(a, b=(1, 2)):\n    return a'
    ]) {
      const ids = scanSource(source, python2ParamRules, {
        versions: TODAY
      }).map(match => match.ruleId);
      assert.deepEqual(ids, [], source);
    }
  });
});

describe('Python 2 builtins rewritten as calls', () => {
  const rewrite = (source: string) =>
    proposeRewrite(source, scanSource(source, allRules, { versions: TODAY }))
      ?.source ?? source;

  it('spreads apply and sorts in place by a key', () => {
    assert.equal(
      rewrite('r = apply(obj.method, args)'),
      'r = obj.method(*args)'
    );
    assert.equal(rewrite('apply(make())'), '(make())()');
    assert.equal(
      rewrite('import string as s\nn = s.atof(row[1]) + len(s.strip(a + b))'),
      'import string as s\nn = float(row[1]) + len((a + b).strip())'
    );
    assert.equal(
      rewrite('import functools\nrows.sort(cmp=compare, reverse=True)'),
      'import functools\nrows.sort(key=functools.cmp_to_key(compare), reverse=True)'
    );
  });

  it("asks about a function's iterator in the frame its failure left", () => {
    const source =
      'def load(name):\n    rows = csv.reader(open(name))\n    header = rows.next()\n    return header';
    const [match] = scanSource(source, python2CallRules, {
      versions: TODAY
    }).filter(m => m.ruleId === 'python.iterator-next');
    assert.match(match.question!.expression, /last_traceback/);
    assert.match(match.question!.expression, /co_name == 'load'/);
    assert.equal(
      proposeRewrite(source, answered([match], 'True'))?.source,
      source.replace('rows.next()', 'next(rows)')
    );
  });

  it('leaves a variable named file, an own apply and a key= sort', () => {
    for (const source of [
      "with open('x') as file:\n    print(file.read())",
      'def apply(f, x):\n    return f(x)\nprint(apply(abs, -1))',
      'df.apply(f)',
      'rows.sort(key=len)',
      'soup.find_next()',
      'page.next(2)',
      'make_pages().next()',
      "string.ascii_letters.split(',')",
      "text.split(',')",
      'sorted(rows, cmp=c, key=k)'
    ]) {
      const ids = scanSource(source, python2CallRules, {
        versions: TODAY
      }).map(match => match.ruleId);
      assert.deepEqual(ids, [], source);
    }
  });
});

describe('python.translate-deletechars', () => {
  const rewrite = (source: string) => {
    const matches = scanSource(source, python2CallRules, {
      versions: TODAY
    }).filter(m => m.ruleId === 'python.translate-deletechars');
    return proposeRewrite(source, matches)?.source ?? source;
  };

  it('puts the characters to delete into the table', () => {
    assert.equal(
      rewrite('out = s.translate(None, string.punctuation)'),
      "out = s.translate(str.maketrans('', '', string.punctuation))"
    );
    assert.equal(
      rewrite(
        'import string\nwords = text.lower().translate(string.maketrans("",""), string.punctuation).split()'
      ),
      'import string\nwords = text.lower().translate(str.maketrans("", "", string.punctuation)).split()'
    );
  });

  it('leaves a table held elsewhere, and one-argument calls, alone', () => {
    for (const source of [
      'out = s.translate(table, string.digits)',
      "out = s.translate(str.maketrans('ab', 'cd'))",
      'out = s.translate(None, delete=b"x")'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});

describe('python.format-s-object', () => {
  const rewrite = (source: string) => {
    const matches = scanSource(source, python2CallRules, {
      versions: TODAY
    }).filter(m => m.ruleId === 'python.format-s-object');
    return proposeRewrite(source, matches)?.source ?? source;
  };

  it('converts what a field typed s formats to its str first', () => {
    assert.equal(
      rewrite(
        'print("Unique outliers count : {:d}, List : {:s} ".format(len(ids), ids))'
      ),
      'print("Unique outliers count : {:d}, List : {!s:s} ".format(len(ids), ids))'
    );
    assert.equal(
      rewrite("line = '{0:>12s}|{name:<8s}'.format(a, name=b)"),
      "line = '{0!s:>12s}|{name!s:<8s}'.format(a, name=b)"
    );
  });

  it('leaves fields typed otherwise, converted fields and escaped braces alone', () => {
    for (const source of [
      "print('{:d} {:.2f} {:>10}'.format(1, 2.0, 'x'))",
      "print('{!r:s} {!s:s}'.format(a, b))",
      "print('{{:s}}'.format())",
      'print(template.format(ids))'
    ]) {
      assert.equal(rewrite(source), source);
    }
  });
});

describe('python.random-sample-set', () => {
  const rule = stdlibRules.find(r => r.id === 'python.random-sample-set')!;
  const rewritten = (source: string) =>
    proposeRewrite(source, matchesIn(rule, source))?.source ?? source;

  it("samples a set's tuple, through any import of random", () => {
    assert.equal(
      rewritten('import random\ncentroids = random.sample(set(points), k)'),
      'import random\ncentroids = random.sample(tuple(set(points)), k)'
    );
    assert.equal(
      rewritten('from random import sample\nkeys = sample(d.keys(), 2)'),
      'from random import sample\nkeys = sample(tuple(d.keys()), 2)'
    );
  });

  it("leaves populations written as sequences, and numpy's or a frame's sample", () => {
    for (const source of [
      'import random\nrandom.sample([1, 2, 3], 2)',
      'import random\nrandom.sample(range(10), 2)',
      'import random\nrandom.sample(list(s), 2)',
      'import numpy as np\nnp.random.sample(3)',
      'df.sample(3)'
    ]) {
      assert.equal(rewritten(source), source, source);
    }
  });
});
