// Causes partition the findings: a framework's mechanism first, then an HTML error page, then one rule and message or one shared answer.
import { describe, expect, it } from 'vitest';
import { answerKey, causesOf } from '../../src/causes/causes.js';
import type { CauseFinding, Framework } from '../../src/causes/cause.js';

/** A finding's answer as the report shows it, and as the causes stage reads it. */
const toolError = (text: string) => ({ answer: `isError result: "${text}"`, said: { kind: 'tool-error' as const, text } });
const rpcError = (code: number, text: string) => ({ answer: `JSON-RPC error with code ${code}: "${text}"`, said: { kind: 'protocol-error' as const, code, text } });

let seq = 0;
const finding = (over: Partial<CauseFinding>): CauseFinding => ({
  ruleId: 'no-stack-trace',
  messageId: 'stackTrace',
  severity: 'error',
  message: 'The error answer carries a javascript stack trace',
  data: {},
  tool: 'lookup_user',
  probe: 'wrong-type',
  method: 'tools/call',
  ...toolError('boom at x (a.js:1:2)'),
  request: '{}',
  response: '{}',
  fingerprint: String(++seq).padStart(32, '0'),
  ...over,
});

const fixOf = (ruleId: string, messageId: string) => `fix ${ruleId}/${messageId}`;
const input = (findings: CauseFinding[]) => ({ serverInfo: {}, transport: 'stdio', protocolVersion: '2025-11-25', findings });
const partitionOf = (findings: CauseFinding[], frameworks: Framework[] = []) => {
  const { causes } = causesOf(input(findings), { frameworks, fixOf });
  const all = causes.flatMap((c) => c.findings);
  expect(all.sort()).toEqual(findings.map((f) => f.fingerprint).sort());
  return causes;
};

describe('causesOf', () => {
  it('one rule and message on every tool is one cause, its fix the rule\'s', () => {
    const causes = partitionOf(['a', 'b', 'c'].map((tool) => finding({ tool, ...toolError(`Missing '${tool}x' at assertArgument (src/v.js:${tool.length}:9)`) })));
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ id: 'rule/no-stack-trace/stackTrace', fix: 'fix no-stack-trace/stackTrace', severity: 'error' });
  });

  it('one answer behind several rules is one cause; unrelated answers of other rules stay apart', () => {
    const text = 'Internal error: connect ECONNREFUSED 10.0.0.7:5432 at Pool.connect (pg/lib/pool.js:45:11)';
    const page = rpcError(-32603, text);
    const findings = [
      finding({ tool: 'a', ...page }),
      finding({ tool: 'a', ruleId: 'no-internal-details', messageId: 'internalHost', severity: 'warning', ...page }),
      finding({ tool: 'b', ruleId: 'error-channel', messageId: 'internalErrorOnInvalidInput', ...rpcError(-32603, text.replace('10.0.0.7', '10.0.0.8')) }),
      finding({ tool: 'c', ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', ...toolError('Quota of the month exceeded for this account') }),
    ];
    const causes = partitionOf(findings);
    expect(causes).toHaveLength(2);
    expect(causes[0].id).toMatch(/^answer\//);
    expect(causes[0].summary).toMatch(/^One answer behind 3 rules \(no-stack-trace, no-internal-details, error-channel\)/);
    expect(causes[0].findings).toHaveLength(3);
    expect(causes[1]).toMatchObject({ id: 'rule/recovery-hint/noHint', severity: 'warning' });
  });

  it('rules join only when their answers are the very same: a rule on many answers does not chain the others to it', () => {
    const answers = ['query.split is not a function in search handler', 'Cannot read properties of undefined reading nodes', 'SQLITE datatype mismatch while reading templates'].map(toolError);
    const causes = partitionOf([
      ...answers.map((answer, i) => finding({ tool: `tool${i}`, ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', ...answer })),
      finding({ tool: 'tool0', ruleId: 'no-internal-details', messageId: 'exceptionDump', ...answers[0] }),
      finding({ tool: 'tool2', ruleId: 'agent-recovers', messageId: 'stuck', severity: 'warning', ...answers[2] }),
    ]);
    expect(causes.map((c) => [c.id, c.findings.length])).toEqual([['rule/no-internal-details/exceptionDump', 1], ['rule/recovery-hint/noHint', 3], ['rule/agent-recovers/stuck', 1]]);
  });

  it('a note shares no cause through its answer: a rule that fires on every error answer does not glue causes together', () => {
    const answer = toolError('Quota of the month exceeded for this account');
    const causes = partitionOf([
      finding({ tool: 'a', ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', ...answer }),
      finding({ tool: 'a', ruleId: 'structured-error-metadata', messageId: 'missing', severity: 'note', ...answer }),
      finding({ tool: 'b', ruleId: 'error-size-bounded', messageId: 'echoed', severity: 'warning', ...toolError('Connection string aaaaaaaaaaaaaaaaaaaa is too long') }),
      finding({ tool: 'b', ruleId: 'structured-error-metadata', messageId: 'missing', severity: 'note', ...toolError('Connection string aaaaaaaaaaaaaaaaaaaa is too long') }),
    ]);
    expect(causes.map((c) => c.id)).toEqual(['rule/error-size-bounded/echoed', 'rule/recovery-hint/noHint', 'rule/structured-error-metadata/missing']);
  });

  it('an HTML error page is one cause, whatever rules it set off', () => {
    const http = { status: 500, contentType: 'text/html; charset=utf-8', body: 'other' as const, text: '<!DOCTYPE html><pre>Error</pre>' };
    const causes = partitionOf([finding({ http }), finding({ ruleId: 'http-status', messageId: 'x', http, tool: 'b' }), finding({ ruleId: 'error-channel', messageId: 'y', tool: 'c' })]);
    expect(causes.map((c) => [c.id, c.findings.length])).toEqual([['http/html-error-page', 2], ['rule/error-channel/y', 1]]);
  });

  it('a framework the run shows explains its mechanism first, named with its version and source', () => {
    const sdk: Framework = {
      id: 'sdk',
      name: 'Some SDK',
      sight: (run) => (run.findings.some((f) => f.said.text.includes('MCP error')) ? { id: 'sdk', name: 'Some SDK', version: '1.x', evidence: 'its message' } : undefined),
      mechanisms: [{ id: 'sdk/invalid-params', explains: (f) => f.said.code === -32602 && f.said.text.startsWith('MCP error -32602'), summary: 's', fix: 'upgrade', source: 'https://example.invalid/changelog' }],
    };
    const findings = [finding({ ruleId: 'error-channel', messageId: 'a', ...rpcError(-32602, 'MCP error -32602: Invalid arguments for tool x') }), finding({})];
    const causes = partitionOf(findings, [sdk]);
    expect(causes.find((c) => c.id.startsWith('sdk/'))).toMatchObject({ id: 'sdk/invalid-params', framework: { name: 'Some SDK', version: '1.x' }, source: 'https://example.invalid/changelog', fix: 'upgrade' });
    expect(causesOf(input(findings), { frameworks: [sdk], fixOf }).frameworks).toEqual([{ id: 'sdk', name: 'Some SDK', version: '1.x', evidence: 'its message' }]);
    // Not sighted: the mechanism never applies, and no framework is named.
    expect(causesOf(input([finding({})]), { frameworks: [sdk], fixOf }).frameworks).toEqual([]);
    expect(partitionOf([finding({ ...toolError('plain failure of the handler, no framework words') })], [sdk]).map((c) => c.id)).toEqual(['rule/no-stack-trace/stackTrace']);
  });

  it('answerKey takes out what varies between tools, and gives none for an answer with too little text', () => {
    const key = (tool: string, said: CauseFinding['said']) => answerKey({ tool, said });
    expect(key('list_orders', toolError("Missing required argument 'status' for list_orders (3)").said)).toBe(key('lookup_user', toolError("Missing required argument 'email' for lookup_user (12)").said));
    // The key is the answer line's: its kind and code, and the text's start, whitespace collapsed.
    expect(key('t', rpcError(-32602, 'Bad  request:\n field x is missing').said)).toBe('JSON-RPC error with code -32602|bad request: field x is missing');
    expect(key('t', { kind: 'tool-error', text: `Quota exceeded ${'x'.repeat(300)}` })).toBe(`isError result|quota exceeded ${'x'.repeat(105)}`);
    // Cut where the line cuts it (160 characters): a quote that closes past the cut is no quoted value.
    expect(key('t', { kind: 'tool-error', text: `Field '${'q'.repeat(78)}' ${'w'.repeat(70)} 'tail${'t'.repeat(20)}'` })).toBe(`isError result|field ⟨q⟩ ${'w'.repeat(70)} '`);
    expect(key('t', toolError('same words, other kind').said)).not.toBe(key('t', rpcError(-32602, 'same words, other kind').said));
    expect(key('t', { kind: 'http', http: { status: 502, contentType: 'text/plain' }, text: 'Bad gateway: upstream 10.0.0.7 refused' })).toBe('HTTP 502 text/plain|bad gateway: upstream #.# refused');
    expect(key('t', toolError('Error').said)).toBeUndefined();
    expect(key('t', { kind: 'timeout', text: '' })).toBeUndefined();
  });
});
