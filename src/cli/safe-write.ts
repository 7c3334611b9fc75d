import { randomBytes } from 'node:crypto';
import {
  chmod,
  link,
  readFile,
  rename,
  stat,
  unlink,
  writeFile
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A file the run would have overwritten; it was left as it was. */
export class FileExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} exists already; it was left as it was.`);
    this.name = 'FileExistsError';
  }
}

/**
 * Writes a file whole or not at all: the text goes into a temporary file in the same
 * folder, then takes the file's name in one step, so a reader (or a crash) never sees
 * half of it. Without `replace`, an existing file is never touched (FileExistsError).
 */
export async function writeAtomic(
  path: string,
  text: string | Buffer,
  options: { replace?: boolean } = {}
): Promise<void> {
  const temp = join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
  );
  await writeFile(temp, text, { flag: 'wx' });
  try {
    // A rewritten module keeps its permissions.
    const mode = await stat(path).then(
      s => s.mode & 0o7777,
      () => undefined
    );
    if (options.replace) {
      if (mode !== undefined) {
        await chmod(temp, mode);
      }
      await rename(temp, path);
      return;
    }
    // link() fails when the name is taken, atomically: no window to overwrite in.
    try {
      await link(temp, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        throw new FileExistsError(path);
      }
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') {
        throw error;
      }
      // No hard links here: claim the name with an empty file, then fill it in one step.
      await writeFile(path, '', { flag: 'wx' }).catch((e: unknown) => {
        throw (e as NodeJS.ErrnoException).code === 'EEXIST'
          ? new FileExistsError(path)
          : e;
      });
      await rename(temp, path);
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Writes `NAME.orig` once: an existing one is the true original and stays. */
export async function keepOriginal(path: string): Promise<void> {
  try {
    await writeAtomic(`${path}.orig`, await readFile(path));
  } catch (error) {
    if (!(error instanceof FileExistsError)) {
      throw error;
    }
  }
}
