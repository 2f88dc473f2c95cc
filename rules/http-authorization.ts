// Rule http-authorization: over HTTP, a server that needs a token refuses a request without one, or with a malformed or
// wrong one, with 401 and a Bearer challenge (400 for a malformed header), tells a client where to get a token (RFC 9728
// metadata), answers in JSON, and never serves a bad token while it refuses none; a 403 for scope names the scope.
import type { Rule, RuleContext } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import { bearerChallenge } from '../src/matchers/bearer.js';
import { snippet } from '../src/matchers/surface.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { isRecord } from '../src/util/guards.js';

/** Words of a JSON-RPC error (on HTTP 200) that refuses for want of authorization. */
const AUTH_WORDS = /unauthori[sz]ed|unauthenticated|authenticat|authori[sz]ation|forbidden|token|credential/i;

/** Served: a result, or (legacy HTTP+SSE, whose answers come on the stream) a 2xx with no refusal. */
const served = (r: Reading) => r.kind === 'success' || r.kind === 'tool-error' || (r.kind === 'http' && r.exchange.http!.status < 300);
/** The answer's body is text a client cannot read as JSON (an HTML page, plain text); empty bodies are fine. */
const notJson = (body: string) => body.trim() !== '' && !(() => { try { return isRecord(JSON.parse(body)); } catch { return false; } })();
const comparable = (url: string) => url.replace(/#.*$/, '').replace(/\/$/, '');

export const rule: Rule = {
  meta: {
    id: 'http-authorization',
    description: 'Over HTTP, a request without a valid token gets 401 with a Bearer challenge and discoverable OAuth metadata, in JSON; a wrong or malformed token is never served where none is refused.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['security', 'http'],
    securitySeverity: '8.0',
    fix: 'Check the token of every request and refuse a missing or invalid one with HTTP 401 and a WWW-Authenticate: Bearer challenge naming your protected-resource metadata.',
    messages: {
      badTokenServed: {
        text: '{label} was served ({answer}) although the same request without a token got HTTP {control}: the server does not check the token it is given.',
        severity: 'error',
        fix: 'Validate every token you are given (signature or introspection, audience, expiry) and refuse a wrong or malformed one with HTTP 401, as you refuse a request without one.',
      },
      tokenNotNeeded: {
        text: '{label} was served ({answer}): the Authorization header given is not needed; if this server is meant to be protected, it does not enforce authorization.',
        severity: 'note',
        fix: 'Require a valid token on every request, tools/list included, if this server is meant to be protected; if it is public, lint it without the Authorization header.',
      },
      wrongStatus: {
        text: '{label} was refused with {answer}; the authorization spec of {version} asks for HTTP {expected}.',
        fix: 'Answer authorization failures with the status the spec names: 401 for a missing or invalid token, 400 or 401 for a malformed header, 403 for insufficient scope.',
      },
      noChallenge: {
        text: '{label} got HTTP 401 without a Bearer challenge (WWW-Authenticate: {challenge}): a client cannot tell how to authorize.',
        fix: 'Send WWW-Authenticate: Bearer with every 401, with resource_metadata="<URL of your protected-resource metadata>" from protocol 2025-06-18 on.',
      },
      noInvalidToken: {
        text: '{label} got HTTP 401 whose Bearer challenge names error "{error}", not "invalid_token" (RFC 6750 §3.1): a client cannot tell a bad token from a missing one.',
        severity: { recommended: 'note', strict: 'warning' },
        fix: 'Put error="invalid_token" in the Bearer challenge of the 401 for a wrong, expired or malformed token (RFC 6750 §3.1).',
      },
      notJson: {
        text: '{label} was refused with {answer}, a body that is no JSON: a client expects an OAuth error ({"error": "invalid_token"}) or a JSON-RPC error.',
        fix: 'Refuse with a JSON body, an OAuth error such as {"error":"invalid_token"} or a JSON-RPC error, instead of an HTML page.',
      },
      noDiscovery: {
        text: 'The 401 without a token names no protected-resource metadata a client can read, and none is served at the well-known URIs ({asked}): a client cannot find where to get a token.',
        fix: "Serve RFC 9728 protected-resource metadata at /.well-known/oauth-protected-resource (plus your MCP path), or name its URL in the 401's resource_metadata.",
      },
      metadataInvalid: {
        text: 'The protected-resource metadata at {path} {problem} (RFC 9728; MCP authorization).',
        fix: "Make your protected-resource metadata name this server's URL as its resource and list at least one authorization server in authorization_servers (RFC 9728).",
      },
      scopeNotNamed: {
        text: 'HTTP 403 with a Bearer challenge ({challenge}) lacks {missing}: name error="insufficient_scope" and the scope= the request needs, so a client can ask for it.',
        fix: 'Put error="insufficient_scope" and scope="<the scopes the request needs>" in the Bearer challenge of every 403, so a client can ask for them.',
      },
    },
  },

  appliesTo(r) {
    const ex = r.exchange;
    if (ex.probe === 'auth') return ex.case.auth !== undefined && ex.http !== undefined && ex.outcome.kind !== 'timeout' && ex.outcome.kind !== 'closed';
    // Insufficient scope cannot be probed without a lesser token: graded wherever a 403 with a Bearer challenge comes.
    return ex.http?.status === 403 && bearerChallenge(ex.http.headers?.['www-authenticate']) !== undefined && versionAtLeast(r.session.protocolVersion, '2025-11-25');
  },

  check(r, ctx) {
    const ex = r.exchange;
    const http = ex.http!;
    const challenge = bearerChallenge(http.headers?.['www-authenticate']);
    if (ex.probe !== 'auth') {
      const missing = [challenge?.error !== 'insufficient_scope' && 'error="insufficient_scope"', challenge?.scope === undefined && 'scope='].filter(Boolean).join(' and ');
      if (missing !== '') ctx.report({ messageId: 'scopeNotNamed', data: { challenge: snippet(http.headers!['www-authenticate'], 160), missing } });
      return;
    }
    const auth = ex.case.auth!;
    if (auth.sends === 'metadata') return checkMetadata(r, ctx);
    const answer = r.kind === 'http' ? r.httpAnswer : `HTTP ${http.status} with ${r.kind === 'protocol-error' ? `JSON-RPC error ${String(r.code)}` : 'a result'}`;
    const data = { label: ex.case.label, answer, version: ctx.session.protocolVersion };
    if (served(r)) {
      const control = ex.control?.status ?? 0;
      if (auth.sends !== 'no-token' && (control === 401 || control === 403)) ctx.report({ messageId: 'badTokenServed', data: { ...data, control } });
      else if (auth.sends === 'no-token' && ctx.session.authorized && r.method === 'tools/list') ctx.report({ messageId: 'tokenNotNeeded', data });
      return;
    }
    if (r.kind === 'http' && notJson(r.exchange.outcome.kind === 'http' ? r.exchange.outcome.body : '')) ctx.report({ messageId: 'notJson', data });
    if (auth.statuses === undefined) return; // 2024-11-05: no authorization spec
    const refusedHere = http.status >= 400 || (r.kind === 'protocol-error' && AUTH_WORDS.test(r.errorText));
    if (refusedHere && !auth.statuses.includes(http.status)) ctx.report({ messageId: 'wrongStatus', data: { ...data, expected: auth.statuses.join(' or ') } });
    if (http.status !== 401) return;
    if (challenge === undefined) ctx.report({ messageId: 'noChallenge', data: { ...data, challenge: http.headers?.['www-authenticate'] ?? 'none' } });
    else if (auth.challengeError !== undefined && challenge.error !== auth.challengeError) ctx.report({ messageId: 'noInvalidToken', data: { ...data, error: challenge.error ?? 'none' } });
  },
};

/** The metadata a client found (or did not): discoverable when the server refuses without a token, and naming this server and its authorization servers. */
function checkMetadata(r: Reading, ctx: RuleContext): void {
  const { discovery, outcome } = r.exchange;
  if (discovery === undefined) return;
  let metadata: unknown;
  try {
    metadata = outcome.kind === 'http' && outcome.status === 200 ? JSON.parse(outcome.body) : undefined;
  } catch {
    metadata = undefined;
  }
  const last = discovery.tried.at(-1);
  if (!isRecord(metadata) || last === undefined) {
    const asked = discovery.tried.map((t) => `GET ${t.path}: HTTP ${t.status}${t.via === 'resource_metadata' ? ', named by the 401' : ''}`).join('; ') || 'none asked';
    if (discovery.challenge.status === 401 && discovery.foreign === undefined) ctx.report({ messageId: 'noDiscovery', data: { asked } });
    return;
  }
  const { url } = ctx.session;
  const resource = typeof metadata.resource === 'string' ? metadata.resource : undefined;
  const servers = metadata.authorization_servers;
  const problems = [
    resource === undefined ? 'has no resource' : url !== undefined && ![url, new URL(url).origin].some((own) => comparable(own) === comparable(resource)) ? `names the resource ${snippet(resource, 120)}, not this server (${url})` : '',
    Array.isArray(servers) && servers.length > 0 && servers.every((s) => typeof s === 'string') ? '' : 'has no authorization_servers (at least one is required)',
  ].filter((p) => p !== '');
  if (problems.length > 0) ctx.report({ messageId: 'metadataInvalid', data: { path: last.path, problem: problems.join(', and ') } });
}
