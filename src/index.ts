import type { JupyterFrontEndPlugin } from '@jupyterlab/application';
import { commandsPlugin } from './jupyterlab/plugins/commands';
import { sidebarPlugin } from './jupyterlab/plugins/sidebar';
import { statusBarPlugin } from './jupyterlab/plugins/status-bar';
import { trackerPlugin } from './jupyterlab/plugins/tracker';

export { IModernizerTracker } from './jupyterlab/tokens';

const plugins: JupyterFrontEndPlugin<any>[] = [
  trackerPlugin,
  sidebarPlugin,
  commandsPlugin,
  statusBarPlugin
];

export default plugins;
