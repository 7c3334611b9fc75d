import {
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';

const plugin: JupyterFrontEndPlugin<void> = {
  id: 'jupyterlab-modernizer:plugin',
  description: 'Notebook Modernizer',
  autoStart: true,
  activate: (app: JupyterFrontEnd) => {
    console.log('jupyterlab-modernizer activated');
  }
};

export default plugin;
