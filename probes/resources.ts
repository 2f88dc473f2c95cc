// Probe (once per server): resources/read of a URI that does not exist, a malformed one, another scheme, a template
// filled with names of nothing, a traversal-looking path; resources/read with params of the wrong shape; and
// resources/subscribe where the server did not declare it. All read-only.
import type { Probe, ProbeContext } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { INVALID_PARAMS, METHOD_NOT_FOUND, RESOURCE_NOT_FOUND } from '../src/jsonrpc-codes.js';
import { NO_CONTEXT, declares, from2026, surfaceCase } from './surface-case.js';

/** A URI template as a pattern, to keep made-up URIs clear of it: RFC 6570 `{x}` is one segment, `{+x}` and `{#x}` anything, `{/x}` path segments. */
function templatePattern(template: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let pattern = '';
  let at = 0;
  for (const m of template.matchAll(/\{([+#./;?&]?)[^}]*\}/g)) {
    pattern += escape(template.slice(at, m.index));
    pattern += m[1] === '+' || m[1] === '#' ? '.*' : m[1] === '/' ? '(?:/[^/?#]*)*' : '[^/?#]*';
    at = m.index! + m[0].length;
  }
  return new RegExp(`^${pattern}${escape(template.slice(at))}$`);
}

/** The template with each expression filled with a name of nothing (`errlint-no-such-<variable>`). */
function filled(template: string): string {
  return template.replace(/\{[+#./;?&]?([^}]*)\}/g, (_, names: string) => `errlint-no-such-${names.split(',')[0].replace(/[^\w-]/g, '') || 'value'}`);
}

/** scheme://authority of a URI, or undefined when it has none. */
function origin(uri: string): { scheme: string; authority: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):(?:\/\/([^/?#]*))?/i.exec(uri);
  return m ? { scheme: m[1], authority: m[2] ?? '' } : undefined;
}

/** The not-found expectation of the negotiated version: -32602 (MUST) from 2026-07-28, -32002 (SHOULD) before, where -32602 is also accepted. */
function notFound(context: ProbeContext): Pick<ProbeCase, 'expectCode' | 'acceptCodes' | 'requirement'> {
  return from2026(context) ? { expectCode: INVALID_PARAMS, requirement: 'must' } : { expectCode: RESOURCE_NOT_FOUND, acceptCodes: [INVALID_PARAMS], requirement: 'should' };
}

export const probe: Probe = {
  kind: 'resources',
  description: 'resources/read of a URI that does not exist, a malformed one, another scheme, a template filled with names of nothing, a traversal-looking path, and with params of the wrong shape; resources/subscribe without the capability.',
  scope: 'server',
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    const { resources, templates } = context.surfaces;
    if (!resources.declared) return { skip: 'the server declares no resources capability (protocol-requests checks that resources/list is refused)' };
    const uris = resources.items.map((r) => String(r.uri));
    const patterns = templates.items.map((t) => templatePattern(String(t.uriTemplate)));
    const exists = (uri: string) => uris.includes(uri) || patterns.some((p) => p.test(uri));
    const known = [...uris, ...templates.items.map((t) => String(t.uriTemplate))].map(origin).find((o) => o !== undefined) ?? { scheme: 'file', authority: '' };
    const base = `${known.scheme}://${known.authority}`;
    const read = (uri: string, label: string, extra: Partial<ProbeCase> = {}) =>
      surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label, ...notFound(context), ...extra });
    const cases: ProbeCase[] = [];
    const missing = [`${base}/errlint-no-such-resource`, `${base}/errlint/no-such-resource.txt`].find((uri) => !exists(uri));
    if (missing) cases.push(read(missing, 'a resource URI that does not exist'));
    cases.push(read('errlint://not a uri/%zz', 'a malformed URI', { expectCode: INVALID_PARAMS, acceptCodes: from2026(context) ? [] : [RESOURCE_NOT_FOUND], requirement: 'should', breaks: 'a uri that is not a URI' }));
    const foreign = 'errlint-unknown-scheme://resource/1';
    if (!exists(foreign) && known.scheme !== 'errlint-unknown-scheme') cases.push(read(foreign, 'a URI of a scheme the server does not serve'));
    const template = templates.items.map((t) => String(t.uriTemplate)).find((t) => /\{[^}]+\}/.test(t));
    if (template) cases.push(read(filled(template), `template ${template} filled with names of nothing`));
    const traversal = known.scheme === 'file' ? 'file:///../../../../../../../../etc/passwd' : `${base}/../../../../../../../../etc/passwd`;
    cases.push(read(traversal, 'a traversal-looking path', { sensitive: true }));
    cases.push(surfaceCase('resources/read', {}, { name: 'resources/read', expect: 'protocol-error', label: 'resources/read without a uri', expectCode: INVALID_PARAMS, breaks: 'params without the required uri' }));
    cases.push(surfaceCase('resources/read', { uri: 42 }, { name: 'resources/read', expect: 'protocol-error', label: 'resources/read with a numeric uri', expectCode: INVALID_PARAMS, breaks: 'uri is a number' }));
    const subscribes = (context.facts.capabilities.resources as { subscribe?: unknown } | undefined)?.subscribe === true;
    // 2026-07-28 removed resources/subscribe; before, a server that did not declare it should not take it.
    if (!from2026(context) && !subscribes && declares(context, 'resources')) {
      const uri = uris[0] ?? missing ?? foreign;
      cases.push(surfaceCase('resources/subscribe', { uri }, { name: 'resources/subscribe', expect: 'protocol-error', label: 'resources/subscribe without the subscribe capability', expectCode: METHOD_NOT_FOUND }));
    }
    return { enumerated: cases, arbitrary: null };
  },
};
