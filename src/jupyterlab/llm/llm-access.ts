import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';
import { LLMFixer, type ILLMClient, type LLMFixEvent } from '../../core';
import { createProxyClient } from './proxy-client';

/** What the server says about its LLM: never the key, nor the upstream's address. */
export interface ILLMStatus {
  configured: boolean;
  /** The models the server offers; empty for whatever the endpoint lists. */
  models: string[];
}

/** The LLM settings (schema/llm.json), current at each use. */
export interface ILLMSettings {
  /** Empty: the first model the server offers. */
  model: string;
  temperature: number;
  /** Prompt and completion tokens one Modernize run may spend. */
  tokenBudget: number;
  /** Runtime-reduction may sample data or train for fewer epochs. */
  allowApproximations: boolean;
  /** A fix may install a missing package (always reviewed). */
  allowInstalls: boolean;
  /** What the model sees: the cell's dependencies, or every cell. */
  granularity: 'cell' | 'notebook';
}

/**
 * The LLM as the browser reaches it: through the Jupyter server's proxy, which holds the
 * key. Tells whether one is configured, and makes the fixer a Modernize run adds after
 * the migration rules.
 */
export class LLMAccess {
  constructor(options: LLMAccess.IOptions) {
    this._serverSettings = options.serverSettings;
    this._settings = options.settings;
  }

  /** The server's LLM status, asked once per page (null when the server cannot say). */
  status(): Promise<ILLMStatus | null> {
    return (this._status ??= Private.fetchStatus(this._serverSettings));
  }

  /**
   * A fixer for one Modernize run, or null without an LLM. Throws when the server has one
   * but it names no model (the message says what to set).
   */
  async fixer(
    onEvent?: (event: LLMFixEvent, model: string) => void
  ): Promise<LLMFixer | null> {
    const status = await this.status();
    if (!status?.configured) {
      return null;
    }
    const settings = this._settings();
    const client = (this._client ??= createProxyClient(this._serverSettings));
    const model =
      settings.model || status.models[0] || (await client.models())[0];
    if (!model) {
      throw new Error(
        'The LLM endpoint lists no model: set one in Settings › Notebook Modernizer LLM.'
      );
    }
    return new LLMFixer({
      client,
      model,
      temperature: settings.temperature,
      tokenBudget: settings.tokenBudget,
      allowApproximations: settings.allowApproximations,
      allowInstalls: settings.allowInstalls,
      granularity: settings.granularity,
      onEvent: onEvent && (event => onEvent(event, model))
    });
  }

  private _serverSettings: ServerConnection.ISettings;
  private _settings: () => ILLMSettings;
  private _status: Promise<ILLMStatus | null> | null = null;
  private _client: ILLMClient | null = null;
}

/** Options of {@link LLMAccess}. */
export namespace LLMAccess {
  export interface IOptions {
    serverSettings: ServerConnection.ISettings;
    settings: () => ILLMSettings;
  }
}

namespace Private {
  export async function fetchStatus(
    settings: ServerConnection.ISettings
  ): Promise<ILLMStatus | null> {
    const url = URLExt.join(settings.baseUrl, 'modernizer', 'status');
    try {
      const response = await ServerConnection.makeRequest(url, {}, settings);
      if (!response.ok) {
        return null;
      }
      const body = await response.json();
      return {
        configured: !!body?.llm?.configured,
        models: Array.isArray(body?.llm?.models) ? body.llm.models : []
      };
    } catch {
      return null;
    }
  }
}
