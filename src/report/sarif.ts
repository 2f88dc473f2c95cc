// The `sarif` format: SARIF 2.1.0 as GitHub code scanning accepts it: one run, one repository-relative location per result.
import type { Finding, Report, RuleEntry } from './model.js';
import { DOCS_BASE } from '../version.js';
import { ruleById } from '../../rules/index.js';
import { NO_TOOL } from '../plan/types.js';
import { secretsNote } from './verdict.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/mcp-errlint/mcp-errlint';
/** GitHub rejects a run with more results than this. */
export const MAX_SARIF_RESULTS = 25_000;


export function formatSarif(report: Report): string {
  const ruleIndex = new Map(report.rules.map((rule, index) => [rule.id, index]));
  const results = report.findings.slice(0, MAX_SARIF_RESULTS).map((finding) => result(finding, report, ruleIndex.get(finding.ruleId)));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: INFORMATION_URI,
            rules: report.rules.map(descriptor),
          },
        },
        automationDetails: { id: 'mcp-errlint/' },
        invocations: [{ executionSuccessful: true, properties: { server: report.server.name, seed: report.settings.seed, protocolVersion: report.server.protocolVersion } }],
        results,
        properties: {
          score: report.score.score,
          grade: report.score.grade,
          skipped: report.skips.length,
          toolsProbed: report.coverage.toolsProbed,
          toolsListed: report.coverage.toolsListed,
          probeKindsRun: report.coverage.probeKindsRun,
        },
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function descriptor(rule: RuleEntry) {
  const helpUri = `${DOCS_BASE}/${rule.id}.md`;
  const properties: Record<string, unknown> = { tags: rule.tags };
  // security-severity (0.1–10): the rules GitHub should rank as security alerts say so in their meta.
  const securitySeverity = ruleById(rule.id)?.meta.securitySeverity;
  if (securitySeverity !== undefined) properties['security-severity'] = securitySeverity;
  return {
    id: rule.id,
    name: rule.id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.description },
    help: { text: `${rule.description} See ${helpUri}`, markdown: `${rule.description}\n\n[Rule documentation](${helpUri})` },
    helpUri,
    defaultConfiguration: { level: rule.level },
    properties,
  };
}

/** Where in the server a finding sits: the tool it called (for tools/call), then the JSON-RPC method it rests on. */
function logicalLocations(finding: Finding, server: string) {
  const method = finding.method ?? 'raw frame';
  const tool = finding.method === 'tools/call' && finding.tool !== NO_TOOL ? [{ name: finding.tool, fullyQualifiedName: `${server}/tools/${finding.tool}`, kind: 'function' }] : [];
  return [...tool, { name: method, fullyQualifiedName: `${server}/${method}`, kind: 'function' }];
}

function result(finding: Finding, report: Report, ruleIndex: number | undefined) {
  const server = report.server.name;
  const cause = report.causes.find((c) => c.findings.includes(finding.fingerprint));
  return {
    ruleId: finding.ruleId,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: finding.severity,
    message: { text: `${finding.message} [tool ${finding.tool}, probe ${finding.probe}]` },
    // Exactly one physical location by construction: a result without one makes GitHub reject the whole upload.
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: report.source.uri },
          region: { startLine: Math.max(1, report.source.line) },
        },
        logicalLocations: logicalLocations(finding, server),
      },
    ],
    partialFingerprints: { primaryLocationLineHash: `${finding.fingerprint}:1` },
    ...(report.baseline ? { baselineState: finding.baselined ? 'unchanged' : 'new' } : {}),
    properties: {
      server,
      tool: finding.tool,
      probe: finding.probe,
      method: finding.method,
      seed: report.settings.seed,
      counterexamplePath: finding.counterexample.path,
      input: finding.counterexample.arguments,
      ...(finding.counterexample.frame !== undefined ? { frame: finding.counterexample.frame } : {}),
      inputLabel: finding.counterexample.label,
      answer: finding.answer,
      request: finding.request,
      response: finding.response,
      occurrences: finding.occurrences,
      reproduce: finding.replay,
      ...(cause ? { cause: { id: cause.id, summary: cause.summary, fix: cause.fix, ...(cause.framework ? { framework: cause.framework } : {}), ...(cause.source ? { source: cause.source } : {}) } } : {}),
      ...(report.server.secretVariables ? { reproduceNote: secretsNote(report), secretVariables: report.server.secretVariables } : {}),
    },
  };
}
