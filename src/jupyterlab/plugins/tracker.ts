import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { ITranslator } from '@jupyterlab/translation';
import type { ITolerance } from '../../core';
import type { ISessionSettings } from '../check/settings';
// eslint-disable-next-line jupyter/prefer-lazy-imports -- activation returns the tracker it provides
import { ModernizerTracker } from '../session/tracker';
import { ILLMAccess, IModernizerTracker } from '../session/tokens';
import type { LLMAccess } from '../llm/llm-access';

/** Defaults of schema/plugin.json, used until the settings load. */
const DEFAULTS: ISessionSettings = {
  // No per-cell limit of its own: the budget left bounds each cell.
  cellTimeoutMs: 0,
  budgetMs: 600_000,
  tolerance: { mode: 'relative', value: 0.1 },
  maxFixes: 16,
  verificationRuns: 1
};

/** Provides the session tracker; its id is the settings' id (schema/plugin.json). */
export const trackerPlugin: JupyterFrontEndPlugin<IModernizerTracker> = {
  id: 'jupyterlab-modernizer:plugin',
  description:
    'Keeps a Modernizer session per open notebook, with the limits and tolerance from the settings.',
  autoStart: true,
  requires: [INotebookTracker],
  optional: [ISettingRegistry, ILLMAccess, IDocumentManager, ITranslator],
  provides: IModernizerTracker,
  activate: (
    app: JupyterFrontEnd,
    notebooks: INotebookTracker,
    settingRegistry: ISettingRegistry | null,
    llm: LLMAccess | null,
    docManager: IDocumentManager | null,
    translator: ITranslator | null
  ): IModernizerTracker => {
    let current: ISessionSettings = DEFAULTS;
    if (settingRegistry) {
      void settingRegistry
        .load(trackerPlugin.id)
        .then(settings => {
          const update = () => {
            const get = (key: string) => settings.get(key).composite as any;
            const tolerance = get('tolerance') as ITolerance;
            current = {
              cellTimeoutMs: (get('cellTimeout') as number) * 1000,
              budgetMs: (get('budget') as number) * 1000,
              tolerance: { mode: tolerance.mode, value: tolerance.value },
              maxFixes: get('maxFixes') as number,
              verificationRuns: get('verificationRuns') as number
            };
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
    return new ModernizerTracker({
      notebooks,
      settings: () => current,
      contents: app.serviceManager.contents,
      docManager,
      llm,
      translator
    });
  }
};
