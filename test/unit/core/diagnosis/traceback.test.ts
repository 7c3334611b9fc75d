import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cellFrames,
  cleanTraceback,
  finalException,
  readableTraceback,
  stripAnsi,
  summarizeError
} from '../../../../src/core';

// As ipykernel 7 / IPython 9 send it for `input()` with stdin disabled.
const TRACEBACK = [
  '\u001b[31m---------------------------------------------------------------------------\u001b[39m',
  '\u001b[31mStdinNotImplementedError\u001b[39m                  Traceback (most recent call last)',
  "\u001b[36mCell\u001b[39m\u001b[36m \u001b[39m\u001b[32mIn[2]\u001b[39m\u001b[32m, line 1\u001b[39m\n\u001b[32m----> \u001b[39m\u001b[32m1\u001b[39m name = input(\u001b[33m'x'\u001b[39m)\n",
  '\u001b[36mFile \u001b[39m\u001b[32m/opt/venv/lib/python3.11/site-packages/ipykernel/kernelbase.py:1514\u001b[39m, in \u001b[36mKernel.raw_input\u001b[39m\u001b[34m(self, prompt)\u001b[39m\n\u001b[32m-> \u001b[39m\u001b[32m1514\u001b[39m     \u001b[38;5;28;01mraise\u001b[39;00m StdinNotImplementedError(msg)\n',
  '\u001b[36mFile \u001b[39m\u001b[32m/opt/venv/lib/python3.11/site-packages/pandas/core/generic.py:6434\u001b[39m, in \u001b[36mNDFrame.__getattr__\u001b[39m\n',
  '\u001b[31mStdinNotImplementedError\u001b[39m: raw_input was called, but this frontend does not support input requests.'
];

describe('cleanTraceback', () => {
  const text = cleanTraceback(TRACEBACK);

  it('strips ANSI escapes and the ruler', () => {
    assert.ok(!text.includes('\u001b'));
    assert.ok(!text.includes('-----'));
  });

  it('keeps the user frame, library frames and the final error line', () => {
    assert.match(text, /Cell In\[2\], line 1\n----> 1 name = input\('x'\)/);
    assert.match(text, /pandas\/core\/generic\.py:6434/);
    assert.match(
      text,
      /StdinNotImplementedError: raw_input was called, but this frontend does not support input requests\.$/
    );
  });

  it('drops frames inside ipykernel and IPython', () => {
    assert.doesNotMatch(text, /kernelbase\.py/);
  });

  it('handles an empty traceback', () => {
    assert.equal(cleanTraceback([]), '');
  });
});

describe('cleanTraceback, brief', () => {
  const text = cleanTraceback(
    [
      'Cell In[2], line 2\n      1 url = "http://x"\n----> 2 df = pd.read_csv(url)',
      'File /venv/lib/python3.11/site-packages/pandas/io/parsers/readers.py:1866, in read_csv(filepath_or_buffer, sep, delimiter, header, names, index_col)\n   1864 kwds.update(kwds_defaults)\n-> 1866 return _read(filepath_or_buffer, kwds)',
      'File ~/.pyenv/versions/3.11.7/lib/python3.11/socket.py:962, in getaddrinfo(host, port)\n--> 962 for res in _socket.getaddrinfo(host, port):',
      'File ~/project/helpers.py:3, in load(path)\n      2 def load(path):\n----> 3     return open(path).read()',
      'URLError: <urlopen error [Errno -2] Name or service not known>'
    ],
    { brief: true }
  );

  it('keeps the user cell and local modules in full', () => {
    assert.match(text, /----> 2 df = pd.read_csv\(url\)/);
    assert.match(text, /----> 3 {5}return open\(path\).read\(\)/);
  });

  it('shortens library and standard library frames to one line', () => {
    assert.match(text, /readers\.py:1866, in read_csv\(\.\.\.\)\n/);
    assert.match(text, /socket\.py:962, in getaddrinfo\(host, port\)\n/);
    assert.doesNotMatch(text, /kwds\.update|_socket\.getaddrinfo/);
    assert.match(
      text,
      /URLError: <urlopen error \[Errno -2\] Name or service not known>$/
    );
  });
});

describe('stripAnsi', () => {
  it('removes colours and hyperlinks, keeps text', () => {
    assert.equal(
      stripAnsi(
        '\u001b[1;31mError\u001b[0m \u001b]8;;file:///x.py\u0007x.py\u001b]8;;\u0007'
      ),
      'Error x.py'
    );
  });
});

describe('summarizeError', () => {
  const base = { outputs: [], executionCount: 1, durationMs: 2500 };
  it('says what happened in one line', () => {
    assert.equal(
      summarizeError({
        ...base,
        status: 'error',
        ename: 'KeyError',
        evalue: "'price'"
      }),
      "KeyError: 'price'"
    );
    assert.equal(
      summarizeError({ ...base, status: 'timeout' }),
      'timed out after 2.5s'
    );
    assert.match(
      summarizeError({ ...base, status: 'kernel-died' }),
      /kernel died/
    );
    assert.equal(summarizeError({ ...base, status: 'ok' }), 'ok');
  });
});

// As IPython 9 sends a read_csv of a dead URL: a socket error, then the URLError.
const CHAINED = [
  '---------------------------------------------------------------------------',
  'gaierror                                  Traceback (most recent call last)',
  'File ~/.pyenv/versions/3.11.7/lib/python3.11/socket.py:962, in getaddrinfo(host, port, family, type, proto, flags)\n    961 addrlist = []\n--> 962 for res in _socket.getaddrinfo(host, port, family, type, proto, flags):\n',
  'gaierror: [Errno -2] Name or service not known',
  '\nDuring handling of the above exception, another exception occurred:\n',
  'URLError                                  Traceback (most recent call last)',
  "Cell In[1], line 3\n      1 import pandas as pd\n      2 x = 1\n----> 3 df = pd.read_csv('http://example.org/housing.csv')\n",
  'File /venv/lib/python3.11/site-packages/pandas/io/parsers/readers.py:1866, in read_csv(filepath_or_buffer, sep, delimiter, header, names, index_col, usecols)\n-> 1866 return _read(filepath_or_buffer, kwds)\n',
  'URLError: <urlopen error [Errno -2] Name or service not known>'
];

// A function defined in an earlier cell (In[4]) fails when cell In[7] calls it.
const NESTED = [
  'KeyError                                  Traceback (most recent call last)',
  '\u001b[36mCell\u001b[39m\u001b[36m \u001b[39m\u001b[32mIn[7]\u001b[39m\u001b[32m, line 2\u001b[39m\n      1 d = {}\n\u001b[32m----> \u001b[39m\u001b[32m2\u001b[39m total = lookup(d)\n',
  "Cell In[4], line 2, in lookup(d)\n      1 def lookup(d):\n----> 2     return d['k']\n",
  "KeyError: 'k'"
];

describe('finalException', () => {
  it('keeps only the last exception of a chain', () => {
    const final = finalException(CHAINED);
    assert.match(final[0], /^URLError/);
    assert.ok(!final.some(entry => entry.includes('gaierror')));
  });

  it('keeps a traceback without a chain whole', () => {
    assert.deepEqual(finalException(NESTED), NESTED);
  });
});

describe('cellFrames', () => {
  it('finds the failing line of the running cell', () => {
    assert.deepEqual(cellFrames(CHAINED), [
      {
        executionCount: 1,
        line: 3,
        code: "df = pd.read_csv('http://example.org/housing.csv')"
      }
    ]);
  });

  it('follows a call into a function defined in an earlier cell', () => {
    assert.deepEqual(cellFrames(NESTED), [
      { executionCount: 7, line: 2, code: 'total = lookup(d)' },
      {
        executionCount: 4,
        line: 2,
        functionName: 'lookup(d)',
        code: "return d['k']"
      }
    ]);
  });

  it('finds nothing in a traceback without cell frames', () => {
    assert.deepEqual(cellFrames([]), []);
    assert.deepEqual(cellFrames(['SyntaxError: invalid syntax']), []);
  });
});

describe('readableTraceback', () => {
  const text = readableTraceback(CHAINED);

  it('shows the final exception with the user line and short library frames', () => {
    assert.match(text, /^URLError/);
    assert.match(text, /----> 3 df = pd.read_csv/);
    assert.match(text, /readers\.py:1866, in read_csv\(\.\.\.\)$/m);
    assert.doesNotMatch(text, /gaierror/);
  });

  it('says that earlier exceptions were left out', () => {
    assert.match(text, /raised while handling 1 earlier exception/);
    assert.doesNotMatch(readableTraceback(NESTED), /earlier exception/);
  });
});
