// Table tests for customer-message: business and permission errors carry a user-safe message free of internals.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/customer-message.js';
import { exchange, grade } from '../helpers/exchange.js';

const refused = (meta: Record<string, unknown>) =>
  exchange({ probe: 'positive', isError: true, text: 'Refund of $750 exceeds the $500 policy limit.', structuredContent: { isRetryable: false, ...meta } });

describe('customer-message', () => {
  it.each([
    ['business with customerMessage', refused({ errorCategory: 'business', customerMessage: 'Refunds over $500 need approval.' })],
    ['permission with userMessage in _meta', exchange({ probe: 'positive', isError: true, text: 'Forbidden', _meta: { errorCategory: 'forbidden', userMessage: 'You do not have access to this report.' } })],
    ['a JSON-RPC error with customerFriendlyMessage in data', exchange({ probe: 'positive', error: { code: -32000, message: 'Policy', data: { category: 'policy', customerFriendlyMessage: 'This needs a manager.' } } })],
    ['a user message echoing our own input path', exchange({ probe: 'positive', args: { path: '/home/ada/report.pdf' }, isError: true, text: 'x', structuredContent: { errorCategory: 'permission', userMessage: 'You cannot open /home/ada/report.pdf.' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['business without a user message', refused({ errorCategory: 'business' }), 'missing', { category: 'business', categoryWhere: 'structuredContent.errorCategory' }],
    ['permission with a blank user message', refused({ errorCategory: 'permission', userMessage: '  ' }), 'missing', { category: 'permission' }],
    ['a user message with a path', refused({ errorCategory: 'business', customerMessage: 'Policy file /etc/acme/refunds.yaml says no.' }), 'internals', { kind: 'absolute-path', where: 'structuredContent.customerMessage' }],
    ['a user message with a stack frame', refused({ errorCategory: 'business', customerMessage: 'Denied at check (/srv/app/policy.js:10:5)' }), 'internals', { kind: 'javascript stack frame' }],
    ['a user message with a secret', refused({ errorCategory: 'permission', userMessage: 'Token sk_live_4eC39HqLyjWDarjtT1zdp7dc is not allowed' }), 'internals', { kind: 'stripe-key', match: '[REDACTED]' }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  it.each([
    ['a validation error', refused({ errorCategory: 'validation' })],
    ['a transient error', refused({ errorCategory: 'transient' })],
    ['an error with no category', exchange({ probe: 'positive', isError: true, text: 'Policy says no' })],
    ['a success that mentions a policy', exchange({ probe: 'positive', text: 'ok', structuredContent: { category: 'business' } })],
    ['a protocol probe', exchange({ probe: 'malformed-request', error: { code: -32602, message: 'x', data: { category: 'business' } } })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });

  it('reads the server\'s own metadata field names (the top-level metadata setting), as every rule does', () => {
    const ex = exchange({ probe: 'positive', isError: true, text: 'Upgrade needed', structuredContent: { failureClass: 'policy', displayMessage: 'Your plan does not include this.' } });
    expect(grade(rule, ex).applies).toBe(false);
    expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'] } }).findings.map((f) => f.messageId)).toEqual(['missing']);
    expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'], userMessageFields: ['displayMessage'] } })).toEqual({ applies: true, findings: [] });
  });
});
