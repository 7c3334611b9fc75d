import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import type { ICheckLimits } from '../session/check-runner';
import { ModernizerTracker } from '../session/tracker';
import { IModernizerTracker } from '../tokens';

/** Defaults of schema/plugin.json, in seconds, used until the settings load. */
const DEFAULT_CELL_TIMEOUT = 120;
const DEFAULT_BUDGET = 600;

/** Provides the session tracker; its id is the settings' id (schema/plugin.json). */
export const trackerPlugin: JupyterFrontEndPlugin<IModernizerTracker> = {
  id: 'jupyterlab-modernizer:plugin',
  description:
    'Keeps a Modernizer session per open notebook, with the run limits from the settings.',
  autoStart: true,
  requires: [INotebookTracker],
  optional: [ISettingRegistry],
  provides: IModernizerTracker,
  activate: (
    app: JupyterFrontEnd,
    notebooks: INotebookTracker,
    settingRegistry: ISettingRegistry | null
  ): IModernizerTracker => {
    const limits: ICheckLimits = {
      cellTimeoutMs: DEFAULT_CELL_TIMEOUT * 1000,
      budgetMs: DEFAULT_BUDGET * 1000
    };
    if (settingRegistry) {
      void settingRegistry
        .load(trackerPlugin.id)
        .then(settings => {
          const update = () => {
            limits.cellTimeoutMs =
              (settings.get('cellTimeout').composite as number) * 1000;
            limits.budgetMs =
              (settings.get('budget').composite as number) * 1000;
          };
          update();
          settings.changed.connect(update);
        })
        .catch(reason =>
          console.error(
            'Notebook Modernizer: cannot load the settings.',
            reason
          )
        );
    }
    return new ModernizerTracker({ notebooks, limits: () => ({ ...limits }) });
  }
};
