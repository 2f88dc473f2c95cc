// The rule catalogue from meta: messages at another level, options and caps read right, and the README's rule table is the one the meta generates.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../../rules/index.js';
import { catalog, catalogEntry } from '../../src/grade/catalog.js';
import { rulesMarkdown, rulesTable } from '../../src/cli/rules.js';
import type { Rule } from '../../src/grade/rule.js';

const README = join(import.meta.dirname, '..', '..', 'README.md');

/** The README's rule table: what lies between its rules:start and rules:end markers. */
function readmeBlock(): string {
  const match = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(readFileSync(README, 'utf8'));
  expect(match, 'README.md has no <!-- rules:start --> … <!-- rules:end --> block').not.toBeNull();
  return match![1];
}

const meta = (id: string) => ruleById(id)!.meta;

describe('the rule catalogue', () => {
  it('lists the messages whose level differs from the rule, with their level in each profile', () => {
    expect(catalogEntry(meta('unknown-tool')).exceptions).toEqual([
      { messageId: 'toolErrorResult', severity: { recommended: 'note', strict: 'warning' } },
      { messageId: 'wrongCode', severity: { recommended: 'warning', strict: 'warning' } },
      { messageId: 'httpAnswer', severity: { recommended: 'warning', strict: 'warning' } },
      { messageId: 'unnamed', severity: { recommended: 'note', strict: 'note' } },
    ]);
    // A message at the rule's strict level but above its recommended one is an exception in one profile.
    expect(catalogEntry(meta('malformed-request')).exceptions).toEqual([{ messageId: 'success', severity: { recommended: 'error', strict: 'error' } }]);
    expect(catalogEntry(meta('no-stack-trace')).exceptions).toEqual([]);
  });

  it("gives each rule's fix and the messages with a fix of their own, each a message the meta declares", () => {
    expect(catalogEntry(meta('no-stack-trace'))).toMatchObject({ fix: meta('no-stack-trace').fix, messageIds: ['stackTrace'], messageFixes: [] });
    expect(catalogEntry(meta('notification-silence')).messageFixes).toEqual([
      { messageId: 'notAccepted', fix: 'Answer a notification you accept over Streamable HTTP with 202 Accepted and an empty body.' },
    ]);
    for (const entry of catalog()) {
      const messages = ruleById(entry.id)!.meta.messages;
      expect(entry.messageIds).toEqual(Object.keys(messages));
      for (const { messageId } of entry.messageFixes) expect(Object.keys(messages), `${entry.id}: ${messageId}`).toContain(messageId);
      const withFix = Object.values(messages).filter((m) => typeof m === 'object' && m.fix !== undefined);
      expect(entry.messageFixes).toHaveLength(withFix.length);
    }
  });

  it('gives options with their defaults, grade caps and security-severity, and keeps the registry order', () => {
    expect(catalogEntry(meta('error-size-bounded')).options).toEqual([{ name: 'maxBytes', default: 8192, description: 'The largest error text allowed, in UTF-8 bytes.' }]);
    expect(catalogEntry(meta('no-internal-details')).options.map((o) => [o.name, o.default])).toEqual([['extraPatterns', []], ['allowedHosts', []]]);
    expect(catalog().filter((r) => r.capsGrade !== null).map((r) => [r.id, r.capsGrade])).toEqual([['no-secrets', 'D'], ['server-survives', 'D'], ['timely-response', 'D']]);
    expect(catalogEntry(meta('no-secrets')).securitySeverity).toBe('9.0');
    expect(catalogEntry(meta('recovery-hint'))).toMatchObject({ options: [], capsGrade: null, securitySeverity: null, docs: 'docs/rules/recovery-hint.md' });
    expect(catalog().map((r) => r.id)).toEqual(RULES.map((r) => r.meta.id));
  });

  it('prints the exceptions, options and caps under each rule of the table', () => {
    const table = rulesTable(catalog());
    expect(table).toContain('\nunknown-tool ');
    expect(table).toContain('\n  message toolErrorResult: note / warning\n  message wrongCode: warning\n');
    expect(table).toContain('\n  option maxBytes (default 8192): The largest error text allowed, in UTF-8 bytes.\n');
    expect(table).toContain('\n  caps the grade at D when it fails above note\n  security-severity 9.0\n');
  });

  it('writes the exceptions in words in the markdown table', () => {
    const row = rulesMarkdown().split('\n').find((line) => line.startsWith('| [`unknown-tool`]'));
    expect(row).toBe(
      '| [`unknown-tool`](docs/rules/unknown-tool.md) | A tools/call for an unknown tool name is answered with JSON-RPC -32602 whose message names the tool. | error / error | `toolErrorResult`: note / warning; `wrongCode`, `httpAnswer`: warning; `unnamed`: note |',
    );
  });
});

describe("the README's rule table", () => {
  it('is the table the rules generate', () => {
    expect(readmeBlock(), "README.md's rule table differs from the rules' meta: run `npm run docs:rules`").toBe(rulesMarkdown());
  });

  it('would differ after a change to a rule description or a message level', () => {
    const edited = (change: (rule: Rule) => Rule) => rulesMarkdown(catalog(RULES.map((rule) => (rule.meta.id === 'no-secrets' ? change(rule) : rule))));
    expect(edited((rule) => ({ ...rule, meta: { ...rule.meta, description: `${rule.meta.description} (edited)` } }))).not.toBe(readmeBlock());
    expect(edited((rule) => ({ ...rule, meta: { ...rule.meta, messages: { secret: { text: 'x', severity: 'note' } } } }))).not.toBe(readmeBlock());
  });
});
