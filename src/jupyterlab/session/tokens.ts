import type { NotebookPanel } from '@jupyterlab/notebook';
import { Token } from '@lumino/coreutils';
import type { ISignal } from '@lumino/signaling';
import type { LLMAccess } from '../llm/llm-access';
import type { CheckSession } from './session';

/** The Modernizer sessions of the open notebooks. */
export interface IModernizerTracker {
  /** The session of the active notebook, or null when no notebook is open. */
  readonly current: CheckSession | null;
  /** Emitted when the active notebook (hence the current session) changes. */
  readonly currentChanged: ISignal<IModernizerTracker, CheckSession | null>;
  /** The session of a notebook, created on first use. */
  sessionFor(panel: NotebookPanel): CheckSession;
  /** Calls `fn` for every open session. */
  forEach(fn: (session: CheckSession) => void): void;
  /** Emitted when any session's run state changes (commands and status bar follow it). */
  readonly runChanged: ISignal<IModernizerTracker, void>;
}

/** The token of the Modernizer session tracker. */
export const IModernizerTracker = new Token<IModernizerTracker>(
  'jupyterlab-modernizer:IModernizerTracker',
  'The Notebook Modernizer session of each open notebook, following the active one.'
);

/** The LLM behind the server's proxy: whether there is one, and the fixer it makes. */
export const ILLMAccess = new Token<LLMAccess>(
  'jupyterlab-modernizer:ILLMAccess',
  'The LLM the Jupyter server offers through its proxy, with the LLM settings.'
);
