import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { runIcon, stopIcon } from '@jupyterlab/ui-components';
import { CommandIDs, PALETTE_CATEGORY, PANEL_ID } from '../commands';
import { modernizerIcon } from '../icons';
import { addReviewCommands } from '../inline-diff/review-commands';
import { IModernizerTracker } from '../tokens';

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
  optional: [ICommandPalette],
  activate: (
    app: JupyterFrontEnd,
    tracker: IModernizerTracker,
    palette: ICommandPalette | null
  ): void => {
    const { commands, shell } = app;
    commands.addCommand(CommandIDs.openPanel, {
      label: 'Open the Modernizer Panel',
      caption: 'Show the Notebook Modernizer panel in the right sidebar',
      icon: modernizerIcon,
      execute: () => shell.activateById(PANEL_ID)
    });
    commands.addCommand(CommandIDs.runCheck, {
      label: 'Run Check',
      caption:
        'Run every code cell of the active notebook in order, stopping at the first failure',
      icon: runIcon,
      isEnabled: () => !!tracker.current && !tracker.current.model.isRunning,
      execute: async () => {
        const session = tracker.current;
        if (session) {
          shell.activateById(PANEL_ID);
          await session.run();
        }
      }
    });
    commands.addCommand(CommandIDs.modernize, {
      label: 'Modernize Notebook',
      caption:
        'Run the active notebook, review a fix for each failure, compare the scores and verify from a restart',
      icon: modernizerIcon,
      isEnabled: () => !!tracker.current && !tracker.current.model.isRunning,
      execute: async () => {
        const session = tracker.current;
        if (session) {
          shell.activateById(PANEL_ID);
          await session.modernize();
        }
      }
    });
    commands.addCommand(CommandIDs.stop, {
      label: 'Stop Check',
      caption: 'Stop the running check and interrupt the kernel',
      icon: stopIcon,
      isEnabled: () => !!tracker.current?.model.isRunning,
      execute: () => tracker.current?.stop()
    });
    addReviewCommands(commands, () => tracker.current);
    const refresh = () => {
      commands.notifyCommandChanged(CommandIDs.runCheck);
      commands.notifyCommandChanged(CommandIDs.modernize);
      commands.notifyCommandChanged(CommandIDs.stop);
    };
    tracker.currentChanged.connect(refresh);
    tracker.runChanged.connect(refresh);

    for (const command of Object.values(CommandIDs)) {
      palette?.addItem({ command, category: PALETTE_CATEGORY });
    }
  }
};
