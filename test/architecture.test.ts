// The flow, checked: no stage imports a later one, every source file belongs to a stage, no import cycles
// (.dependency-cruiser.cjs holds the stages in order; there are no exceptions).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: unknown[]; options: Record<string, unknown> };

async function cruiseTree(): Promise<ICruiseResult> {
  const previous = process.cwd();
  process.chdir(ROOT); // the config's paths are relative to the repository
  try {
    const { output } = await cruise(['src', 'rules', 'probes'], { ...config.options, ruleSet: { forbidden: config.forbidden } } as never);
    return output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
}

const shown = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`;

describe('the import flow', () => {
  it('has no import against the flow, no file outside the stages and no cycle', async () => {
    const result = await cruiseTree();
    expect(result.summary.violations.map(shown)).toEqual([]);
    // Not vacuous: the whole tree was read and its imports resolved (the orchestrator reaches every stage).
    expect(result.summary.totalCruised).toBeGreaterThan(100);
    const lint = result.modules.find((m) => m.source === 'src/lint.ts');
    expect(lint?.dependencies.map((d) => d.resolved)).toEqual(expect.arrayContaining(['src/engine/run.ts', 'src/grade/grade.ts', 'src/report/assemble.ts', 'src/session/session.ts']));
  }, 60_000);
});
