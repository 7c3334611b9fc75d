import type { JupyterFrontEndPlugin } from '@jupyterlab/application';
import { commandsPlugin } from './jupyterlab/plugins/commands';
import { llmPlugin } from './jupyterlab/plugins/llm';
import { sidebarPlugin } from './jupyterlab/plugins/sidebar';
import { statusBarPlugin } from './jupyterlab/plugins/status-bar';
import { trackerPlugin } from './jupyterlab/plugins/tracker';

export { IModernizerTracker } from './jupyterlab/session/tokens';

const plugins: JupyterFrontEndPlugin<any>[] = [
  llmPlugin,
  trackerPlugin,
  sidebarPlugin,
  commandsPlugin,
  statusBarPlugin
];

export default plugins;
