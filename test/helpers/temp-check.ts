// The run's temp check (vitest globalSetup, once per run for every project): a run leaves nothing in the temp folder.
//
// The run gets a temp folder of its own, made before any test starts and handed down as TMPDIR: os.tmpdir() in every
// test worker, in every CLI and server a test starts, and in what those start, is that folder. So whatever is in it at
// the end was left by this run (not by another run sharing the machine), whatever its name: the run fails and lists it.
// A process that writes to the system temp folder by a path of its own escapes that folder, so the names containing
// "errlint" in the system temp folder are compared too, before and after the run: a new one also fails the run.
import { mkdtempSync, readdirSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Names in the system temp folder that are ours: every test and the scoreboard name their folders so. */
const OURS = /errlint/i;
/** The temp folders of runs (this one, or another run on the machine at the same time). */
const RUN_FOLDER_PREFIX = 'errlint-test-run-';
/** Time for a process that is ending (a server, a CLI) to remove what it made, once the last test is done. */
const SETTLE_MS = 3000;

const ours = (folder: string): string[] => readdirSync(folder).filter((name) => OURS.test(name));

export default function setup(): () => Promise<void> {
  const systemTemp = tmpdir();
  const before = new Set(ours(systemTemp));
  const runTemp = mkdtempSync(join(systemTemp, RUN_FOLDER_PREFIX));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runTemp;

  return async () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    let left = readdirSync(runTemp);
    for (const until = Date.now() + SETTLE_MS; left.length > 0 && Date.now() < until; left = readdirSync(runTemp)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const appeared = ours(systemTemp).filter((name) => !before.has(name) && !name.startsWith(RUN_FOLDER_PREFIX));
    if (left.length === 0) rmdirSync(runTemp);
    if (left.length === 0 && appeared.length === 0) return;
    const problems = [
      ...(left.length > 0 ? [`${left.length} left in the run's temp folder ${runTemp} (kept for a look):`, ...left.sort().map((name) => `  ${name}`)] : []),
      ...(appeared.length > 0
        ? [`${appeared.length} new in ${systemTemp}, written past TMPDIR (or by another process on this machine meanwhile):`, ...appeared.sort().map((name) => `  ${join(systemTemp, name)}`)]
        : []),
    ];
    process.exitCode = 1;
    throw new Error(`the test run left temp files behind:\n${problems.join('\n')}`);
  };
}
