// The programmatic API: `import { lint } from 'mcp-errlint'` returns the same report object as the json format.
export { lint, DEFAULTS, type LintOptions } from './lint.js';
export { exitCodeFor, gateFailures, settle, EXIT } from './report/gate.js';
export { applyBaseline, baselineOf, readBaseline, writeBaseline, type Baseline, type BaselineEntry } from './report/baseline.js';
export { SessionStartError } from './session/session.js';
export type { ServerTarget, StdioTarget, HttpTarget, HttpTransportKind } from './target/target.js';
export { readClientConfig, type DeclaredServer } from './target/client-config.js';
export { UsageError } from './errors.js';
export { formatJson } from './report/json.js';
export { formatSarif } from './report/sarif.js';
export { formatJunit } from './report/junit.js';
export { formatGithub } from './report/github.js';
export { formatMarkdown } from './report/markdown.js';
export { formatStylish } from './report/stylish.js';
export type { Recovery, RecoveryCount } from './report/model.js';
export type { Report, Finding, Check, Coverage, Defect, GradeCap, SkipEntry, Score, SubScore, Grade, RuleEntry, SourceAnchor, ToolEntry, Counterexample } from './report/model.js';
export type { ProbeKind, Severity, RuleLevel, ProfileName, ProtocolVersion, RepairDecision, RepairRecord, RepairStep, RecoveryCategory } from './types.js';
export { PROBE_KINDS, PROTOCOL_VERSIONS } from './types.js';
export { RULES } from '../rules/index.js';
