import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { ITranslator } from '@jupyterlab/translation';
import { runIcon, stopIcon } from '@jupyterlab/ui-components';
import { CommandIDs, PANEL_ID } from '../commands';
import { modernizerIcon } from '../icons';
import { addReviewCommands } from '../inline-diff/review-commands';
import { IModernizerTracker } from '../session/tokens';
import { loadTranslation } from '../translation';

/**
 * Adds the open-panel, run-check, modernize and stop commands, and the review's
 * accept and reject commands, and puts them in the palette.
 */
export const commandsPlugin: JupyterFrontEndPlugin<void> = {
  id: 'jupyterlab-modernizer:commands',
  description:
    'Adds the Modernizer commands to open the panel, run a check, modernize and stop.',
  autoStart: true,
  requires: [IModernizerTracker],
  optional: [ICommandPalette, ITranslator],
  activate: (
    app: JupyterFrontEnd,
    tracker: IModernizerTracker,
    palette: ICommandPalette | null,
    translator: ITranslator | null
  ): void => {
    const { commands, shell } = app;
    const trans = loadTranslation(translator);
    commands.addCommand(CommandIDs.openPanel, {
      label: trans.__('Open the Modernizer Panel'),
      caption: trans.__(
        'Show the Notebook Modernizer panel in the right sidebar'
      ),
      icon: modernizerIcon,
      execute: () => shell.activateById(PANEL_ID),
      describedBy: Private.noArgs
    });
    commands.addCommand(CommandIDs.runCheck, {
      label: trans.__('Run Check'),
      caption: trans.__(
        'Run every code cell of the active notebook in order, stopping at the first failure'
      ),
      icon: runIcon,
      isEnabled: () => !!tracker.current && !tracker.current.model.isRunning,
      execute: async () => {
        const session = tracker.current;
        if (session) {
          shell.activateById(PANEL_ID);
          await session.run();
        }
      },
      describedBy: Private.noArgs
    });
    commands.addCommand(CommandIDs.modernize, {
      label: trans.__('Modernize Notebook'),
      caption: trans.__(
        'Run the active notebook, review a fix for each failure, compare the scores and verify from a restart'
      ),
      icon: modernizerIcon,
      isEnabled: () => !!tracker.current && !tracker.current.model.isRunning,
      execute: async () => {
        const session = tracker.current;
        if (session) {
          shell.activateById(PANEL_ID);
          await session.modernize();
        }
      },
      describedBy: Private.noArgs
    });
    commands.addCommand(CommandIDs.stop, {
      label: trans.__('Stop Check'),
      caption: trans.__('Stop the running check and interrupt the kernel'),
      icon: stopIcon,
      isEnabled: () => !!tracker.current?.model.isRunning,
      execute: () => tracker.current?.stop(),
      describedBy: Private.noArgs
    });
    addReviewCommands(commands, () => tracker.current, trans);
    const refresh = () => {
      commands.notifyCommandChanged(CommandIDs.runCheck);
      commands.notifyCommandChanged(CommandIDs.modernize);
      commands.notifyCommandChanged(CommandIDs.stop);
    };
    tracker.currentChanged.connect(refresh);
    tracker.runChanged.connect(refresh);

    const category = trans.__('Notebook Modernizer');
    for (const command of Object.values(CommandIDs)) {
      palette?.addItem({ command, category });
    }
  }
};

namespace Private {
  /** The commands act on the active notebook and take no arguments. */
  export const noArgs = {
    args: { type: 'object' as const, properties: {} }
  };
}
