import {
  ILayoutRestorer,
  type JupyterFrontEnd,
  type JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { IStateDB } from '@jupyterlab/statedb';
import { ITranslator } from '@jupyterlab/translation';
import { revealCell } from '../reveal-cell';
// eslint-disable-next-line jupyter/prefer-lazy-imports -- the panel is in the sidebar from the start
import { ModernizerPanel } from '../sidebar/panel';
import { IModernizerTracker } from '../session/tokens';

/** Adds the Modernizer panel to the right sidebar. */
export const sidebarPlugin: JupyterFrontEndPlugin<void> = {
  id: 'jupyterlab-modernizer:sidebar',
  description: 'Adds the Modernizer panel to the right sidebar.',
  autoStart: true,
  requires: [IModernizerTracker],
  optional: [ILayoutRestorer, IStateDB, ITranslator],
  activate: (
    app: JupyterFrontEnd,
    tracker: IModernizerTracker,
    restorer: ILayoutRestorer | null,
    stateDB: IStateDB | null,
    translator: ITranslator | null
  ): void => {
    const panel = new ModernizerPanel({
      tracker,
      revealCell: (session, cellId, location) =>
        void revealCell(app.shell, session.panel, cellId, location),
      stateDB,
      translator
    });
    app.shell.add(panel, 'right', { rank: 900 });
    restorer?.add(panel, panel.id);
  }
};
