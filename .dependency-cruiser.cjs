// The flow of mcp-errlint as dependency-cruiser rules: each stage may import itself and the stages before it, never a
// later one (shared/STYLE.md, "One way through"). test/architecture.test.ts fails on any violation; there are no exceptions.
/** The stages, in the order data flows through them. */
const STAGES = [
  ['core', '^src/(types|exchange|probe-case|errors|version|interrupt|protocol-version|jsonrpc-codes|defaults)\\.ts$|^src/util/'],
  ['matchers', '^src/matchers/'],
  ['target', '^src/target/'],
  ['transport', '^src/transport/'],
  ['session', '^src/session/'],
  ['schema', '^src/schema/'],
  ['diagnose', '^src/diagnose/'],
  ['plan', '^probes/|^src/plan/'],
  ['engine', '^src/engine/'],
  ['grade', '^rules/|^src/grade/'],
  ['repair', '^src/repair/'],
  ['score', '^src/score/'],
  ['causes', '^src/causes/'],
  ['report', '^src/report/'],
  ['config', '^src/config/'],
  ['lint', '^src/lint(-servers)?\\.ts$'],
  ['board', '^src/board/'],
  ['cli', '^src/cli/|^src/index\\.ts$'],
];

const later = (index) => STAGES.slice(index + 1).map(([, path]) => path).join('|');

module.exports = {
  forbidden: [
    ...STAGES.slice(0, -1).map(([name, path], index) => ({
      name: `${name}-imports-a-later-stage`,
      comment: `${name} comes before ${STAGES.slice(index + 1).map(([n]) => n).join(', ')}: it must not import them.`,
      severity: 'error',
      from: { path },
      to: { path: later(index) },
    })),
    {
      name: 'outside-the-stages',
      comment: 'Every source file belongs to a stage (add a new folder to STAGES in its place in the flow).',
      severity: 'error',
      from: { path: '^(src|rules|probes)/', pathNot: STAGES.map(([, path]) => path).join('|') },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other have no order to read them in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(src|rules|probes)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
