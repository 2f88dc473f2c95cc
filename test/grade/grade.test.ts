// The grade stage's own decisions: rule options resolved once (defaults, schema), and the severity of each message
// by profile, by its own declaration, and under a level the user set.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { enabledRules, fixOf, RULE_FAILED, severityOf } from '../../src/grade/grade.js';
import { messageOf, type Rule } from '../../src/grade/rule.js';
import { RULES, ruleById } from '../../rules/index.js';
import { fixProblems } from '../helpers/fix.js';

const rule: Rule<{ maxBytes: number }> = {
  meta: {
    id: 'test-rule',
    description: 'A rule for these tests, with every kind of message severity.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['test'],
    fix: 'Change nothing: this rule exists for these tests.',
    messages: {
      plain: 'at the rule level',
      byProfile: { text: 'a note, a warning in strict', severity: { recommended: 'note', strict: 'warning' } },
      fixedLow: { text: 'always a note', severity: 'note' },
      fixedHigh: { text: 'always an error', severity: 'error' },
    },
    options: { schema: { type: 'object', additionalProperties: false, properties: { maxBytes: { type: 'integer', minimum: 1 } } }, defaults: { maxBytes: 8192 } },
  },
  appliesTo: () => true,
  check: () => {},
};

describe('enabledRules', () => {
  it('fills the defaults of a rule\'s options, and the user\'s win', () => {
    expect(enabledRules([rule], 'recommended')[0].options).toEqual({ maxBytes: 8192 });
    expect(enabledRules([rule], 'recommended', {}, { 'test-rule': { maxBytes: 10 } })[0].options).toEqual({ maxBytes: 10 });
  });

  it('refuses options that break the rule\'s schema, with the path and what was expected', () => {
    expect(() => enabledRules([rule], 'recommended', {}, { 'test-rule': { maxBytes: 'big' } })).toThrow(UsageError);
    expect(() => enabledRules([rule], 'recommended', {}, { 'test-rule': { maxByte: 1 } })).toThrow(/maxByte: unknown key 'maxByte' \(did you mean 'maxBytes'\?\)/);
    expect(() => enabledRules(RULES, 'recommended', {}, { 'no-stack-trace': { languages: ['js'] } })).toThrow(/rule 'no-stack-trace' takes no options/);
  });

  it('drops a rule set off, and marks a level the user set as explicit', () => {
    expect(enabledRules([rule], 'recommended', { 'test-rule': 'off' })).toEqual([]);
    expect(enabledRules([rule], 'strict').map((r) => [r.level, r.explicit])).toEqual([['error', false]]);
    expect(enabledRules([rule], 'strict', { 'test-rule': 'warning' }).map((r) => [r.level, r.explicit])).toEqual([['warning', true]]);
  });
});

describe('severityOf', () => {
  const severities = (profile: 'recommended' | 'strict', level?: 'note' | 'warning' | 'error') => {
    const [enabled] = enabledRules([rule], profile, level ? { 'test-rule': level } : {});
    return Object.fromEntries(Object.keys(rule.meta.messages).map((id) => [id, severityOf(enabled, id, profile)]));
  };

  it('follows each message\'s declaration in each profile while the user sets no level', () => {
    expect(severities('recommended')).toEqual({ plain: 'warning', byProfile: 'note', fixedLow: 'note', fixedHigh: 'error' });
    expect(severities('strict')).toEqual({ plain: 'error', byProfile: 'warning', fixedLow: 'note', fixedHigh: 'error' });
  });

  it('puts every message that follows the rule or the profile at a level the user sets, "error" included', () => {
    expect(severities('recommended', 'error')).toEqual({ plain: 'error', byProfile: 'error', fixedLow: 'note', fixedHigh: 'error' });
  });

  it('keeps a fixed lower severity (a flaky timeout stays a note) and caps a fixed higher one at the user\'s level', () => {
    expect(severities('recommended', 'warning')).toEqual({ plain: 'warning', byProfile: 'warning', fixedLow: 'note', fixedHigh: 'warning' });
    expect(severities('strict', 'note')).toEqual({ plain: 'note', byProfile: 'note', fixedLow: 'note', fixedHigh: 'note' });
  });

  it('grades a rule that threw at the rule\'s level', () => {
    const [enabled] = enabledRules([rule], 'recommended');
    expect(severityOf(enabled, 'ruleFailed', 'recommended')).toBe('warning');
  });
});

describe('fixOf', () => {
  const meta = (id: string) => ruleById(id)!.meta;

  it("gives a message's own fix where it has one, and the rule's fix for every other message", () => {
    const channel = meta('error-channel');
    expect(fixOf('error-channel', 'internalErrorOnInvalidInput')).toBe(messageOf(channel, 'internalErrorOnInvalidInput')!.fix);
    expect(fixOf('error-channel', 'internalErrorOnInvalidInput')).not.toBe(channel.fix);
    expect(fixOf('error-channel', 'internalErrorOnToolFailure')).toBe(channel.fix);
    expect(fixOf('no-stack-trace', 'stackTrace')).toBe(meta('no-stack-trace').fix);
    // A message id the meta does not declare (a report of an older version) still gets its rule's fix.
    expect(fixOf('no-stack-trace', 'noSuchMessage')).toBe(meta('no-stack-trace').fix);
  });

  it('answers every message of every rule with a fix, its own or its rule\'s', () => {
    for (const rule of RULES) {
      for (const messageId of Object.keys(rule.meta.messages)) {
        expect(fixOf(rule.meta.id, messageId)).toBe(messageOf(rule.meta, messageId)?.fix ?? rule.meta.fix);
      }
    }
  });

  it("gives a rule that threw no advice of the rule's: the answer goes to mcp-errlint", () => {
    expect(fixOf('no-stack-trace', RULE_FAILED)).not.toBe(meta('no-stack-trace').fix);
    expect(fixOf('no-stack-trace', RULE_FAILED)).toMatch(/mcp-errlint/);
    expect(fixProblems(fixOf('no-stack-trace', RULE_FAILED))).toEqual([]);
  });

  it('refuses a rule id the registry does not know', () => {
    expect(() => fixOf('no-such-rule', 'x')).toThrow(/no rule 'no-such-rule'/);
  });
});
