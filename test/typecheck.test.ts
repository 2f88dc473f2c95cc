// The tests are type-checked (issue 29): vitest strips types without checking them, so `npm test` runs tsc over test/
// through tsconfig.test.json before the suite; this guards that step and what it covers, not tsc itself.
import { describe, expect, it } from 'vitest';

describe('the type check of the tests', () => {
  it('is a step of the README\'s test command, after the build and before vitest', async () => {
    const { scripts } = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.typecheck).toBe('tsc -p tsconfig.test.json');
    expect(scripts.test).toMatch(/&& npm run build && npm run typecheck && vitest run$/);
  });

  it('covers the sources and every test file, and writes nothing', async () => {
    const config = (await import('../tsconfig.test.json', { with: { type: 'json' } })).default as { extends: string; compilerOptions: { noEmit?: boolean }; include: string[] };
    expect(config.extends).toBe('./tsconfig.json');
    expect(config.compilerOptions.noEmit).toBe(true);
    expect(config.include).toEqual(expect.arrayContaining(['src/**/*.ts', 'rules/**/*.ts', 'probes/**/*.ts', 'test/**/*.ts']));
  });
});
