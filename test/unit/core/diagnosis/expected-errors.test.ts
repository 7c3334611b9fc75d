import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isExpectedError,
  savedErrors,
  type ICellResult
} from '../../../../src/core';

const cell = (id: string, outputs: unknown[]) => ({
  id,
  cellType: 'code',
  outputs: outputs as never[]
});

describe('savedErrors', () => {
  it('reads the exception from error outputs and from tracebacks saved as text', () => {
    const saved = savedErrors([
      cell('a', [
        {
          output_type: 'error',
          ename: 'ZeroDivisionError',
          evalue: '',
          traceback: []
        }
      ]),
      cell('b', [
        {
          output_type: 'stream',
          name: 'stdout',
          text: [
            '\u001b[0;31m----------------------------------------------\u001b[0m\n',
            '\u001b[0;31mNameError\u001b[0m    Traceback (most recent call last)\n',
            "NameError: name 'x' is not defined\n"
          ]
        }
      ]),
      cell('c', [
        {
          output_type: 'stream',
          name: 'stderr',
          text: 'Traceback (most recent call last):\n  File "x.py", line 1\n    f()\nurllib.error.HTTPError: HTTP Error 404: Not Found\n'
        }
      ]),
      cell('d', [
        {
          output_type: 'stream',
          name: 'stdout',
          text: 'ValueError is a class\n'
        }
      ])
    ]);
    assert.deepEqual(
      [...saved],
      [
        ['a', 'ZeroDivisionError'],
        ['b', 'NameError'],
        ['c', 'urllib.error.HTTPError']
      ]
    );
  });

  it('expects the same type again, however qualified', () => {
    const result = (ename: string): ICellResult => ({
      status: 'error',
      ename,
      outputs: [],
      executionCount: 1,
      durationMs: 1
    });
    assert.ok(isExpectedError(result('HTTPError'), 'urllib.error.HTTPError'));
    assert.ok(!isExpectedError(result('ValueError'), 'TypeError'));
    assert.ok(!isExpectedError(result('ValueError'), undefined));
  });
});
