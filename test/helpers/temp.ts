// Temp folders for tests: each is made under os.tmpdir() and removed once the tests of the file that made it are done,
// passed or failed (the run's temp check, temp-check.ts, fails the run on anything left).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Registered on the file being collected when it first imports this module: each test file runs in a module graph of
// its own (vitest's default isolation), so each file removes its own folders after its last test.
afterAll(() => {
  const errors: unknown[] = [];
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
});

/** A new empty folder named `<prefix>XXXXXX` in the temp folder, removed after this file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
