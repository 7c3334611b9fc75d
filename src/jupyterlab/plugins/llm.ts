import type {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
// eslint-disable-next-line jupyter/prefer-lazy-imports -- activation returns the LLM access it provides
import { LLMAccess, type ILLMSettings } from '../llm/llm-access';
import { ILLMAccess } from '../session/tokens';

/** Defaults of schema/llm.json, used until the settings load. */
const DEFAULTS: ILLMSettings = {
  model: '',
  temperature: 0,
  tokenBudget: 100_000,
  allowApproximations: false,
  allowInstalls: false,
  granularity: 'cell'
};

/** Provides the LLM behind the server's proxy; its id is the settings' id (schema/llm.json). */
export const llmPlugin: JupyterFrontEndPlugin<LLMAccess> = {
  id: 'jupyterlab-modernizer:llm',
  description:
    'Reaches the LLM through the Jupyter server’s proxy (the key stays on the server), with the LLM settings.',
  autoStart: true,
  optional: [ISettingRegistry],
  provides: ILLMAccess,
  activate: (
    app: JupyterFrontEnd,
    settingRegistry: ISettingRegistry | null
  ): LLMAccess => {
    let current = DEFAULTS;
    void settingRegistry
      ?.load(llmPlugin.id)
      .then(settings => {
        const update = () => {
          current = { ...DEFAULTS, ...(settings.composite as object) };
        };
        update();
        settings.changed.connect(update);
      })
      .catch(reason =>
        console.error(
          'Notebook Modernizer: cannot load the LLM settings.',
          reason
        )
      );
    return new LLMAccess({
      serverSettings: app.serviceManager.serverSettings,
      settings: () => current
    });
  }
};
