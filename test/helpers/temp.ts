// Temp folders for tests: each is made under os.tmpdir() and removed once the tests of the file that made it are done,
// passed or failed (the run's temp check, temp-check.ts, fails the run on anything left).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/**
 * Removes the folders made so far. Registered for every test file by the setup file temp-cleanup.ts (not here, on
 * import: the unit project shares modules between the files of a worker, so this module is imported once per worker,
 * while a setup file runs for each file). Files of a worker run one after the other, so each removes its own.
 */
export function removeTempDirs(): void {
  const errors: unknown[] = [];
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/** A new empty folder named `<prefix>XXXXXX` in the temp folder, removed after this file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
