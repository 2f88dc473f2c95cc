// The package as published: `npm pack` on a clean copy of the checkout, installed without network into an empty folder, runs and lints.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Nothing here may reach a registry: --offline, and a registry address where nothing listens, so a request fails instead.
const OFFLINE_ENV = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1' };

// A user's shell: none of the npm_* variables that `npm test` hands down (npm_command would mean "started by npm").
const USER_ENV = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_'))), NO_COLOR: '1' };

function npm(args: string[], cwd: string): string {
  return execFileSync(NPM, args, { cwd, env: OFFLINE_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

/** A clean clone of this checkout: tracked and untracked-but-not-ignored files (so no dist/), with node_modules linked in to build. */
function cleanCopy(into: string): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (file === 'node_modules' || file.startsWith('node_modules/') || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(ROOT, file), join(into, file));
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(into, 'node_modules'));
  return into;
}

/**
 * An empty project that depends on the tarball, with a lockfile holding this checkout's own locked runtime dependencies:
 * `npm ci --offline` then takes every tarball from the npm cache that `npm ci` filled, and asks no registry for anything.
 */
function emptyProject(dir: string, tarball: string): void {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies: { 'mcp-errlint': spec } },
    'node_modules/mcp-errlint': { version: pkg.version, resolved: spec, dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines, license: pkg.license },
  };
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean; version: string; resolved?: string }>)) {
    if (!path.startsWith('node_modules/') || entry.dev) continue;
    // An entry without its tarball's address would make npm ask the registry for it; the cache knows it by this one.
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = { resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`, ...entry };
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, dependencies: { 'mcp-errlint': spec } }, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2));
}

describe('the packed package', () => {
  it('packs from a clean clone, installs offline into an empty folder, and runs --help and a lint', () => {
    const work = tempDir('errlint-pack-');
    const clone = cleanCopy(join(work, 'clone'));
    expect(existsSync(join(clone, 'dist'))).toBe(false);

    // prepack builds dist/ in the clone; --json says which files the tarball holds.
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], clone)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const shipped = packed.files.map((f) => f.path);
    for (const file of ['LICENSE', 'README.md', 'package.json', 'bin/mcp-errlint.js', 'dist/src/cli/main.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'schema/report.schema.json']) {
      expect(shipped, file).toContain(file);
    }
    expect(shipped.filter((f) => /^(test|fixtures|corpus|src)\//.test(f) || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    // The rule docs and the schemas ship; the generated corpus boards, the calibration read and the screenshots do not (issue 20).
    const rules = readdirSync(join(clone, 'docs', 'rules')).filter((f) => f.endsWith('.md'));
    expect(rules.length).toBeGreaterThan(20);
    for (const doc of rules) expect(shipped, doc).toContain(`docs/rules/${doc}`);
    for (const schema of ['board.schema.json', 'mcp-errlint.config.schema.json', 'report.schema.json']) expect(shipped).toContain(`schema/${schema}`);
    expect(shipped.filter((f) => /^docs\/(?:corpus-scoreboard|calibration|images\/|performance)/.test(f))).toEqual([]);
    // Where its links lead: the repository, its home page and its issues.
    const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8'));
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\/github\.com\//);
    expect(typeof manifest.homepage).toBe('string');
    expect(manifest.bugs?.url).toMatch(/\/issues$/);

    const app = join(work, 'app');
    mkdirSync(app);
    emptyProject(app, join(work, packed.filename));
    npm(['ci', '--offline', '--ignore-scripts'], app);
    expect(readdirSync(join(app, 'node_modules'))).toContain('mcp-errlint');

    const bin = join(app, 'node_modules', '.bin', 'mcp-errlint');
    const help = spawnSync(bin, ['--help'], { cwd: app, encoding: 'utf8', env: USER_ENV });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit codes');

    const well = spawnSync(bin, ['--seed', '1', '--runs', '1', '--timeout', '2000', '--deadline', '30s', '--', process.execPath, join(ROOT, 'fixtures/well-behaved.mjs')], { cwd: app, encoding: 'utf8', env: USER_ENV });
    expect(well.stderr).not.toMatch(/internal error|ERR_MODULE_NOT_FOUND/);
    expect(well.status).toBe(0);
    expect(well.stdout).toMatch(/Grade A\+/);

    // The installed bin on PATH prints replays that start with `mcp-errlint`; run by its path inside node_modules, `npx mcp-errlint`.
    const defect = ['--seed', '1', '--runs', '1', '--probe', 'missing-required', '-f', 'json', '--', process.execPath, join(ROOT, 'fixtures/stack-trace.mjs')];
    const viaPath = spawnSync('mcp-errlint', defect, { cwd: app, encoding: 'utf8', env: { ...USER_ENV, PATH: [join(app, 'node_modules', '.bin'), process.env.PATH].join(delimiter) } });
    expect(viaPath.status).toBe(1);
    expect(JSON.parse(viaPath.stdout).findings[0].replay).toMatch(/^mcp-errlint --seed 1 /);
    const byPath = spawnSync(bin, defect, { cwd: app, encoding: 'utf8', env: USER_ENV });
    expect(JSON.parse(byPath.stdout).findings[0].replay).toMatch(/^npx mcp-errlint --seed 1 /);
  });
});
