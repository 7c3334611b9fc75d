import {
  KernelConnection,
  KernelSpecAPI,
  type KernelSpec,
  ServerConnection,
  SessionAPI,
  type Kernel
} from '@jupyterlab/services';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { IKernelSpecInfo } from '../core';

/** Settings for talking to a Jupyter server from Node (WebSocket from `ws`). */
export function serverSettings(
  url: string,
  token: string | undefined
): ServerConnection.ISettings {
  const baseUrl = url.endsWith('/') ? url : `${url}/`;
  return ServerConnection.makeSettings({
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    token: token ?? '',
    appendToken: true,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    fetch: globalThis.fetch.bind(globalThis),
    Request: globalThis.Request,
    Headers: globalThis.Headers
  });
}

/**
 * The kernelspecs the server (or, with `gateway`, the Enterprise Gateway) offers; the
 * first request, so it also says when the server cannot be used.
 */
export async function kernelSpecs(
  settings: ServerConnection.ISettings,
  gateway = false
): Promise<IKernelSpecInfo[]> {
  let specs: KernelSpec.ISpecModels;
  const where = `${gateway ? 'the gateway' : 'the Jupyter server'} at ${settings.baseUrl}`;
  try {
    specs = await KernelSpecAPI.getSpecs(settings);
  } catch (error) {
    const status = (error as ServerConnection.ResponseError).response?.status;
    if (status === 401 || status === 403) {
      throw new Error(
        `${where} refused the token (${status}); pass the right ${gateway ? '--gateway-token' : '--token'}.`
      );
    }
    throw new Error(
      `Cannot reach ${where}: ${error instanceof Error ? error.message : error}`
    );
  }
  return Object.values(specs.kernelspecs).flatMap(spec =>
    spec ? [{ name: spec.name, language: spec.language }] : []
  );
}

/** A notebook session on a server: its kernel runs in the notebook's folder. */
export interface IKernelSession {
  kernel: Kernel.IKernelConnection;
  /** Shuts the session and its kernel down; safe to call more than once. */
  shutdown(): Promise<void>;
}

/**
 * Starts a fresh kernel in a session beside the notebook at `path` (relative to the
 * server's root) and waits for it. The session path is unique: the server would hand
 * back the kernel of a session already open at the notebook's own path (the user's,
 * in JupyterLab), and shutting that down would kill the user's kernel.
 */
export async function startKernelSession(
  settings: ServerConnection.ISettings,
  path: string,
  kernelName: string,
  readyTimeoutMs = 60_000
): Promise<IKernelSession> {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const unique = `modernizer-check-${randomUUID().slice(0, 8)}-${name}`;
  const model = await SessionAPI.startSession(
    {
      path: `${path.slice(0, slash + 1)}${unique}`,
      name,
      type: 'notebook',
      kernel: { name: kernelName }
    },
    settings
  );
  const kernel = new KernelConnection({
    model: model.kernel!,
    serverSettings: settings
  });
  let done: Promise<void> | undefined;
  const shutdown = () => {
    done ??= SessionAPI.shutdownSession(model.id, settings)
      .catch(() => undefined)
      .finally(() => kernel.dispose());
    return done;
  };
  try {
    await kernelReady(kernel, kernelName, readyTimeoutMs);
  } catch (error) {
    await shutdown();
    throw error;
  }
  return { kernel, shutdown };
}

/** Waits for a kernel's first reply, at most `timeoutMs`. */
export async function kernelReady(
  kernel: Kernel.IKernelConnection,
  kernelName: string,
  timeoutMs: number
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      kernel.info,
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `Kernel "${kernelName}" did not answer within ${timeoutMs / 1000}s.`
              )
            ),
          timeoutMs
        );
      })
    ]);
  } finally {
    clearTimeout(timer);
  }
}
