// Validators for produced reports: the JSON report schema, the official SARIF 2.1.0 schema plus GitHub's extra constraints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { interop } from '../../src/util/interop.js';
import { ROOT } from './cli.js';

const Ajv2020 = interop(Ajv2020Module);
const AjvDraft04 = interop(AjvDraft04Module);
const addFormats = interop(addFormatsModule);

const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

const reportAjv = new Ajv2020({ allErrors: true, strict: false });
(addFormats as unknown as (ajv: unknown) => void)(reportAjv);
const reportValidator = reportAjv.compile(readJson('schema/report.schema.json'));

const sarifAjv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }); // the official schema has a pattern that is invalid with the u flag
(addFormats as unknown as (ajv: unknown) => void)(sarifAjv);
const sarifValidator = sarifAjv.compile(readJson('test/data/sarif-2.1.0.schema.json'));

/** Schema errors of a JSON report, as readable lines (empty when valid). */
export function reportSchemaErrors(report: unknown): string[] {
  return reportValidator(report) ? [] : (reportValidator.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Errors of a SARIF log against the official SARIF 2.1.0 schema alone (empty when valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  return sarifValidator(log) ? [] : (sarifValidator.errors ?? []).map((e) => `schema: ${e.instancePath} ${e.message}`);
}

/** Schema errors of a SARIF log plus violations of what GitHub code scanning additionally requires. */
export function sarifProblems(text: string): string[] {
  const log = JSON.parse(text);
  const problems = sarifSchemaErrors(log);
  if (log.runs?.length !== 1) problems.push('github: exactly one run per file');
  const run = log.runs?.[0] ?? {};
  if (run.automationDetails?.id !== 'mcp-errlint/') problems.push('github: automationDetails.id must be "mcp-errlint/"');
  const rules: Array<Record<string, any>> = run.tool?.driver?.rules ?? [];
  const ruleIds = new Set(rules.map((r) => r.id));
  for (const rule of rules) {
    for (const key of ['shortDescription', 'fullDescription', 'help', 'helpUri', 'defaultConfiguration']) if (!(key in rule)) problems.push(`rule ${rule.id}: no ${key}`);
    const security = ['no-secrets', 'no-internal-details', 'no-stack-trace', 'resource-traversal', 'http-origin', 'http-authorization'].includes(rule.id);
    const severity = rule.properties?.['security-severity'];
    if (security !== (severity !== undefined)) problems.push(`rule ${rule.id}: security-severity only (and always) on security rules`);
    if (severity !== undefined && !(Number(severity) >= 0.1 && Number(severity) <= 10)) problems.push(`rule ${rule.id}: security-severity out of range`);
  }
  for (const [i, result] of (run.results ?? []).entries()) {
    const where = `result ${i} (${result.ruleId})`;
    if (!ruleIds.has(result.ruleId)) problems.push(`${where}: rule not described in driver.rules`);
    if ('logicalLocations' in result) problems.push(`${where}: logicalLocations at result level`);
    if (result.locations?.length !== 1) problems.push(`${where}: must have exactly one location`);
    const physical = result.locations?.[0]?.physicalLocation;
    const uri: unknown = physical?.artifactLocation?.uri;
    if (typeof uri !== 'string' || uri === '' || /^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.includes('\\')) problems.push(`${where}: uri must be repository-relative with forward slashes, got ${String(uri)}`);
    if (!(physical?.region?.startLine >= 1)) problems.push(`${where}: region.startLine must be ≥ 1`);
    if (!/^[0-9a-f]+:1$/.test(result.partialFingerprints?.primaryLocationLineHash ?? '')) problems.push(`${where}: primaryLocationLineHash must be <hash>:1`);
    if (result.locations?.[0]?.logicalLocations?.[0]?.kind !== 'function') problems.push(`${where}: the tool belongs in locations[0].logicalLocations`);
  }
  return problems;
}
