// The GitHub Action as declared (action.yml), read as text: it leaves the job's Node.js alone unless asked, installs only
// what it runs, its docs name the permissions SARIF upload needs, and a workflow of this repository runs it (issue 20).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');
/** The steps of the composite action, each as its own text. */
const steps = action.slice(action.indexOf('  steps:')).split(/\n {4}- /).slice(1);

describe('action.yml', () => {
  it('sets up Node.js only when node-version is given, and checks the job\'s otherwise', () => {
    const setup = steps.filter((step) => /uses: actions\/setup-node/.test(step));
    expect(setup).toHaveLength(1);
    expect(setup[0]).toMatch(/^if: \$\{\{ inputs\.node-version != '' \}\}/);
    expect(action).toMatch(/ {2}node-version:\n(?: {4}.*\n)*? {4}default: ''\n/);
    expect(steps.some((step) => /process\.versions\.node/.test(step) && /20\.19/.test(step))).toBe(true);
  });

  it('installs its runtime dependencies only, and builds with a compiler kept apart', () => {
    const build = steps.find((step) => /name: Build mcp-errlint/.test(step))!;
    expect(build).toMatch(/npm ci --omit=dev /);
    expect(build).not.toMatch(/npm ci(?! --omit=dev)/);
    expect(build).not.toMatch(/npm run build|npm install (?!--prefix)/);
    expect(build).toMatch(/npm install --prefix "\$tools"/);
    expect(build).toMatch(/tsc" -p tsconfig\.json --typeRoots/);
  });

  it('docs/ci.md names the actions: read permission a private repository needs for SARIF upload', () => {
    expect(readFileSync(join(ROOT, 'docs/ci.md'), 'utf8')).toMatch(/actions: read/);
  });

  it('a workflow of this repository runs the Action on its fixtures', () => {
    const dir = join(ROOT, '.github', 'workflows');
    expect(existsSync(dir)).toBe(true);
    const uses = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).filter((text) => /uses: \.\/\n/.test(text));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses[0]).toMatch(/command: node fixtures\//);
  });
});
