import { hostname } from 'node:os';
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FileExistsError, writeAtomic } from './safe-write';

/** The lock file a run holds in a folder it writes into. */
export const LOCK_NAME = '.jupyterlab-modernizer.lock';

/** Another run holds the folder; this one must not write there. */
export class LockBusyError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number
  ) {
    super(
      `another jupyterlab-modernizer run (pid ${pid}) is writing in ${folder}; ` +
        `wait for it to finish (if it is gone, remove ${join(folder, LOCK_NAME)}).`
    );
    this.name = 'LockBusyError';
  }
}

/**
 * Takes the lock of each folder, or none: a run that finds one held by a live process
 * refuses (LockBusyError) rather than race it. A lock left by a process that died is
 * taken over. Resolves to the function that releases them.
 */
export async function lockFolders(
  folders: string[]
): Promise<() => Promise<void>> {
  const held: string[] = [];
  const release = async () => {
    for (const path of held.splice(0)) {
      await unlink(path).catch(() => undefined);
    }
  };
  try {
    for (const folder of new Set(folders)) {
      held.push(await Private.lock(folder));
    }
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}

namespace Private {
  export async function lock(folder: string): Promise<string> {
    const path = join(folder, LOCK_NAME);
    const mine = JSON.stringify({ pid: process.pid, host: hostname() });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await writeAtomic(path, `${mine}\n`);
        return path;
      } catch (error) {
        if (!(error instanceof FileExistsError)) {
          throw error;
        }
      }
      const owner = await ownerOf(path);
      if (owner && alive(owner)) {
        throw new LockBusyError(folder, owner.pid);
      }
      // Its process is gone: the lock is stale.
      await unlink(path).catch(() => undefined);
    }
    throw new LockBusyError(folder, (await ownerOf(path))?.pid ?? 0);
  }

  /** Who holds a lock; undefined when it cannot be read (taken as stale). */
  async function ownerOf(
    path: string
  ): Promise<{ pid: number; host: string } | undefined> {
    try {
      const owner = JSON.parse(await readFile(path, 'utf8'));
      return Number.isInteger(owner.pid) ? owner : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether the process is alive; one on another machine is taken to be. */
  function alive(owner: { pid: number; host: string }): boolean {
    if (owner.host !== hostname()) {
      return true;
    }
    try {
      process.kill(owner.pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
}
