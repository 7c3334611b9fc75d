/**
 * Playwright configuration of the Notebook Modernizer UI tests: Galata's defaults, the
 * system's Chromium (no browser download), and a JupyterLab started for the suite.
 */
import baseConfig from '@jupyterlab/galata/lib/playwright-config';
import { defineConfig } from '@playwright/test';

const port = process.env.MODERNIZER_UI_PORT ?? '8931';
const venvBin = `${__dirname}/../.venv/bin`;

export default defineConfig({
  ...baseConfig,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  use: {
    ...baseConfig.use,
    baseURL: `http://localhost:${port}`,
    video: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    }
  },
  webServer: {
    command: 'jupyter lab --config jupyter_server_test_config.py --allow-root',
    url: `http://localhost:${port}/lab`,
    env: {
      ...process.env,
      PATH: `${venvBin}:${process.env.PATH}`,
      // A kernelspec that says its language is R, for the unsupported-kernel test.
      JUPYTER_PATH: `${__dirname}/jupyter-data`,
      MODERNIZER_UI_PORT: port
    } as Record<string, string>,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI
  }
});
