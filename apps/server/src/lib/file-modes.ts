/**
 * The data directory holds the database, its backups' neighbours and the token secret: nobody but
 * the server's user may read them. New files are created owner-only; files made before (or by
 * hand) are reported when their mode lets others in.
 */
import { closeSync, existsSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

/** Creates `file` empty and owner-only if it does not exist; an existing file is left as it is. */
export function createOwnerOnly(file: string): void {
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch (err) {
    // Another process created it first: theirs is as good.
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
}

/** The data directory and every file in it that group or others may read or write, with its mode. */
export function looseModes(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  const paths = [dataDir, ...readdirSync(dataDir).map((name) => join(dataDir, name))];
  return paths.flatMap((path) => {
    try {
      const mode = statSync(path).mode & 0o777;
      return mode & 0o077 ? [`${path} (mode ${mode.toString(8).padStart(3, '0')})`] : [];
    } catch {
      return [];
    }
  });
}
