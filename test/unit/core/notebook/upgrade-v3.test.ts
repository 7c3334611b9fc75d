import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  codeCells,
  extractScores,
  kernelFor,
  NotebookFormatError,
  parseNotebook,
  savedErrors
} from '../../../../src/core';

/** An nbformat 3 file as IPython 2 saved one: lines split, outputs keyed by v3 aliases. */
function v3(
  cells: unknown[],
  metadata: object = { name: '', signature: 'sha256:1' }
) {
  return JSON.stringify({
    nbformat: 3,
    nbformat_minor: 0,
    metadata,
    worksheets: [{ cells, metadata: {} }]
  });
}

const CELLS = [
  { cell_type: 'heading', level: 2, metadata: {}, source: ['Iris\n', 'model'] },
  {
    cell_type: 'markdown',
    metadata: {},
    source: ['Fit a tree.\n', 'Then score it.']
  },
  {
    cell_type: 'code',
    collapsed: false,
    input: [
      'from sklearn.metrics import accuracy_score\n',
      'accuracy_score(y, p)'
    ],
    language: 'python',
    metadata: {},
    prompt_number: 3,
    outputs: [
      { output_type: 'stream', stream: 'stdout', text: ['fitted\n'] },
      {
        output_type: 'pyout',
        prompt_number: 3,
        metadata: {},
        text: ['0.95']
      },
      {
        output_type: 'display_data',
        metadata: { png: { width: 40 } },
        png: 'iVBORw0KGgo=',
        html: ['<img>\n', '</img>']
      }
    ]
  },
  {
    cell_type: 'code',
    collapsed: true,
    input: 'print("accuracy:", accuracy_score(y, p))\n1 / 0',
    language: 'python',
    metadata: {},
    prompt_number: 4,
    outputs: [
      { output_type: 'stream', stream: 'stdout', text: 'accuracy: 0.95\n' },
      {
        output_type: 'pyerr',
        ename: 'ZeroDivisionError',
        evalue: 'division by zero',
        traceback: ['ZeroDivisionError: division by zero']
      }
    ]
  }
];

describe('nbformat 3', () => {
  it('is read as its nbformat 4.5 conversion, as Jupyter opens it', () => {
    const doc = parseNotebook(v3(CELLS));
    assert.equal(doc.version, '4.5');
    assert.equal(doc.upgradedFrom, '3.0');
    assert.deepEqual(
      doc.cells.map(cell => [cell.id, cell.cellType, cell.source]),
      [
        ['cell-0', 'markdown', '## Iris model'],
        ['cell-1', 'markdown', 'Fit a tree.\nThen score it.'],
        [
          'cell-2',
          'code',
          'from sklearn.metrics import accuracy_score\naccuracy_score(y, p)'
        ],
        ['cell-3', 'code', 'print("accuracy:", accuracy_score(y, p))\n1 / 0']
      ]
    );
    assert.deepEqual(
      doc.cells.map(cell => cell.executionCount),
      [null, null, 3, 4]
    );
    assert.deepEqual(doc.cells[2].outputs, [
      { output_type: 'stream', name: 'stdout', text: 'fitted\n' },
      {
        output_type: 'execute_result',
        execution_count: 3,
        metadata: {},
        data: { 'text/plain': '0.95' }
      },
      {
        output_type: 'display_data',
        metadata: { 'image/png': { width: 40 } },
        data: { 'image/png': 'iVBORw0KGgo=', 'text/html': '<img>\n</img>' }
      }
    ]);
    assert.deepEqual(doc.cells[3].outputs[1], {
      output_type: 'error',
      ename: 'ZeroDivisionError',
      evalue: 'division by zero',
      traceback: ['ZeroDivisionError: division by zero']
    });
  });

  it('converts to a v4 file: no worksheets, no v3 keys, the original format noted', () => {
    const content = parseNotebook(v3(CELLS)).content as unknown as Record<
      string,
      any
    >;
    assert.equal(content.nbformat, 4);
    assert.equal(content.nbformat_minor, 5);
    assert.equal(content.worksheets, undefined);
    assert.deepEqual(content.metadata, {
      orig_nbformat: 3,
      orig_nbformat_minor: 0
    });
    const code = content.cells[3];
    for (const key of ['input', 'prompt_number', 'language', 'collapsed']) {
      assert.equal(code[key], undefined, key);
    }
    assert.deepEqual(code.metadata, { collapsed: true });
    assert.equal(content.cells[0].level, undefined);
  });

  it('leaves the parsed file as it was', () => {
    const text = v3(CELLS);
    const json = JSON.parse(text);
    parseNotebook(text);
    assert.deepEqual(JSON.parse(text), json);
  });

  it('gives the saved scores and the saved error of the converted outputs', () => {
    const doc = parseNotebook(v3(CELLS));
    const scores = extractScores(doc.cells);
    assert.deepEqual(
      scores.map(score => [score.cellIndex, score.value]),
      [
        [2, 0.95],
        [3, 0.95]
      ]
    );
    assert.deepEqual(
      [...savedErrors(doc.cells)],
      [['cell-3', 'ZeroDivisionError']]
    );
    assert.equal(codeCells(doc).length, 2);
  });

  it('rejoins lines saved without their newlines', () => {
    const doc = parseNotebook(
      v3([
        {
          cell_type: 'code',
          input: ['import numpy as np', 'np.pi'],
          language: 'python',
          metadata: {},
          outputs: [
            { output_type: 'stream', stream: 'stdout', text: ['a', 'b'] }
          ]
        }
      ])
    );
    assert.equal(doc.cells[0].source, 'import numpy as np\nnp.pi');
    assert.deepEqual(doc.cells[0].outputs[0], {
      output_type: 'stream',
      name: 'stdout',
      text: 'a\nb'
    });
    assert.equal(doc.cells[0].executionCount, null);
  });

  it('runs in Python when the notebook names no kernel', () => {
    assert.equal(kernelFor(parseNotebook(v3(CELLS))).name, 'python3');
  });

  it('refuses a notebook in another language', () => {
    for (const text of [
      v3([{ ...CELLS[2], language: 'julia' }]),
      v3(CELLS, { name: '', language: 'Julia' })
    ]) {
      assert.throws(
        () => kernelFor(parseNotebook(text)),
        (error: unknown) =>
          error instanceof NotebookFormatError &&
          error.problem === 'unsupported-kernel' &&
          /only Python notebooks are supported/.test(error.message)
      );
    }
  });

  it('refuses a v3 file with no worksheets', () => {
    assert.throws(
      () => parseNotebook(JSON.stringify({ nbformat: 3, metadata: {} })),
      (error: unknown) =>
        error instanceof NotebookFormatError &&
        error.problem === 'not-a-notebook' &&
        /no "worksheets" list/.test(error.message)
    );
  });

  it('refuses a broken v3 cell with its number', () => {
    assert.throws(
      () => parseNotebook(v3([CELLS[1], 'not a cell'])),
      (error: unknown) =>
        error instanceof NotebookFormatError &&
        error.problem === 'not-a-notebook' &&
        /Cell 2/.test(error.message)
    );
  });
});
