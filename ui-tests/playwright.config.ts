/**
 * Playwright configuration of the Notebook Modernizer UI tests: Galata's defaults, the
 * system's Chromium (no browser download), and a JupyterLab started for the suite; the
 * `llm` project's specs run against a second one whose LLM is the OpenAI-compatible stub.
 */
import baseConfig from '@jupyterlab/galata/lib/playwright-config';
import { defineConfig } from '@playwright/test';
import { LLM_KEY } from './tests/llm-stub';

const port = process.env.MODERNIZER_UI_PORT ?? '8931';
const llmPort = String(Number(port) + 1);
const stubPort = String(Number(port) + 11);
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
  projects: [
    { name: 'offline', testIgnore: /llm-.*\.spec\.ts/ },
    {
      // A second JupyterLab whose server has an LLM: the OpenAI-compatible stub.
      name: 'llm',
      testMatch: /llm-.*\.spec\.ts/,
      use: { baseURL: `http://localhost:${llmPort}` }
    }
  ],
  webServer: [
    labServer(port),
    {
      command: `python ../tests/llm_stub.py --port ${stubPort} --key ${LLM_KEY}`,
      url: `http://127.0.0.1:${stubPort}/_stub/requests`,
      env: { ...process.env, PATH: `${venvBin}:${process.env.PATH}` } as Record<
        string,
        string
      >,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI
    },
    labServer(llmPort, {
      OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}/v1`,
      OPENAI_API_KEY: LLM_KEY
    })
  ]
});

/** A JupyterLab for the tests on `port`, with `env` added to its environment. */
function labServer(port: string, env: Record<string, string> = {}) {
  return {
    command: 'jupyter lab --config jupyter_server_test_config.py --allow-root',
    url: `http://localhost:${port}/lab`,
    env: {
      ...process.env,
      PATH: `${venvBin}:${process.env.PATH}`,
      // A kernelspec that says its language is R, for the unsupported-kernel test.
      JUPYTER_PATH: `${__dirname}/jupyter-data`,
      MODERNIZER_UI_PORT: port,
      ...env
    } as Record<string, string>,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI
  };
}
