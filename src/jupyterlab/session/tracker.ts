import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { Signal, type ISignal } from '@lumino/signaling';
import type { IModernizerTracker } from './tokens';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { Contents } from '@jupyterlab/services';
import type { ITranslator } from '@jupyterlab/translation';
import type { LLMAccess } from '../llm/llm-access';
import { CheckSession } from './session';
import type { ISessionSettings } from '../check/settings';

/**
 * Keeps one {@link CheckSession} per open notebook, created when the notebook opens and
 * disposed when it closes, and follows the notebook tracker's current widget.
 */
export class ModernizerTracker implements IModernizerTracker {
  constructor(options: ModernizerTracker.IOptions) {
    this._notebooks = options.notebooks;
    this._settings = options.settings;
    this._contents = options.contents;
    this._docManager = options.docManager ?? null;
    this._llm = options.llm ?? null;
    this._translator = options.translator ?? null;
    this._notebooks.widgetAdded.connect((_, panel) => this.sessionFor(panel));
    this._notebooks.currentChanged.connect(() =>
      this._currentChanged.emit(this.current)
    );
    this._notebooks.forEach(panel => this.sessionFor(panel));
  }

  /** The session of the active notebook, or null when no notebook is open. */
  get current(): CheckSession | null {
    const panel = this._notebooks.currentWidget;
    return panel ? this.sessionFor(panel) : null;
  }

  /** Emitted when the active notebook changes. */
  get currentChanged(): ISignal<this, CheckSession | null> {
    return this._currentChanged;
  }

  /** Emitted when a session's run state changes. */
  get runChanged(): ISignal<this, void> {
    return this._runChanged;
  }

  /** The session of `panel`, created on first use. */
  sessionFor(panel: NotebookPanel): CheckSession {
    let session = this._sessions.get(panel);
    if (!session) {
      const created = new CheckSession({
        panel,
        settings: this._settings,
        contents: this._contents,
        docManager: this._docManager,
        llm: this._llm,
        translator: this._translator
      });
      created.model.runChanged.connect(() => this._runChanged.emit());
      panel.disposed.connect(() => {
        this._sessions.delete(panel);
        created.dispose();
        this._runChanged.emit();
      });
      this._sessions.set(panel, created);
      session = created;
    }
    return session;
  }

  /** Calls `fn` for every open session. */
  forEach(fn: (session: CheckSession) => void): void {
    this._sessions.forEach(fn);
  }

  private _notebooks: INotebookTracker;
  private _settings: () => ISessionSettings;
  private _contents: Contents.IManager;
  private _docManager: IDocumentManager | null;
  private _llm: LLMAccess | null;
  private _translator: ITranslator | null;
  private _sessions = new Map<NotebookPanel, CheckSession>();
  private _currentChanged = new Signal<this, CheckSession | null>(this);
  private _runChanged = new Signal<this, void>(this);
}

/** Options of {@link ModernizerTracker}. */
export namespace ModernizerTracker {
  export interface IOptions {
    notebooks: INotebookTracker;
    /** The current settings. */
    settings: () => ISessionSettings;
    /** The server's files, beside each notebook. */
    contents: Contents.IManager;
    /** Opens the local modules a run proposes to fix, if given. */
    docManager?: IDocumentManager | null;
    /** The LLM behind the server's proxy, if the extension's LLM plugin is on. */
    llm?: LLMAccess | null;
    /** Translates the text the sessions show in the cells. */
    translator?: ITranslator | null;
  }
}
