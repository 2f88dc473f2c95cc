// Rule output-schema-conformance: a success's structuredContent conforms to the tool's outputSchema, and from 2025-06-18 comes with a text fallback.
import type { Exchange } from '../src/exchange.js';
import type { Rule } from '../src/grade/rule.js';
import { ajvFirstError, ajvVerdict } from '../src/schema/validate.js';
import type { ProtocolVersion } from '../src/types.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { isRecord } from '../src/util/guards.js';

/** structuredContent and outputSchema exist from this version on. */
const STRUCTURED_SINCE: ProtocolVersion = '2025-06-18';
/** From this version structuredContent may be any JSON value; before, an object. */
const ANY_VALUE_SINCE: ProtocolVersion = '2026-07-28';

function structuredContentOf(ex: Exchange): unknown {
  return ex.outcome.kind === 'result' ? ex.outcome.result.structuredContent : undefined;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

export const rule: Rule = {
  meta: {
    id: 'output-schema-conformance',
    description: 'A success result of a tool with an outputSchema carries structuredContent that conforms to it; from 2025-06-18 structured content also comes as text.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['protocol', 'schema'],
    fix: "Return structuredContent that validates against the tool's outputSchema, or correct the schema to describe what the tool really returns.",
    messages: {
      missingStructuredContent: {
        text: 'The tool declares an outputSchema but its success result ({label}) has no structuredContent: from {version} a tool with an outputSchema must return conforming structured content.',
        fix: 'Return structuredContent that conforms to the outputSchema in every success result of a tool that declares one, or remove the outputSchema.',
      },
      nonConforming: 'The success result\'s structuredContent ({label}) does not conform to the tool\'s outputSchema: {error}. Clients that validate (the official SDKs do) reject the whole result.',
      nonConformingOnError: {
        text: 'The isError result\'s structuredContent ({label}) does not conform to the tool\'s outputSchema: {error}. The spec is silent, but @modelcontextprotocol/sdk 1.x clients throw on it.',
        severity: 'note',
        fix: "Leave structuredContent off isError results or make it conform to the tool's outputSchema, since @modelcontextprotocol/sdk 1.x clients throw on a mismatch.",
      },
      notAnObject: {
        text: 'The success result\'s structuredContent is {type}; in protocol {version} it must be a JSON object (any JSON value only from 2026-07-28).',
        fix: 'Wrap structuredContent in a JSON object, such as {"result": …}, before protocol 2026-07-28, and declare the outputSchema as an object to match.',
      },
      noTextFallback: {
        text: 'The success result carries structuredContent but no text content: from {version} a tool returning structured content should also return it as text for clients that only read content.',
        fix: 'Also return the structured content as text, such as a text item holding its JSON, for clients that only read content.',
      },
    },
  },

  // Tool calls that answered with a result: successes of tools with an outputSchema or with structured content, and tool errors with structured content.
  appliesTo(r, session) {
    if (!r.toolCall) return false;
    const ex = r.exchange;
    const kind = r.kind;
    const structured = structuredContentOf(ex) !== undefined;
    if (kind === 'tool-error') return structured && ex.outputSchema !== undefined;
    if (kind !== 'success') return false;
    return ex.outputSchema !== undefined || (structured && versionAtLeast(session.protocolVersion, STRUCTURED_SINCE));
  },

  check(r, ctx) {
    const ex = r.exchange;
    const version = ctx.session.protocolVersion;
    const since = versionAtLeast(version, STRUCTURED_SINCE);
    const label = ex.case.label;
    const content = structuredContentOf(ex);
    const schema = ex.outputSchema;

    if (r.kind === 'tool-error') {
      if (schema !== undefined && ajvVerdict(schema, content) === 'invalid') {
        ctx.report({ messageId: 'nonConformingOnError', data: { label, error: ajvFirstError(schema, content) ?? 'rejected by the schema' } });
      }
      return;
    }
    if (content === undefined) {
      // Before 2025-06-18 a client does not know structuredContent: its absence is no defect then.
      if (schema !== undefined && since) ctx.report({ messageId: 'missingStructuredContent', data: { label, version } });
      return;
    }
    if (since && !versionAtLeast(version, ANY_VALUE_SINCE) && !isRecord(content)) ctx.report({ messageId: 'notAnObject', data: { type: describeValue(content), version } });
    if (schema !== undefined && ajvVerdict(schema, content) === 'invalid') {
      ctx.report({ messageId: 'nonConforming', data: { label, error: ajvFirstError(schema, content) ?? 'rejected by the schema' } });
    }
    // A blank text item is still the fallback when the value itself is empty (base64 of "" is ""); blankness is empty-result-explicit's business.
    if (since && r.textItems.length === 0) ctx.report({ messageId: 'noTextFallback', data: { version } });
  },
};
