// The flow, checked: no stage imports a later one, every source file belongs to a stage, no import cycles
// (.dependency-cruiser.cjs holds the stages in order; there are no exceptions), and the session names no transport and
// keeps its files small; with canaries each check must catch.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp.js';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['src', 'rules', 'probes'];

interface Rule {
  name: string;
  from: { path?: string; pathNot?: string };
  to: { path?: string };
}
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[]; options: Record<string, unknown> };

/** The stages in flow order, read back from the config's "<stage>-imports-a-later-stage" rules (the last stage has none). */
const stageRules = config.forbidden.filter((rule) => rule.name.endsWith('-imports-a-later-stage'));
const everyStage = new RegExp(config.forbidden.find((rule) => rule.name === 'outside-the-stages')!.from.pathNot!);

/** Cruises src, rules and probes under `root` as `depcruise --config .dependency-cruiser.cjs` does: with the config's rules, validated. */
async function cruiseTree(root: string): Promise<ICruiseResult> {
  const previous = process.cwd();
  process.chdir(root); // the config's paths are relative to the repository
  try {
    const { output } = await cruise(FOLDERS, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true } as never);
    return output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
}

const shown = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`;

/** The repository's source files, relative to it ('src/…', 'rules/…', 'probes/…'). */
function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    (readdirSync(join(ROOT, folder), { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(folder, file).split('\\').join('/')),
  ).sort();
}

/** A temporary tree mirroring the repository's paths: each file holds only the imports given for it. */
function canaryTree(imports: Record<string, string[]>): string {
  const root = tempDir('errlint-depcruise-');
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
  for (const folder of FOLDERS) mkdirSync(join(root, folder)); // the check cruises all three
  for (const [file, targets] of Object.entries(imports)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    const lines = targets.map((target, i) => {
      const specifier = relative(dirname(file), target).replace(/\.ts$/, '.js');
      return `import * as m${i} from '${specifier.startsWith('.') ? specifier : `./${specifier}`}';\nexport const use${i} = m${i};`;
    });
    writeFileSync(join(root, file), `${lines.join('\n')}\nexport const here = ${JSON.stringify(file)};\n`);
  }
  return root;
}

const broken = async (imports: Record<string, string[]>) => {
  const result = await cruiseTree(canaryTree(imports));
  expect(result.summary.totalCruised).toBe(Object.keys(imports).length); // every canary file was read
  return result.summary.violations.map(shown).sort();
};

describe('the import flow', () => {
  it('has no import against the flow, no file outside the stages and no cycle', async () => {
    const result = await cruiseTree(ROOT);
    expect(result.summary.violations.map(shown)).toEqual([]);
    expect(result.summary.error).toBe(0);
    // Not vacuous: the whole tree was read and its imports resolved (the orchestrator reaches every stage).
    expect(result.summary.totalCruised).toBe(sourceFiles().length);
    expect(result.summary.ruleSetUsed?.forbidden?.length).toBe(config.forbidden.length);
    const lint = result.modules.find((m) => m.source === 'src/lint.ts');
    expect(lint?.dependencies.map((d) => d.resolved)).toEqual(expect.arrayContaining(['src/engine/run.ts', 'src/grade/grade.ts', 'src/report/assemble.ts', 'src/session/session.ts']));
    // The outside-the-stages rule sees only files that import something: a stray file that imports nothing is caught here.
    expect(sourceFiles().filter((file) => !everyStage.test(file))).toEqual([]);
  }, 60_000);
});

describe('the import check, fed deliberate violations', () => {
  it('reports a transport file that imports the CLI', async () => {
    expect(await broken({ 'src/transport/stdio.ts': ['src/cli/main.ts'], 'src/cli/main.ts': [] })).toEqual([
      'transport-imports-a-later-stage: src/transport/stdio.ts → src/cli/main.ts',
    ]);
  }, 30_000);

  it('reports an import cycle inside a stage', async () => {
    expect(await broken({ 'src/score/score.ts': ['src/score/recovery.ts'], 'src/score/recovery.ts': ['src/score/score.ts'] })).toEqual([
      'no-circular: src/score/recovery.ts → src/score/score.ts (cycle src/score/score.ts → src/score/recovery.ts)',
    ]); // one violation per cycle, reported at one of its edges
  }, 30_000);

  it('reports a file in no stage', async () => {
    expect(await broken({ 'src/stray/helper.ts': ['src/types.ts'], 'src/types.ts': [] })).toEqual(['outside-the-stages: src/stray/helper.ts → src/types.ts']);
  }, 30_000);

  it('reports each stage importing the next one, for every stage in the config', async () => {
    // One real file per stage, in flow order, each importing the next stage's: every link goes against the flow.
    const files = sourceFiles();
    const stagePaths = [...stageRules.map((rule) => rule.from.path!), stageRules.at(-1)!.to.path!]; // the last stage is all the one before it may not import
    const samples = stagePaths.map((path) => {
      const sample = files.find((file) => new RegExp(path).test(file));
      expect(sample, `a file in the stage ${path}`).toBeDefined();
      return sample!;
    });
    const imports = Object.fromEntries(samples.map((file, i) => [file, samples[i + 1] ? [samples[i + 1]] : []]));
    expect(await broken(imports)).toEqual(stageRules.map((rule, i) => `${rule.name}: ${samples[i]} → ${samples[i + 1]}`).sort());
  }, 30_000);
});

/** The most lines a file of src/session may have: one job per file. */
const MAX_SESSION_FILE_LINES = 450;
/** A transport named (stdio, Streamable HTTP, legacy HTTP+SSE), in code or comment: above the wire, none is. */
const TRANSPORT_NAMED = /http|stdio|sse/i;

/** What breaks the session's shape in these files (path → text): a file too long, a line that names a transport. */
function sessionViolations(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const tooLong = lines.length > MAX_SESSION_FILE_LINES ? [`${file}: ${lines.length} lines`] : [];
    return [...tooLong, ...lines.flatMap((line, i) => (TRANSPORT_NAMED.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []))];
  });
}

describe('the session', () => {
  const folder = join(ROOT, 'src', 'session');
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));

  it(`names no transport and has no file over ${MAX_SESSION_FILE_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(1); // split by job, and read
    expect(sessionViolations(Object.fromEntries(files.map((file) => [file, readFileSync(join(folder, file), 'utf8')])))).toEqual([]);
  });

  it('the check catches a long file and a transport named in an import, a branch or a comment', () => {
    const long = `${'x\n'.repeat(MAX_SESSION_FILE_LINES)}y\n`;
    expect(sessionViolations({
      'long.ts': long,
      'ok.ts': `${'x\n'.repeat(MAX_SESSION_FILE_LINES)}`,
      'imports.ts': "import { RecordingHttpTransport } from '../transport/http.js';\n",
      'branch.ts': "if (wire.kind === 'stdio') return;\n",
      'comment.ts': '// legacy SSE streams\n',
    })).toEqual([
      `long.ts: ${MAX_SESSION_FILE_LINES + 1} lines`,
      "imports.ts:1: import { RecordingHttpTransport } from '../transport/http.js';",
      "branch.ts:1: if (wire.kind === 'stdio') return;",
      'comment.ts:1: // legacy SSE streams',
    ]);
  });
});
