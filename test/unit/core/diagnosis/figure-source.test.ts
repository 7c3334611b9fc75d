import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose, type ICellResult } from '../../../../src/core';

const GREEN = '\u001b[0;32m';
const RESET = '\u001b[0m';
const LIB = '/opt/venv/lib/python3.11/site-packages/matplotlib';

/** A cell whose figure failed to draw: its error output holds matplotlib's frames only. */
function drawError(frames: string[]): ICellResult {
  return {
    status: 'error',
    ename: 'RuntimeError',
    evalue: "Unable to cast Python instance of type <class 'tuple'>",
    traceback: [
      '---------------------------------------------------------------------------',
      'RuntimeError                              Traceback (most recent call last)',
      ...frames.map(
        frame =>
          `File ${GREEN}${frame}${RESET}\n    ...\n--> 10 draw(artist, renderer)`
      ),
      "RuntimeError: Unable to cast Python instance of type <class 'tuple'>"
    ],
    outputs: [],
    executionCount: 4,
    durationMs: 1
  };
}

const SAVED = [
  `${LIB}/backend_bases.py:2289, in FigureCanvasBase.print_figure(self, filename, dpi)`,
  `${LIB}/artist.py:71, in allow_rasterization.<locals>.draw_wrapper(artist, renderer)`,
  `${LIB}/collections.py:428, in Collection.draw(self, renderer)`
];
const CELLS = [
  {
    id: 'c1',
    source: 'import matplotlib.pyplot as plt\nfrom sklearn.svm import SVC'
  },
  {
    id: 'c2',
    source:
      'def plot_svc(svc, X, y):\n    plt.scatter(X[:, 0], X[:, 1], c=y)\n    plt.show()\n\ndef count(svc):\n    return svc.support_.size'
  },
  { id: 'c3', source: 'def fit(X, y):\n    return SVC().fit(X, y)' },
  {
    id: 'c4',
    source: 'svc = fit(X, y)\nplot_svc(svc, X, y)\nprint(count(svc))'
  }
];

function diagnosed(result: ICellResult, cells = CELLS) {
  return diagnose({
    cellId: cells[cells.length - 1].id,
    result,
    cells,
    executionCounts: new Map(cells.map((cell, i) => [i + 1, cell.id])),
    ran: new Set(cells.map(cell => cell.id)),
    files: new Set()
  });
}

describe('an error raised while a figure is drawn', () => {
  it('is fixed in the earlier cell whose function made the figure', () => {
    const diagnosis = diagnosed(drawError(SAVED));
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c2' });
    assert.match(diagnosis.reason, /while the figure is drawn.*`plot_svc`/);
  });

  it('is fixed in the failing cell when its own lines draw, drawn at the end of the cell too', () => {
    const idle = [
      `${LIB}/pyplot.py:300, in _draw_all_if_interactive()`,
      `${LIB}/text.py:1698, in _AnnotationBase._get_xy(self, renderer, xy, coords)`
    ];
    const cells = [
      CELLS[0],
      { id: 'c2', source: 'def f(t):\n    return 0.5 * (2 * t - 1) ** 2' },
      {
        id: 'c3',
        source: "y0 = f(np.array([[0]]))\nplt.annotate('', xy=(0, y0))"
      }
    ];
    const diagnosis = diagnosed(drawError(idle), cells);
    assert.deepEqual(diagnosis.target, { kind: 'cell', cellId: 'c3' });
    assert.match(diagnosis.reason, /figure is drawn, after its code ran/);
  });

  it('is not taken for an error with a frame in a cell', () => {
    const result = drawError(SAVED);
    result.traceback!.splice(
      2,
      0,
      `Cell ${GREEN}In[4], line 2${RESET}\n----> 2 plot_svc(svc, X, y)`
    );
    assert.deepEqual(diagnosed(result).target, { kind: 'cell', cellId: 'c4' });
    assert.equal(
      diagnosed(result).reason,
      'the error is raised in the failing cell'
    );
  });
});

describe('a module elsewhere in the repository', () => {
  it('is found by the absolute path the traceback gives it, a module beside the notebook first', () => {
    const result: ICellResult = {
      ...drawError([]),
      ename: 'KeyError',
      evalue: "'axes.color_cycle' is not a valid value for rcParam",
      traceback: [
        `Cell ${GREEN}In[1], line 8${RESET}\n----> 8 load_style()`,
        `File ${GREEN}/tmp/run/repo/notebook_format/formats.py:25${RESET}, in load_style()`,
        `File ${GREEN}${LIB}/__init__.py:778${RESET}, in RcParams.__setitem__(self, key, val)`
      ]
    };
    const cells = [{ id: 'c1', source: 'load_style()' }];
    const files = (list: string[]) =>
      diagnose({
        cellId: 'c1',
        result,
        cells,
        executionCounts: new Map([[1, 'c1']]),
        ran: new Set(),
        files: new Set(list)
      }).target;
    assert.deepEqual(
      files(['../notebook_format/formats.py', '../notebook_format']),
      {
        kind: 'module',
        path: '../notebook_format/formats.py'
      }
    );
    assert.deepEqual(files(['../formats.py', 'notebook_format/formats.py']), {
      kind: 'module',
      path: 'notebook_format/formats.py'
    });
    assert.deepEqual(files(['../other/formats2.py']), {
      kind: 'cell',
      cellId: 'c1'
    });
  });
});
