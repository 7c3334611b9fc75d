import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { IStatusBar } from '@jupyterlab/statusbar';
import { ITranslator } from '@jupyterlab/translation';
import { CommandIDs } from '../commands';
import { ModernizerStatus } from './status-bar-item';
import { IModernizerTracker } from '../session/tokens';

/** Shows a check's progress in the status bar while it runs. */
export const statusBarPlugin: JupyterFrontEndPlugin<void> = {
  id: 'jupyterlab-modernizer:status-bar',
  description: 'Shows the progress of a running check in the status bar.',
  autoStart: true,
  requires: [IModernizerTracker, IStatusBar],
  optional: [ITranslator],
  activate: (
    app: JupyterFrontEnd,
    tracker: IModernizerTracker,
    statusBar: IStatusBar,
    translator: ITranslator | null
  ): void => {
    const item = new ModernizerStatus({
      tracker,
      translator,
      onClick: () => void app.commands.execute(CommandIDs.openPanel)
    });
    statusBar.registerStatusItem(STATUS_ITEM_ID, {
      item,
      align: 'left',
      rank: 5,
      isActive: () => ModernizerStatus.runningSession(tracker) !== null,
      activeStateChanged: tracker.runChanged
    });
  }
};

const STATUS_ITEM_ID = 'jupyterlab-modernizer:status';
