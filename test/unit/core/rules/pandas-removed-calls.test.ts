import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IRule } from '../../../../src/core/rules';
import { pandasApiRules } from '../../../../src/core/rules/pandas-api';
import { pandasCallRules } from '../../../../src/core/rules/pandas-calls';
import { pandasSignatureRules } from '../../../../src/core/rules/pandas-signatures';
import { rewriteAfter } from './helpers';

const RULES: readonly IRule[] = [
  ...pandasApiRules,
  ...pandasCallRules,
  ...pandasSignatureRules
];

const rewrite = (id: string, cell: string, earlier?: string, answer?: string) =>
  rewriteAfter(RULES, id, cell, earlier, answer);

describe('the removed rolling functions', () => {
  const id = 'pandas.rolling-functions';

  it('keep the window, min_periods and center by keyword or by position', () => {
    assert.equal(
      rewrite(
        id,
        [
          'a = pd.rolling_mean(df[col], window=25)',
          'b = pd.rolling_median(s, 5, 2, None, True)',
          'c = pd.rolling_count(s, 5, None, True)',
          'd = pd.rolling_kurt(s, min_periods=2, window=4)',
          'e = pd.rolling_var(s, window=5, ddof=0, how=None)'
        ].join('\n')
      ),
      [
        'a = df[col].rolling(window=25).mean()',
        'b = s.rolling(5, min_periods=2, center=True).median()',
        'c = s.rolling(5, center=True).count()',
        'd = s.rolling(min_periods=2, window=4).kurt()',
        'e = s.rolling(window=5).var(ddof=0)'
      ].join('\n')
    );
  });

  it('puts an expression in parentheses and follows imports of the function', () => {
    assert.equal(
      rewrite(
        id,
        "m = rolling_sum(df['a'] - df.b, 3)",
        'from pandas import rolling_sum'
      ),
      "m = (df['a'] - df.b).rolling(3).sum()"
    );
  });

  it('refuses resampling, keywords .rolling() no longer takes, and lookalikes', () => {
    const cell = [
      "a = pd.rolling_max(s, 5, freq='D')",
      "b = pd.rolling_mean(s, 5, how='max', freq='h')",
      "c = pd.rolling_mean(s, 5, win_type='boxcar')",
      'd = pd.rolling_mean(s, **options)',
      'e = pd.rolling_mean(arg=s, window=3)',
      'f = pd.rolling_mean(s)',
      'g = rolling_mean(s, 3)',
      'h = np.rolling_mean(s, 3)',
      'i = pd.rolling_count(s, 5, 1)'
    ].join('\n');
    assert.equal(
      rewrite(id, cell, 'import pandas as pd\nimport numpy as np'),
      cell
    );
  });
});

describe("the readers' renamed keywords", () => {
  it('spell sheet_name and skipfooter in read_excel, ExcelFile.parse and the csv readers', () => {
    const cell = [
      "a = pd.read_excel(path, sheetname='train', skip_footer=2)",
      'b = pd.ExcelFile(path).parse(sheetname=0)',
      'c = read_csv(path, skip_footer=1)',
      "d = pd.read_table(path, sep='\\t', skip_footer=3)"
    ].join('\n');
    const earlier = 'import pandas as pd\nfrom pandas import read_csv';
    const renamed = (text: string) =>
      rewrite(
        'pandas.skip-footer',
        rewrite('pandas.read-excel-sheetname', text, earlier),
        earlier
      );
    assert.equal(
      renamed(cell),
      [
        "a = pd.read_excel(path, sheet_name='train', skipfooter=2)",
        'b = pd.ExcelFile(path).parse(sheet_name=0)',
        'c = read_csv(path, skipfooter=1)',
        "d = pd.read_table(path, sep='\\t', skipfooter=3)"
      ].join('\n')
    );
  });

  it('leave other libraries and names that are not keywords alone', () => {
    const cell = [
      'wb = load_workbook(path, sheetname=name)',
      "s = o.read_excel(path, sheetname='x', skip_footer=1)",
      'sheet = book.sheet_by_name(sheetname)',
      'df = pd.read_excel(path, sheet_name=sheetname, skipfooter=skip_footer)'
    ].join('\n');
    const earlier =
      'import pandas as pd\nimport other as o\nfrom openpyxl import load_workbook';
    for (const id of ['pandas.read-excel-sheetname', 'pandas.skip-footer']) {
      assert.equal(rewrite(id, cell, earlier), cell);
    }
  });
});

describe('infer_datetime_format', () => {
  const id = 'pandas.infer-datetime-format';

  it('goes from to_datetime, read_csv and read_table wherever it stands', () => {
    assert.equal(
      rewrite(
        id,
        [
          "df = pd.read_csv(path, parse_dates=['date'], infer_datetime_format=True)",
          'tb = pd.read_table(path, infer_datetime_format=True, parse_dates=[0])',
          'ts = pd.to_datetime(df.date, infer_datetime_format=True)'
        ].join('\n')
      ),
      [
        "df = pd.read_csv(path, parse_dates=['date'])",
        'tb = pd.read_table(path, parse_dates=[0])',
        'ts = pd.to_datetime(df.date)'
      ].join('\n')
    );
  });

  it('leaves calls that do not pass it, and other keywords, alone', () => {
    const cell = [
      "df = pd.read_csv(path, parse_dates=['date'], date_format='%Y-%m-%d')",
      'infer_datetime_format = True',
      'ts = parse(text, infer=infer_datetime_format)'
    ].join('\n');
    assert.equal(rewrite(id, cell), cell);
  });
});

describe('DataFrame.from_items', () => {
  const id = 'pandas.from-items';

  it('builds the frame from a dict of the items, as columns or as named rows', () => {
    assert.equal(
      rewrite(
        id,
        [
          'a = pd.DataFrame.from_items(items)',
          "b = DataFrame.from_items(zip(keys, values), columns=['x'])",
          'c = pd.DataFrame.from_items(rows, orient="index", columns=cols)',
          "d = pd.DataFrame.from_items(rows, cols, 'index')"
        ].join('\n'),
        'import pandas as pd\nfrom pandas import DataFrame'
      ),
      [
        'a = pd.DataFrame(dict(items))',
        "b = DataFrame(dict(zip(keys, values)), columns=['x'])",
        'c = pd.DataFrame.from_dict(dict(rows), orient="index", columns=cols)',
        "d = pd.DataFrame.from_dict(dict(rows), orient='index', columns=cols)"
      ].join('\n')
    );
  });

  it('refuses rows without columns, an orient it cannot read, and other classes', () => {
    const cell = [
      "e = pd.DataFrame.from_items(rows, orient='index')",
      'f = pd.DataFrame.from_items(rows, orient=how, columns=cols)',
      'g = pd.DataFrame.from_items(*args)',
      'h = Table.from_items(items)',
      'i = o.DataFrame.from_items(items)'
    ].join('\n');
    assert.equal(
      rewrite(id, cell, 'import pandas as pd\nimport other as o'),
      cell
    );
  });
});

describe('the week of the year', () => {
  const id = 'pandas.week-of-year';

  it('is isocalendar().week of a .dt accessor, and an Index of it for a DatetimeIndex', () => {
    assert.equal(
      rewrite(
        id,
        [
          "a = df['date'].dt.week",
          'b = pd.to_datetime(df.day).dt.weekofyear.values',
          "df['w'] = DatetimeIndex(df['date']).week",
          'c = idx.weekofyear'
        ].join('\n'),
        'import pandas as pd\nfrom pandas import DatetimeIndex',
        'DatetimeIndex'
      ),
      [
        "a = df['date'].dt.isocalendar().week",
        'b = pd.to_datetime(df.day).dt.isocalendar().week.values',
        "df['w'] = pd.Index(DatetimeIndex(df['date']).isocalendar().week)",
        'c = pd.Index(idx.isocalendar().week)'
      ].join('\n')
    );
  });

  it('leaves Timestamps, Periods, methods and notebooks without pandas alone', () => {
    const cell = [
      "a = pd.Timestamp('2020-01-01').week",
      'b = stamp.week',
      'c = calendar.week()',
      'd = dt.week'
    ].join('\n');
    const earlier = 'import pandas as pd\nimport datetime as dt';
    assert.equal(rewrite(id, cell, earlier, 'Timestamp'), cell);
    assert.equal(rewrite(id, cell, earlier, 'Period'), cell);
    assert.equal(
      rewrite(id, 'w = idx.week', 'import numpy as np', 'DatetimeIndex'),
      'w = idx.week'
    );
  });
});

describe("the converters' errors='ignore'", () => {
  const id = 'pandas.errors-ignore';
  const helper = (name: string, callee: string) =>
    [
      `def ${name}_or_unchanged(arg, **kwargs):`,
      "    # errors='ignore', removed in pandas 3.0: the input as it was where it does not convert",
      '    try:',
      `        return ${callee}(arg, **kwargs)`,
      '    except (ValueError, TypeError):',
      '        return arg',
      ''
    ].join('\n');

  it('calls a helper defined once, before the first statement that needs it', () => {
    assert.equal(
      rewrite(
        id,
        [
          'for col in cols:',
          "    df[col] = pd.to_numeric(df[col], errors='ignore')",
          "df = df.apply(lambda c: pd.to_numeric(c, errors = 'ignore', downcast='float'))"
        ].join('\n')
      ),
      [
        helper('to_numeric', 'pd.to_numeric'),
        'for col in cols:',
        '    df[col] = to_numeric_or_unchanged(df[col])',
        "df = df.apply(lambda c: to_numeric_or_unchanged(c, downcast='float'))"
      ].join('\n')
    );
  });

  it('gives the helper to a method that passes the keyword on', () => {
    assert.equal(
      rewrite(
        id,
        "df[num] = df[num].apply(pandas.to_timedelta, errors='ignore')",
        'import pandas'
      ),
      [
        helper('to_timedelta', 'pandas.to_timedelta'),
        'df[num] = df[num].apply(to_timedelta_or_unchanged)'
      ].join('\n')
    );
    assert.equal(
      rewrite(
        id,
        "when = frame.transform(to_datetime, errors='ignore', utc=True)",
        'from pandas import to_datetime'
      ),
      [
        helper('to_datetime', 'to_datetime'),
        'when = frame.transform(to_datetime_or_unchanged, utc=True)'
      ].join('\n')
    );
  });

  it('leaves the helper to an earlier cell that defines it', () => {
    assert.equal(
      rewrite(
        id,
        "y = pd.to_numeric(y, errors='ignore')",
        `import pandas as pd\n${helper('to_numeric', 'pd.to_numeric')}`
      ),
      'y = to_numeric_or_unchanged(y)'
    );
  });

  it("leaves other errors, other converters' keywords and lookalikes", () => {
    const cell = [
      "a = pd.to_numeric(s, errors='coerce')",
      'b = pd.to_numeric(s, errors=mode)',
      "c = s.astype(int, errors='ignore')",
      "d = np.seterr(all='ignore')",
      "e = s.apply(np.float64, errors='ignore')",
      "f = s.apply(pd.to_numeric(s), errors='ignore')",
      "g = to_numeric(s, errors='ignore')",
      "h = s.str.encode('ascii', errors='ignore')",
      "i = s.apply(pd.to_numeric, args=(), **{'errors': 'ignore'})"
    ].join('\n');
    assert.equal(
      rewrite(id, cell, 'import pandas as pd\nimport numpy as np'),
      cell
    );
  });
});
