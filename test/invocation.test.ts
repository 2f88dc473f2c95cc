// Replay commands start the way the linter was started: which prefix each way of starting it gets.
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp.js';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { invocationPrefix } from '../src/report/invocation.js';

describe('invocationPrefix', () => {
  const root = tempDir('errlint-inv-');
  const pkgBin = join(root, 'lib', 'node_modules', 'mcp-errlint', 'bin', 'mcp-errlint.js');
  mkdirSync(join(pkgBin, '..'), { recursive: true });
  writeFileSync(pkgBin, '#!/usr/bin/env node\n');
  chmodSync(pkgBin, 0o755);
  const globalBin = join(root, 'global-bin');
  mkdirSync(globalBin);
  symlinkSync(pkgBin, join(globalBin, 'mcp-errlint'));

  it('an installed bin on PATH: mcp-errlint', () => {
    const env = { PATH: [join(root, 'elsewhere'), globalBin].join(delimiter) };
    expect(invocationPrefix({ script: join(globalBin, 'mcp-errlint'), env, cwd: '/' })).toEqual(['mcp-errlint']);
  });

  it('a bin link that is not the one PATH finds is run by its path', () => {
    expect(invocationPrefix({ script: join(globalBin, 'mcp-errlint'), env: { PATH: '/usr/bin' }, cwd: root })).toEqual(['./global-bin/mcp-errlint']);
  });

  it("npx from its cache, or over a project's local install: npx mcp-errlint", () => {
    const cached = '/home/u/.npm/_npx/0a1b2c/node_modules/.bin/mcp-errlint';
    expect(invocationPrefix({ script: cached, env: { npm_command: 'exec' }, cwd: '/home/u/proj' })).toEqual(['npx', 'mcp-errlint']);
    const local = '/home/u/proj/node_modules/.bin/mcp-errlint';
    expect(invocationPrefix({ script: local, env: { npm_command: 'run-script', PATH: '/home/u/proj/node_modules/.bin' }, cwd: '/home/u/proj' })).toEqual(['npx', 'mcp-errlint']);
    expect(invocationPrefix({ script: local, env: {}, cwd: '/home/u/proj' })).toEqual(['npx', 'mcp-errlint']);
  });

  it('node <path>: relative to the working folder when inside it, absolute otherwise', () => {
    const script = '/work/checkout/bin/mcp-errlint.js';
    expect(invocationPrefix({ script, env: {}, cwd: '/work/checkout' })).toEqual(['node', 'bin/mcp-errlint.js']);
    expect(invocationPrefix({ script, env: {}, cwd: '/tmp' })).toEqual(['node', script]);
    // An npm_command inherited from a parent (npx vitest) does not make a checkout's script an npx run.
    expect(invocationPrefix({ script, env: { npm_command: 'exec' }, cwd: '/work/checkout' })).toEqual(['node', 'bin/mcp-errlint.js']);
  });
});
