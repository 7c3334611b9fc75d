import type { Cell, ICodeCellModel } from '@jupyterlab/cells';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { IDisposable } from '@lumino/disposable';
import { PanelLayout, Widget } from '@lumino/widgets';

/**
 * A "Fix with Modernizer" button under every code cell whose outputs hold an error:
 * it asks for a proposal for that cell, which shows in the cell as an inline diff; when
 * none comes, the answer shows beside the button.
 */
export class ErrorFixButtons implements IDisposable {
  constructor(options: ErrorFixButtons.IOptions) {
    this._panel = options.panel;
    this._onFix = options.onFix;
    this._trans = options.trans;
    this._panel.content.model?.cells.changed.connect(this._schedule, this);
    void this._panel.context.ready.then(() => this._schedule());
  }

  /** Whether the buttons are disposed. */
  get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Removes the buttons and stops following the outputs. */
  dispose(): void {
    if (this._isDisposed) {
      return;
    }
    this._isDisposed = true;
    this._panel.content.model?.cells.changed.disconnect(this._schedule, this);
    for (const model of this._followed) {
      model.outputs.changed.disconnect(this._schedule, this);
    }
    this._buttons.forEach(button => button.dispose());
    this._buttons.clear();
  }

  /** One refresh per frame, whatever the number of outputs that changed. */
  private _schedule(): void {
    if (this._frame === null && !this._isDisposed) {
      this._frame = requestAnimationFrame(() => {
        this._frame = null;
        this._refresh();
      });
    }
  }

  private _refresh(): void {
    if (this._isDisposed) {
      return;
    }
    const failing = new Set<Cell>();
    for (const cell of this._panel.content.widgets) {
      if (cell.model.type !== 'code') {
        continue;
      }
      const model = cell.model as ICodeCellModel;
      if (!this._followed.has(model)) {
        this._followed.add(model);
        model.outputs.changed.connect(this._schedule, this);
      }
      let error = false;
      for (let i = 0; i < model.outputs.length; i++) {
        error ||= model.outputs.get(i).type === 'error';
      }
      if (error) {
        failing.add(cell);
      }
    }
    for (const [cell, button] of this._buttons) {
      if (!failing.has(cell) || cell.isDisposed) {
        button.dispose();
        this._buttons.delete(cell);
      }
    }
    for (const cell of failing) {
      if (!this._buttons.has(cell)) {
        const button = Private.button(
          () => this._onFix(cell.model.id),
          this._trans
        );
        (cell.layout as PanelLayout).addWidget(button);
        this._buttons.set(cell, button);
      }
    }
  }

  private _panel: NotebookPanel;
  private _onFix: ErrorFixButtons.IOptions['onFix'];
  private _trans: TranslationBundle;
  private _buttons = new Map<Cell, Widget>();
  private _followed = new Set<ICodeCellModel>();
  private _frame: number | null = null;
  private _isDisposed = false;
}

/** Options of {@link ErrorFixButtons}. */
export namespace ErrorFixButtons {
  export interface IOptions {
    panel: NotebookPanel;
    /** Asks for a proposal for the cell; resolves to what to say when none came. */
    onFix: (cellId: string) => Promise<string | null>;
    /** Translates the button and its answers. */
    trans: TranslationBundle;
  }
}

namespace Private {
  export function button(
    onFix: () => Promise<string | null>,
    trans: TranslationBundle
  ): Widget {
    const node = document.createElement('div');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'jp-Button jp-mod-styled jp-mod-accept';
    button.textContent = trans.__('Fix with Modernizer');
    button.title = trans.__(
      'Propose the migration rules’ fix of this cell, as an inline diff'
    );
    const answer = document.createElement('span');
    answer.className = 'jp-Modernizer-fixErrorAnswer';
    answer.setAttribute('role', 'status');
    button.addEventListener('click', () => {
      button.disabled = true;
      answer.textContent = trans.__('Looking for a fix…');
      void onFix()
        .catch((error: Error) => trans.__('No fix: %1', error.message))
        .then(text => {
          answer.textContent = text ?? '';
          button.disabled = false;
        });
    });
    node.append(button, answer);
    const widget = new Widget({ node });
    widget.addClass('jp-Modernizer-fixError');
    return widget;
  }
}
