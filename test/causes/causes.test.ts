// Causes partition the findings: a framework's mechanism first, then an HTML error page, then one rule and message or one shared answer.
import { describe, expect, it } from 'vitest';
import { answerKey, causesOf } from '../../src/causes/causes.js';
import type { CauseFinding, Framework } from '../../src/causes/cause.js';

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
  answer: 'isError result: "boom at x (a.js:1:2)"',
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
    const causes = partitionOf(['a', 'b', 'c'].map((tool) => finding({ tool, answer: `isError result: "Missing '${tool}x' at assertArgument (src/v.js:${tool.length}:9)"` })));
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ id: 'rule/no-stack-trace/stackTrace', fix: 'fix no-stack-trace/stackTrace', severity: 'error' });
  });

  it('one answer behind several rules is one cause; unrelated answers of other rules stay apart', () => {
    const page = 'JSON-RPC error with code -32603: "Internal error: connect ECONNREFUSED 10.0.0.7:5432 at Pool.connect (pg/lib/pool.js:45:11)"';
    const findings = [
      finding({ tool: 'a', answer: page }),
      finding({ tool: 'a', ruleId: 'no-internal-details', messageId: 'internalHost', severity: 'warning', answer: page }),
      finding({ tool: 'b', ruleId: 'error-channel', messageId: 'internalErrorOnInvalidInput', answer: page.replace('10.0.0.7', '10.0.0.8') }),
      finding({ tool: 'c', ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', answer: 'isError result: "Quota of the month exceeded for this account"' }),
    ];
    const causes = partitionOf(findings);
    expect(causes).toHaveLength(2);
    expect(causes[0].id).toMatch(/^answer\//);
    expect(causes[0].summary).toMatch(/^One answer behind 3 rules \(no-stack-trace, no-internal-details, error-channel\)/);
    expect(causes[0].findings).toHaveLength(3);
    expect(causes[1]).toMatchObject({ id: 'rule/recovery-hint/noHint', severity: 'warning' });
  });

  it('rules join only when their answers are the very same: a rule on many answers does not chain the others to it', () => {
    const answers = ['isError result: "query.split is not a function in search handler"', 'isError result: "Cannot read properties of undefined reading nodes"', 'isError result: "SQLITE datatype mismatch while reading templates"'];
    const causes = partitionOf([
      ...answers.map((answer, i) => finding({ tool: `tool${i}`, ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', answer })),
      finding({ tool: 'tool0', ruleId: 'no-internal-details', messageId: 'exceptionDump', answer: answers[0] }),
      finding({ tool: 'tool2', ruleId: 'agent-recovers', messageId: 'stuck', severity: 'warning', answer: answers[2] }),
    ]);
    expect(causes.map((c) => [c.id, c.findings.length])).toEqual([['rule/no-internal-details/exceptionDump', 1], ['rule/recovery-hint/noHint', 3], ['rule/agent-recovers/stuck', 1]]);
  });

  it('a note shares no cause through its answer: a rule that fires on every error answer does not glue causes together', () => {
    const answer = 'isError result: "Quota of the month exceeded for this account"';
    const causes = partitionOf([
      finding({ tool: 'a', ruleId: 'recovery-hint', messageId: 'noHint', severity: 'warning', answer }),
      finding({ tool: 'a', ruleId: 'structured-error-metadata', messageId: 'missing', severity: 'note', answer }),
      finding({ tool: 'b', ruleId: 'error-size-bounded', messageId: 'echoed', severity: 'warning', answer: 'isError result: "Connection string aaaaaaaaaaaaaaaaaaaa is too long"' }),
      finding({ tool: 'b', ruleId: 'structured-error-metadata', messageId: 'missing', severity: 'note', answer: 'isError result: "Connection string aaaaaaaaaaaaaaaaaaaa is too long"' }),
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
      sight: (run) => (run.findings.some((f) => f.answer.includes('MCP error')) ? { id: 'sdk', name: 'Some SDK', version: '1.x', evidence: 'its message' } : undefined),
      mechanisms: [{ id: 'sdk/invalid-params', explains: (f) => f.answer.includes('MCP error -32602'), summary: 's', fix: 'upgrade', source: 'https://example.invalid/changelog' }],
    };
    const findings = [finding({ ruleId: 'error-channel', messageId: 'a', answer: 'JSON-RPC error with code -32602: "MCP error -32602: Invalid arguments for tool x"' }), finding({})];
    const causes = partitionOf(findings, [sdk]);
    expect(causes.find((c) => c.id.startsWith('sdk/'))).toMatchObject({ id: 'sdk/invalid-params', framework: { name: 'Some SDK', version: '1.x' }, source: 'https://example.invalid/changelog', fix: 'upgrade' });
    expect(causesOf(input(findings), { frameworks: [sdk], fixOf }).frameworks).toEqual([{ id: 'sdk', name: 'Some SDK', version: '1.x', evidence: 'its message' }]);
    // Not sighted: the mechanism never applies, and no framework is named.
    expect(causesOf(input([finding({})]), { frameworks: [sdk], fixOf }).frameworks).toEqual([]);
    expect(partitionOf([finding({ answer: 'isError result: "plain failure of the handler, no framework words"' })], [sdk]).map((c) => c.id)).toEqual(['rule/no-stack-trace/stackTrace']);
  });

  it('answerKey takes out what varies between tools, and gives none for an answer with too little text', () => {
    expect(answerKey({ tool: 'list_orders', answer: `isError result: "Missing required argument 'status' for list_orders (3)"` })).toBe(
      answerKey({ tool: 'lookup_user', answer: `isError result: "Missing required argument 'email' for lookup_user (12)"` }),
    );
    expect(answerKey({ tool: 't', answer: 'isError result: "Error"' })).toBeUndefined();
    expect(answerKey({ tool: 't', answer: 'no answer within the timeout (5000 ms)' })).toBeUndefined();
  });
});
