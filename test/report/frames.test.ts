// A finding on a frame the probe wrote itself (bad JSON, a batch, a malformed tools/call) records that frame, in
// every format that shows an input (issue 28): never a tools/call of the probe's real tool with null arguments.
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { enabledRules } from '../../src/grade/grade.js';
import { settingsOf } from '../../src/lint.js';
import { RULES, ruleById } from '../../rules/index.js';
import { PROBES, probeByKind } from '../../probes/index.js';
import { assembleReport } from '../../src/report/assemble.js';
import { settle } from '../../src/report/gate.js';
import type { Report } from '../../src/report/model.js';
import { render } from '../../src/cli/output.js';
import type { ProbeKind } from '../../src/types.js';
import { NO_TOOL } from '../../src/plan/types.js';
import type { Exchange } from '../../src/exchange.js';
import type { ProbeCase } from '../../src/probe-case.js';
import type { ToolInfo } from '../../src/session/types.js';
import { exchange, session } from '../helpers/exchange.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';

const TOOL: ToolInfo = { name: 'lookup_user', inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } };

/** The probe's own case with this label: the frames are the ones a run sends. */
function caseOf(kind: ProbeKind, label: string): ProbeCase {
  const plan = probeByKind(kind).plan(TOOL, [TOOL]);
  const found = 'enumerated' in plan ? plan.enumerated.find((c) => c.label === label) : undefined;
  if (!found) throw new Error(`${kind} plans no case '${label}'`);
  return found;
}

/** The report of a run whose one exchange, of this case, got -32603 and a finding of `ruleId`. */
function reportOf(ruleId: string, kind: ProbeKind, probeCase: ProbeCase, tool: string): Report {
  return reportFrom(ruleId, { ...exchange({ probe: kind, tool, delivery: probeCase.delivery, args: probeCase.arguments, error: { code: -32603, message: 'Internal error' } }), case: probeCase });
}

/** The report of a run of this one exchange, with a finding of `ruleId` on it. */
function reportFrom(ruleId: string, answered: Exchange): Report {
  const options = { target: { command: 'node', args: ['server.js'] }, seed: 1, replayPrefix: ['mcp-errlint'] };
  const settings = settingsOf(options, 1);
  const rules = enabledRules(RULES, settings.profile);
  const messageId = Object.keys(ruleById(ruleId)!.meta.messages)[0];
  const hit = { ruleId, severity: 'error' as const, messageId, data: {}, exchange: answered };
  return settle(
    assembleReport({
      options,
      settings,
      rules,
      probes: PROBES,
      server: { serverInfo: { name: 's' }, facts: session(), restarts: 0, stderr: '', limits: [] },
      allTools: [TOOL],
      tools: [TOOL],
      run: { exchanges: [{ ...answered, applies: [ruleId] }], hits: [hit], skips: [], sent: 1 },
      clock: { started: 0, probingFrom: 0, tailFrom: 0 },
    }),
  );
}

// Each: the case, and what its counterexample must say it sent (the frames with id 7, as test/helpers/exchange.ts sends).
const FRAMES: Array<[ProbeKind, string, string, { name: string; arguments: unknown; frame: string; method: string | null }]> = [
  ['malformed-request', 'malformed-request', 'tools/call without a name', { name: '', arguments: {}, method: 'tools/call', frame: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{}}}' }],
  ['malformed-request', 'malformed-request', 'tools/call with params an empty array', { name: '', arguments: null, method: 'tools/call', frame: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":[]}' }],
  ['malformed-request', 'malformed-request', "'lookup_user' with arguments a string", { name: 'lookup_user', arguments: 'not an object', method: 'tools/call', frame: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lookup_user","arguments":"not an object"}}' }],
  ['jsonrpc', 'jsonrpc-conformance', 'a line that is not JSON', { name: '', arguments: null, method: null, frame: 'not json at all' }],
  ['jsonrpc', 'jsonrpc-conformance', 'truncated JSON', { name: '', arguments: null, method: null, frame: '{"jsonrpc":"2.0","id":7,"method":"tools/list",' }],
  ['jsonrpc', 'jsonrpc-conformance', 'a batch of one request', { name: '', arguments: null, method: null, frame: '[{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}]' }],
  ['jsonrpc', 'jsonrpc-conformance', 'jsonrpc "1.0"', { name: '', arguments: null, method: 'tools/list', frame: '{"jsonrpc":"1.0","id":7,"method":"tools/list","params":{}}' }],
];

describe.each(FRAMES)('%s: %s case "%s"', (kind, ruleId, label, sent) => {
  const report = reportOf(ruleId, kind, caseOf(kind, label), NO_TOOL);

  it('json: the counterexample is the frame, with the name and arguments it carries; the request is the frame as written', () => {
    const json = JSON.parse(render(report, 'json', false)) as Report;
    expect(reportSchemaErrors(json)).toEqual([]);
    const [finding] = json.findings;
    expect({ ...finding.counterexample, method: finding.method }).toEqual({ ...sent, label, path: '0' });
    expect(finding.request).toBe(sent.frame);
  });

  it('sarif: the frame beside the input it carries', () => {
    const text = render(report, 'sarif', false);
    expect(sarifProblems(text)).toEqual([]);
    const { properties } = JSON.parse(text).runs[0].results[0];
    expect({ frame: properties.frame, input: properties.input, method: properties.method }).toEqual({ frame: sent.frame, input: sent.arguments, method: sent.method });
  });

  it('junit: the failure names the frame as the input', () => {
    const suite = new XMLParser({ ignoreAttributes: false }).parse(render(report, 'junit', false)).testsuites.testsuite;
    const failing = [suite.testcase].flat().find((c: { failure?: unknown }) => c.failure);
    expect(String(failing.failure['#text'])).toContain(`input (${label}): ${sent.frame}\n`);
  });

  it('html: the counterexample shows the frame', () => {
    const escaped = sent.frame.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(render(report, 'html', false)).toContain(`<pre class="arguments"><code>${escaped}</code></pre>`);
  });

  it('stylish: the input line shows the frame', () => {
    expect(render(report, 'stylish', false)).toContain(`input: ${label}  ${sent.frame}\n`);
  });
});

describe('the frame of a counterexample does not depend on when it was sent', () => {
  it('writes our request id as {id}, as the probe wrote it; the request keeps the id it had', () => {
    const probeCase = caseOf('malformed-request', 'tools/call with a numeric name');
    const frame = (id: string) => {
      const answered = exchange({ probe: 'malformed-request', tool: NO_TOOL, delivery: probeCase.delivery, request: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 42, arguments: {} } }, error: { code: -32603, message: 'x' } });
      const [finding] = reportFrom('malformed-request', { ...answered, case: probeCase }).findings;
      return { frame: finding.counterexample.frame, request: finding.request };
    };
    expect(frame('errlint-12')).toEqual({ frame: '{"jsonrpc":"2.0","id":"{id}","method":"tools/call","params":{"name":42,"arguments":{}}}', request: '{"jsonrpc":"2.0","id":"errlint-12","method":"tools/call","params":{"name":42,"arguments":{}}}' });
    expect(frame('errlint-40').frame).toBe(frame('errlint-12').frame);
  });
});

describe('a tools/call the engine made of a case records its name and arguments, no frame', () => {
  const probeCase = caseOf('wrong-type', "'email' as integer");
  const report = reportOf('error-channel', 'wrong-type', probeCase, TOOL.name);

  it('in json, sarif, junit, html and stylish', () => {
    const [finding] = (JSON.parse(render(report, 'json', false)) as Report).findings;
    expect(finding.counterexample).toEqual({ name: 'lookup_user', arguments: { email: 7 }, label: "'email' as integer", path: '0' });
    expect(JSON.parse(render(report, 'sarif', false)).runs[0].results[0].properties).not.toHaveProperty('frame');
    expect(render(report, 'junit', false)).toContain(`input ('email' as integer): {"email":7}`);
    expect(render(report, 'html', false)).toContain(`<pre class="arguments"><code>{\n  &quot;email&quot;: 7\n}</code></pre>`);
    expect(render(report, 'stylish', false)).toContain(`input: 'email' as integer  {"email":7}\n`);
  });
});

// markdown and github show no input at all (a finding's rule, tool, probe, message and replay command).
