import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proposeRewrite } from '../../../../src/core/rules';
import { pandasBehaviourRules } from '../../../../src/core/rules/pandas-behaviour';
import { pandasCallRules } from '../../../../src/core/rules/pandas-calls';
import { askingScan, boundBy, matchesIn } from './helpers';

describe("to_datetime's mixed formats", () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.to-datetime-mixed-formats'
  )!;
  const rewritten = (source: string, setup = 'import pandas as pd') =>
    proposeRewrite(source, matchesIn(rule, source, { setup }))?.source ??
    source;

  it('parses each value on its own, in a function as at the top', () => {
    assert.equal(
      rewritten(
        "def sample(n):\n    dates = pd.to_datetime([d.strftime('%d-%m-%Y') for d in days(n)]).date\n    return dates"
      ),
      "def sample(n):\n    dates = pd.to_datetime([d.strftime('%d-%m-%Y') for d in days(n)], format='mixed').date\n    return dates"
    );
    assert.equal(
      rewritten(
        "df['d'] = to_datetime(df['d'])",
        'from pandas import to_datetime'
      ),
      "df['d'] = to_datetime(df['d'], format='mixed')"
    );
  });

  it('leaves a call that names its format, and lookalikes', () => {
    for (const source of [
      "pd.to_datetime(s, format='%d-%m-%Y')",
      'pd.to_datetime(**options)',
      'to_datetime(s)',
      "datetime.strptime(s, '%d-%m-%Y')"
    ]) {
      assert.equal(
        rewritten(source, 'import pandas as pd\nimport datetime'),
        source
      );
    }
  });
});

describe('the keyword-only axis of any, dropna and sort_index', () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.axis-keyword-only'
  )!;
  const rewritten = (source: string) =>
    proposeRewrite(
      source,
      matchesIn(rule, source, { setup: 'import pandas as pd' })
    )?.source ?? source;

  it('names a literal axis given first', () => {
    assert.equal(
      rewritten('n = len(pd.isnull(df).any(1).to_numpy().nonzero()[0])'),
      'n = len(pd.isnull(df).any(axis=1).to_numpy().nonzero()[0])'
    );
    assert.equal(
      rewritten("df = df.dropna('columns', how='all').sort_index(1)"),
      "df = df.dropna(axis='columns', how='all').sort_index(axis=1)"
    );
  });

  it('leaves other arguments, other methods and called functions', () => {
    for (const source of [
      'df.any(axis=1)',
      'df.dropna(thresh)',
      'df.dropna(0, 1)',
      'words.count(1)',
      'any(1)',
      'df.all(1)'
    ]) {
      assert.equal(rewritten(source), source);
    }
  });

  it('explains only the error that names a frame or series method', () => {
    assert.ok(
      rule.raises!.message.test(
        'DataFrame.any() takes 1 positional argument but 2 were given'
      )
    );
    assert.ok(
      !rule.raises!.message.test(
        'f() takes 1 positional argument but 2 were given'
      )
    );
  });
});

describe("a series' nonzero", () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.series-nonzero'
  )!;
  const rewritten = (source: string, setup: string) =>
    proposeRewrite(source, matchesIn(rule, source, { setup }), {
      bound: boundBy({ setup })
    })?.source ?? source;

  it("is numpy's, in the notebook's naming, wherever the receiver is", () => {
    assert.equal(
      rewritten(
        'def missing(df):\n    return pd.isnull(df).any(axis=1).nonzero()[0]',
        'import pandas as pd\nimport numpy as np'
      ),
      'def missing(df):\n    return np.nonzero(pd.isnull(df).any(axis=1))[0]'
    );
    assert.equal(
      rewritten('rows = (s > 0).nonzero()', 'import pandas as pd'),
      'import numpy as np\nrows = np.nonzero((s > 0))'
    );
  });

  it('leaves a call with arguments and a module function', () => {
    for (const source of ['np.nonzero(a)', 'x.nonzero(1)']) {
      assert.equal(rewritten(source, 'import numpy as np'), source);
    }
  });
});

describe('a reduction of selected rows that may meet text columns', () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.reduction-numeric-only'
  )!;

  it('asks about the selection, which reads names only', () => {
    const source =
      "regiment[regiment['regiment'] == 'Nighthawks'].groupby('regiment').mean()";
    const [match] = matchesIn(rule, source, { setup: 'import pandas as pd' });
    assert.match(
      match.question!.expression,
      /\(regiment\[regiment\['regiment'\] == 'Nighthawks'\]\)\)$/
    );
    assert.equal(
      proposeRewrite(source, [
        { ...match, edits: match.question!.decide('True') ?? [] }
      ])?.source,
      source.replace('.mean()', '.mean(numeric_only=True)')
    );
  });

  it('asks nothing of a selection it would have to compute by a call', () => {
    for (const source of [
      'df[load(cols)].groupby(k).mean()',
      'df[df.columns.drop(cols, errors=e)].mean()',
      "df[df.columns.difference(read('cols'))].mean()"
    ]) {
      assert.deepEqual(
        matchesIn(rule, source, { setup: 'import pandas as pd' }),
        [],
        source
      );
    }
  });

  it('asks about columns picked by a pandas method that changes nothing', () => {
    const source =
      "groups = songs[songs.columns.difference(['year', 'rank'])].groupby(['clusters']).mean()";
    const [match] = matchesIn(rule, source, { setup: 'import pandas as pd' });
    assert.match(
      match.question!.expression,
      /\(songs\[songs\.columns\.difference\(\['year', 'rank'\]\)\]\)\)$/
    );
  });

  it("asks in a function's frame of its failure", () => {
    const source =
      "def centers(songs, labels):\n    songs['clusters'] = labels\n    return songs.groupby(['clusters']).mean()";
    const [match] = matchesIn(rule, source, { setup: 'import pandas as pd' });
    assert.match(match.question!.expression, /co_name == 'centers'/);
    assert.equal(
      proposeRewrite(source, [
        { ...match, edits: match.question!.decide('True') ?? [] }
      ])?.source,
      source.replace('.mean()', '.mean(numeric_only=True)')
    );
  });
});

describe("a write into a frame's read-only values", () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.read-only-values'
  )!;
  const scan = (source: string) =>
    matchesIn(rule, source, { setup: 'import pandas as pd' });

  it('copies the array first, once the kernel says it is read-only', () => {
    const source =
      'X, Y = data.data, data.target\nif flip:\n    Y[Y == 0] = -1\nX[:, 0] += 1';
    const matches = scan(source);
    assert.deepEqual(
      matches.map(m => source.slice(m.from, m.to)),
      ['Y[Y == 0]', 'X[:, 0]']
    );
    assert.equal(
      proposeRewrite(source, [
        { ...matches[0], edits: matches[0].question!.decide('True') ?? [] },
        { ...matches[1], edits: matches[1].question!.decide('False') ?? [] }
      ])?.source,
      'X, Y = data.data, data.target\nif flip:\n    Y = Y.copy()\n    Y[Y == 0] = -1\nX[:, 0] += 1'
    );
  });

  it('leaves writes in loops and functions, and items of attributes', () => {
    assert.deepEqual(
      scan(
        'for i in range(3):\n    Y[i] = 0\ndef flip(Y):\n    Y[Y == 0] = -1\nself.w[0] = 1\nx = 1'
      ),
      []
    );
  });
});

describe("a Series' reshape", () => {
  const { asked, rewritten } = askingScan(
    pandasCallRules.filter(r => r.id === 'pandas.series-reshape'),
    'import numpy as np\nimport pandas as pd'
  );

  it('reshapes the values of what the kernel says is a Series', () => {
    const cell =
      'features = np.hstack([cat, num, churn.luxury_car_user.reshape(-1, 1)])';
    assert.deepEqual(asked(cell), ['churn.luxury_car_user.reshape(-1, 1)']);
    assert.equal(
      rewritten(cell, 'Series'),
      cell.replace('user.reshape', 'user.to_numpy().reshape')
    );
    assert.equal(rewritten(cell, 'ndarray'), cell);
  });

  it('leaves a reshape without a shape, and a call it would have to make', () => {
    assert.deepEqual(asked('x.reshape()\nload().reshape(-1, 1)'), []);
  });
});

describe('text set into a number column', () => {
  const rule = pandasBehaviourRules.find(
    r => r.id === 'pandas.setitem-upcast'
  )!;
  const scan = (source: string) =>
    matchesIn(rule, source, { setup: 'import pandas as pd' });
  const decided = (source: string) =>
    proposeRewrite(
      source,
      scan(source).map(m => ({ ...m, edits: m.question!.decide('True') ?? [] }))
    )?.source ?? source;

  it('makes the frame, or the column written by label, an object column first', () => {
    assert.equal(
      decided(
        'def stats(y, names):\n    for i, name in enumerate(names):\n        labels[labels[:] == i] = name'
      ),
      'def stats(y, names):\n    for i, name in enumerate(names):\n        labels = labels.astype(object)\n        labels[labels[:] == i] = name'
    );
    assert.equal(
      decided("df.loc[df.age > 60, 'age'] = 'senior'"),
      "df['age'] = df['age'].astype(object)\ndf.loc[df.age > 60, 'age'] = 'senior'"
    );
  });

  it('asks about plain values only, and leaves other writes', () => {
    assert.deepEqual(
      scan(
        "df.loc[rows, cols] = 'x'\nlabels[m] = names[load(i)]\nx = 'y'\ndf.a[m] = 'z'"
      ),
      []
    );
  });
});
