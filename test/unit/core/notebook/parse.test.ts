import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  captureOriginal,
  codeCells,
  kernelFor,
  NotebookFormatError,
  parseNotebook
} from '../../../../src/core';

function notebook(
  minor: number,
  cells: Record<string, unknown>[],
  metadata: object = {}
) {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: minor,
    metadata,
    cells
  });
}

const PYTHON = {
  kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }
};

function problemOf(text: string): NotebookFormatError {
  try {
    parseNotebook(text);
  } catch (error) {
    assert.ok(error instanceof NotebookFormatError);
    return error;
  }
  assert.fail('expected a NotebookFormatError');
}

describe('parseNotebook', () => {
  it('reads nbformat 4.5: ids, joined sources, saved outputs and counts', () => {
    const doc = parseNotebook(
      notebook(
        5,
        [
          {
            id: 'intro',
            cell_type: 'markdown',
            metadata: {},
            source: '# Title'
          },
          {
            id: 'load',
            cell_type: 'code',
            metadata: {},
            source: ['import pandas as pd\n', 'pd.__version__'],
            execution_count: 7,
            outputs: [
              {
                output_type: 'execute_result',
                data: { 'text/plain': "'0.23'" },
                metadata: {},
                execution_count: 7
              }
            ]
          }
        ],
        PYTHON
      )
    );
    assert.equal(doc.version, '4.5');
    assert.deepEqual(
      doc.cells.map(cell => [cell.id, cell.index, cell.cellType, cell.source]),
      [
        ['intro', 0, 'markdown', '# Title'],
        ['load', 1, 'code', 'import pandas as pd\npd.__version__']
      ]
    );
    assert.equal(doc.cells[1].executionCount, 7);
    assert.equal(doc.cells[1].outputs.length, 1);
    assert.deepEqual(codeCells(doc), [
      { id: 'load', index: 1, source: 'import pandas as pd\npd.__version__' }
    ]);
  });

  it('gives nbformat 4.0 cells (which have no ids) stable ids by index', () => {
    const text = notebook(0, [
      {
        cell_type: 'code',
        metadata: {},
        source: 'a = 1',
        outputs: [],
        execution_count: null
      },
      { cell_type: 'raw', metadata: {}, source: 'raw' },
      {
        cell_type: 'code',
        metadata: {},
        source: 'b = 2',
        outputs: [],
        execution_count: null
      }
    ]);
    const ids = parseNotebook(text).cells.map(cell => cell.id);
    assert.deepEqual(ids, ['cell-0', 'cell-1', 'cell-2']);
    assert.deepEqual(
      parseNotebook(text).cells.map(cell => cell.id),
      ids,
      'stable'
    );
  });

  it('says where JSON is broken', () => {
    const error = problemOf('{\n  "nbformat": 4,\n  "cells": [,]\n}');
    assert.equal(error.problem, 'invalid-json');
    assert.match(error.message, /not valid JSON \(line 3, column 13/);
  });

  it('reads a file saved with a byte-order mark', () => {
    assert.equal(parseNotebook(`\uFEFF${notebook(5, [])}`).version, '4.5');
  });

  it('says an empty file is empty', () => {
    assert.match(problemOf('').message, /the file is empty/);
  });

  it('refuses JSON that is not a notebook', () => {
    for (const text of [
      '[1, 2]',
      '{"name": "package"}',
      '{"nbformat": 4, "metadata": {}}',
      'null'
    ]) {
      assert.equal(problemOf(text).problem, 'not-a-notebook', text);
    }
  });

  it('refuses nbformat 2 and says how to upgrade', () => {
    const error = problemOf(
      JSON.stringify({ nbformat: 2, nbformat_minor: 0, worksheets: [] })
    );
    assert.equal(error.problem, 'unsupported-nbformat');
    assert.match(error.message, /nbformat 2/);
    assert.match(error.message, /jupyter nbconvert --to notebook --nbformat 4/);
  });
});

describe('kernelFor', () => {
  it('uses the notebook kernelspec', () => {
    assert.deepEqual(kernelFor(parseNotebook(notebook(5, [], PYTHON))), {
      name: 'python3'
    });
  });

  it('falls back to python3, with a notice, when the notebook names no kernel', () => {
    const choice = kernelFor(parseNotebook(notebook(5, [])));
    assert.equal(choice.name, 'python3');
    assert.match(choice.notice ?? '', /names no kernel/);
  });

  it('falls back to an installed Python kernel when the named one is missing', () => {
    const doc = parseNotebook(
      notebook(5, [], {
        kernelspec: {
          name: 'conda-env-py36-py',
          display_name: 'Python [py36]',
          language: 'python'
        }
      })
    );
    const choice = kernelFor(doc, [{ name: 'python3', language: 'python' }]);
    assert.equal(choice.name, 'python3');
    assert.match(choice.notice ?? '', /"conda-env-py36-py" is not installed/);
  });

  it('refuses a notebook in another language', () => {
    const doc = parseNotebook(
      notebook(5, [], {
        kernelspec: { name: 'ir', display_name: 'R', language: 'R' },
        language_info: { name: 'R' }
      })
    );
    assert.throws(
      () => kernelFor(doc),
      (error: unknown) =>
        error instanceof NotebookFormatError &&
        error.problem === 'unsupported-kernel' &&
        /kernel is R \(language R\); only Python notebooks are supported/.test(
          error.message
        )
    );
  });
});

describe('captureOriginal', () => {
  it('keeps a deep-frozen copy that later edits do not reach', () => {
    const doc = parseNotebook(
      notebook(
        5,
        [
          {
            id: 'a',
            cell_type: 'code',
            metadata: {},
            source: 'print(0.81)',
            execution_count: 2,
            outputs: [{ output_type: 'stream', name: 'stdout', text: '0.81\n' }]
          }
        ],
        PYTHON
      )
    );
    const original = captureOriginal(doc);
    doc.cells[0].source = 'changed';
    (doc.cells[0].outputs[0] as { text: string }).text = 'changed';
    assert.equal(original.cells[0].source, 'print(0.81)');
    assert.deepEqual(original.cells[0].outputs, [
      { output_type: 'stream', name: 'stdout', text: '0.81\n' }
    ]);
    assert.equal(original.cells[0].executionCount, 2);
    assert.equal(original.metadata.kernelspec?.name, 'python3');
    assert.ok(Object.isFrozen(original.cells[0].outputs[0]));
    try {
      (original.cells[0] as { source: string }).source = 'x';
    } catch {
      // Strict mode throws; either way the copy must not change.
    }
    assert.equal(original.cells[0].source, 'print(0.81)');
  });
});
