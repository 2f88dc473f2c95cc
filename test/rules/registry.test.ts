// Meta-test: the registry, the rules/ folder, the docs and the tests agree, and every rule's meta is well-formed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, ruleById, ruleDocsPath } from '../../rules/index.js';
import { messageOf } from '../../src/grade/rule.js';
import { fixProblems } from '../helpers/fix.js';

const root = join(import.meta.dirname, '..', '..');
const ruleFiles = readdirSync(join(root, 'rules'))
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''));

describe('rule registry', () => {
  it('lists exactly the rule files, once each, with matching ids', async () => {
    expect(RULES.map((r) => r.meta.id).sort()).toEqual([...ruleFiles].sort());
    for (const id of ruleFiles) {
      const mod = (await import(pathToFileURL(join(root, 'rules', `${id}.ts`)).href)) as { rule: { meta: { id: string } } };
      expect(mod.rule.meta.id).toBe(id);
      expect(ruleById(id)).toBe(mod.rule);
    }
    expect(ruleById('no-such-rule')).toBeUndefined();
  });

  it.each(RULES.map((r) => [r.meta.id, r] as const))('%s has a doc, a test and well-formed meta', (id, rule) => {
    expect(existsSync(join(root, ruleDocsPath(id)))).toBe(true);
    expect(existsSync(join(root, 'test', 'rules', `${id}.test.ts`))).toBe(true);
    expect(readFileSync(join(root, 'rules', `${id}.ts`), 'utf8')).toMatch(/^\/\/ \S/);
    expect(rule.meta.description.length).toBeGreaterThan(20);
    expect(Object.keys(rule.meta.messages).length).toBeGreaterThan(0);
    for (const level of Object.values(rule.meta.severity)) expect(['error', 'warning', 'note', 'off']).toContain(level);
    expect(rule.meta.tags.length).toBeGreaterThan(0);
  });

  it.each(RULES.map((r) => [r.meta.id, r] as const))('%s tells the server author what to change in one sentence, and each message fix of its own differs', (id, rule) => {
    expect(fixProblems(rule.meta.fix), `${id}: "${rule.meta.fix}"`).toEqual([]);
    for (const messageId of Object.keys(rule.meta.messages)) {
      const fix = messageOf(rule.meta, messageId)?.fix;
      if (fix === undefined) continue;
      expect(fixProblems(fix), `${id}/${messageId}: "${fix}"`).toEqual([]);
      expect(fix, `${id}/${messageId} repeats the rule's fix`).not.toBe(rule.meta.fix);
    }
  });

  it('would refuse a fix that is not one imperative sentence of at most 200 characters', () => {
    expect(fixProblems('Log the stack on the server and return a clean message.')).toEqual([]);
    expect(fixProblems('Use "e.g." and (parentheses), or -32602.')).toEqual([]);
    expect(fixProblems('')).toEqual(['empty']);
    expect(fixProblems(`Return ${'a'.repeat(200)}.`)).toEqual(['208 characters, over 200']);
    expect(fixProblems('Log the stack. Return a clean message.')).toEqual(['more than one sentence']);
    expect(fixProblems('Say "Not found." Then stop.')).toEqual(['more than one sentence']);
    expect(fixProblems('The server leaks its stack.')).toEqual(['opens as a description, not an instruction']);
    expect(fixProblems('log the stack')).toEqual(['does not start with a capital', 'does not end with a full stop']);
  });

  it('has the rulebook §4 ids, in catalogue order, with its default severities', () => {
    const severities = RULES.map((r) => [r.meta.id, `${r.meta.severity.recommended}/${r.meta.severity.strict}`]);
    expect(severities).toEqual([
      ['error-channel', 'error/error'],
      ['unknown-tool', 'error/error'],
      ['malformed-request', 'warning/error'],
      ['resource-not-found', 'warning/error'], // issue 19: every surface an agent touches
      ['resource-traversal', 'error/error'],
      ['prompt-contract', 'warning/error'],
      ['request-refusal', 'warning/error'],
      ['jsonrpc-conformance', 'warning/error'],
      ['notification-silence', 'error/error'],
      ['no-error-as-success', 'error/error'],
      ['invalid-input-accepted', 'warning/error'],
      ['no-stack-trace', 'error/error'],
      ['no-internal-details', 'error/error'],
      ['no-secrets', 'error/error'],
      ['error-not-empty', 'error/error'],
      ['error-not-generic', 'warning/error'],
      ['recovery-hint', 'warning/error'],
      ['agent-recovers', 'warning/error'], // rulebook §9: recoverability, measured
      ['retry-after-on-transient', 'warning/error'],
      ['structured-error-metadata', 'note/error'],
      ['customer-message', 'off/warning'],
      ['empty-result-explicit', 'warning/warning'],
      ['error-size-bounded', 'warning/warning'],
      ['output-schema-conformance', 'error/error'],
      ['server-survives', 'error/error'],
      ['timely-response', 'error/error'],
      ['concurrent-calls', 'error/error'],
      ['stdout-clean', 'error/error'],
      // rulebook §3, Over HTTP: as that table says, error in strict
      ['http-origin', 'warning/error'],
      ['http-session', 'warning/error'],
      ['http-status', 'warning/error'],
      ['http-authorization', 'warning/error'], // rulebook §3, Over HTTP: authorization
    ]);
    for (const id of ['no-secrets', 'no-internal-details', 'no-stack-trace', 'http-origin']) expect(ruleById(id)?.meta.tags).toContain('security');
  });

  it('gives every rule with options an object schema that rejects unknown options', () => {
    const withOptions = RULES.filter((r) => r.meta.options !== undefined).map((r) => r.meta.id);
    expect(withOptions).toEqual(['no-internal-details', 'no-secrets', 'error-not-generic', 'error-size-bounded']);
    for (const rule of RULES.filter((r) => r.meta.options !== undefined)) {
      expect(rule.meta.options?.schema).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });
});
