// Meta-test: every rule doc's "Fails" example fails its rule and its "Passes" example passes, so docs can't drift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, ruleDocsPath } from '../../rules/index.js';
import type { Exchange, Expectation, JsonRpcError, ProbeKind } from '../../src/types.js';
import { grade } from '../helpers/exchange.js';

const root = join(import.meta.dirname, '..', '..');

const EXPECT: Partial<Record<ProbeKind, Expectation>> = {
  'missing-required': 'invalid-input',
  'wrong-type': 'invalid-input',
  'null-values': 'invalid-input',
  'constraint-violations': 'invalid-input',
  'unknown-tool': 'unknown-tool',
  positive: 'valid-input',
};

interface Example {
  exchange: Exchange;
  version: string;
  messageId?: string;
}

/** The example of one "## Fails" / "## Passes" section: probe line, request and response JSON (or an Outcome line). */
function example(doc: string, heading: 'Fails' | 'Passes'): Example {
  const section = doc.split(/\n## /).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`no "## ${heading}" section`);
  const probe = /Probe `([\w-]+)`/.exec(section)?.[1] as ProbeKind;
  const version = /protocol (\d{4}-\d{2}-\d{2})/.exec(section)?.[1] ?? '';
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
  const [request, response] = blocks;
  const params = request.params as { name: string; arguments: unknown };
  let outcome: Exchange['outcome'];
  if (response?.result) outcome = { kind: 'result', result: response.result as Record<string, unknown> };
  else if (response?.error) outcome = { kind: 'error', error: response.error as JsonRpcError };
  else if (/Outcome: timeout/.test(section)) outcome = { kind: 'timeout' };
  else if (/Outcome: closed/.test(section)) outcome = { kind: 'closed', exitCode: 134, signal: null };
  else throw new Error(`"## ${heading}" has no response and no Outcome line`);
  const exchange: Exchange = {
    seq: 1,
    tool: params.name,
    probe,
    case: { name: params.name, arguments: params.arguments, expect: EXPECT[probe] ?? 'any', label: probe },
    path: '0',
    request,
    response,
    outcome,
    elapsedMs: 10,
  };
  return { exchange, version, messageId: /Message ids? `(\w+)`/.exec(section)?.[1] };
}

describe.each(RULES.map((r) => [r.meta.id, r] as const))('docs/rules/%s.md', (id, rule) => {
  const doc = readFileSync(join(root, ruleDocsPath(id)), 'utf8');

  it('has the sections every rule doc has', () => {
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    for (const heading of ['Why it matters', 'Fails', 'Passes', 'Options', 'When not to use it']) expect(doc).toContain(`\n## ${heading}\n`);
  });

  it('its failing example fails', () => {
    const { exchange, version, messageId } = example(doc, 'Fails');
    const { applies, findings } = grade(rule, exchange, { version });
    expect(applies).toBe(true);
    expect(findings.length).toBeGreaterThan(0);
    if (messageId) expect(findings[0].messageId).toBe(messageId);
  });

  it('its passing example passes', () => {
    const { exchange, version } = example(doc, 'Passes');
    expect(grade(rule, exchange, { version })).toEqual({ applies: true, findings: [] });
  });
});
