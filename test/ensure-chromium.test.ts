// `npm test` makes sure of its one browser before it runs (issue 20: it failed where no system Chromium existed): the
// script finds it, refuses a CHROMIUM_PATH that is no executable, and says how to get one when it can install none.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';
import { tempDir } from './helpers/temp.js';

const SCRIPT = join(ROOT, 'scripts', 'ensure-chromium.mjs');
const run = (env: Record<string, string>) => spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', env });

describe('scripts/ensure-chromium.mjs', () => {
  it('is the first step of the README\'s test command', async () => {
    const { scripts } = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.test).toMatch(/^node scripts\/ensure-chromium\.mjs && /);
  });

  it('prints the Chromium it finds on PATH', () => {
    const bin = tempDir('errlint-chromium-');
    writeFileSync(join(bin, 'chromium'), '#!/bin/sh\n');
    chmodSync(join(bin, 'chromium'), 0o755);
    const found = run({ PATH: bin });
    expect(found.status).toBe(0);
    expect(found.stdout.trim()).toBe(join(bin, 'chromium'));
  });

  it('refuses a CHROMIUM_PATH that is not an executable, and says what to do when it finds and can install none', () => {
    const wrong = run({ PATH: '', CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/CHROMIUM_PATH=\/nonexistent\/chromium is not an executable/);
    const none = run({ PATH: tempDir('errlint-empty-path-') });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/needs Chromium .* install it \(Debian: apt-get install chromium\) or set CHROMIUM_PATH/);
  });
});
