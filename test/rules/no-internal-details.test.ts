// Table tests for no-internal-details: leaks in error surfaces, near misses, echoes of our input, and rule options.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/no-internal-details.js';
import { onProperties } from '../../probes/case.js';
import { exchange, grade } from '../helpers/exchange.js';
import type { Exchange } from '../../src/exchange.js';
import type { UserSupplied } from '../../src/matchers/leaks.js';

describe('no-internal-details', () => {
  it.each([
    ['clean error', exchange({ isError: true, text: 'Database temporarily unavailable. Retry in 30 seconds.' })],
    ['near miss: relative path', exchange({ isError: true, text: 'Schema error in src/index.ts: a/b is not a valid key' })],
    ['near miss: public docs URL', exchange({ isError: true, text: 'Invalid date; see https://example.com/docs/dates' })],
    ['near miss: ISO date with colons', exchange({ isError: true, text: 'Token expired at 2024-01-01T10:20:30Z' })],
    ['echo of a path-like unknown tool name', exchange({ probe: 'unknown-tool', name: '/tmp/../etc/passwd', error: { code: -32602, message: 'Unknown tool: /tmp/../etc/passwd' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['internal host in content', exchange({ isError: true, text: 'Connection to db-prod-3.internal:5432 refused.' }), { kind: 'internal-host', where: 'content[0].text', match: 'db-prod-3.internal:5432' }],
    ['absolute path in JSON-RPC message', exchange({ error: { code: -32603, message: "ENOENT: open '/home/deploy/app/data.json'" } }), { kind: 'absolute-path', where: 'error.message' }],
    ['private address in data', exchange({ error: { code: -32603, message: 'fetch failed', data: { cause: 'connect ECONNREFUSED 10.1.2.3:6379' } } }), { kind: 'private-address', where: 'error.data', match: '10.1.2.3:6379' }],
    ['[object Object]', exchange({ isError: true, text: 'Error: [object Object]' }), { kind: 'object-dump', match: '[object Object]' }],
    ['exception class dump', exchange({ isError: true, text: "KeyError: 'id'" }), { kind: 'exception-dump' }],
    ['connection string, shown redacted', exchange({ isError: true, text: 'cannot reach postgres://admin:hunter2@db:5432/app' }), { kind: 'connection-string', match: 'postgres://admin:[REDACTED:url-credentials]@db:5432/app' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'leak', data });
  });

  it('honours allowedHosts and extraPatterns', () => {
    const host = exchange({ isError: true, text: 'api.acme.internal refused the call; retry in 5 s' });
    expect(grade(rule, host, { options: { allowedHosts: ['acme.internal'] } }).findings).toEqual([]);
    expect(grade(rule, host).findings).toHaveLength(1);
    const tenant = exchange({ isError: true, text: 'Tenant ACME-00042 is over quota' });
    expect(grade(rule, tenant).findings).toEqual([]);
    expect(grade(rule, tenant, { options: { extraPatterns: ['ACME-\\d{5}'] } }).findings[0]).toMatchObject({ data: { kind: 'custom', match: 'ACME-00042' } });
  });

  it('declares its options schema', () => {
    expect(rule.meta.options?.schema).toMatchObject({ properties: { extraPatterns: { type: 'array' }, allowedHosts: { type: 'array' } } });
  });

  it('does not apply to successes (a file tool may return paths)', () => {
    expect(grade(rule, exchange({ text: 'Wrote /home/me/notes.txt' })).applies).toBe(false);
  });
});

/** Grade with the session facts the CLI records about the server it started (its arguments and working directory). */
function gradeStarted(ex: Exchange, userSupplied: UserSupplied) {
  return grade(rule, ex, { userSupplied }).findings;
}

// @modelcontextprotocol/server-filesystem started as `npx -y @modelcontextprotocol/server-filesystem /tmp/allowed` from /home/u/proj.
describe('no-internal-details: a filesystem server resolving our own path argument', () => {
  const started: UserSupplied = { args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp/allowed'], cwd: '/home/u/proj' };
  const denied = (path: string, resolved: string) =>
    exchange({ probe: 'constraint-violations', tool: 'read_text_file', args: { path }, isError: true, text: `Access denied - path outside allowed directories: ${resolved} not in /tmp/allowed` });

  it.each([
    ['our "errlint" resolved against the working directory', denied('errlint', '/home/u/proj/errlint')],
    ['our "../x" resolved', denied('../x', '/home/u/x')],
    ['our path inside the allowed directory, not found', exchange({ probe: 'positive', tool: 'read_text_file', args: { path: 'errlint' }, isError: true, text: "ENOENT: no such file or directory, open '/tmp/allowed/errlint'" })],
    ['the parent of our path', exchange({ probe: 'positive', tool: 'write_file', args: { path: 'errlint/x', content: 'x' }, isError: true, text: 'Parent directory does not exist: /tmp/allowed/errlint' })],
    // From the calibration corpus: the path pattern stops at a space or odd character, so our segment shows cut short.
    ['our "# " resolved, cut at the space', exchange({ probe: 'positive', tool: 'directory_tree', args: { path: '# ' }, isError: true, text: "ENOENT: no such file or directory, scandir '/tmp/allowed/# '" })],
    // A lone surrogate cannot be encoded as UTF-8: the server's encoder writes U+FFFD in its place, and the path is still ours.
    ['our lone-surrogate name resolved, the surrogate replaced by U+FFFD', exchange({ probe: 'unicode', tool: 'directory_tree', args: { path: 'err\uD800lint' }, isError: true, text: "ENOENT: no such file or directory, scandir '/tmp/allowed/err\uFFFDlint'" })],
    ['our zero-width-laden name resolved', exchange({ probe: 'unicode', tool: 'directory_tree', args: { path: 'err\u200Blint\u200C\u200D\uFEFF' }, isError: true, text: "ENOENT: no such file or directory, scandir '/tmp/allowed/err\u200Blint\u200C\u200D '" })],
    ['our 100 KB name resolved', exchange({ probe: 'oversized', tool: 'directory_tree', args: { path: 'errlint '.repeat(12_800) }, isError: true, text: `ENAMETOOLONG: name too long, realpath '/tmp/allowed/${'errlint '.repeat(20)}…'` })],
    ['our "~" resolved to the home directory', exchange({ probe: 'extra-properties', tool: 'directory_tree', args: { path: '~', __errlint_A: '' }, isError: true, text: 'Access denied - path outside allowed directories: /tmp/x/home not in /tmp/allowed' })],
  ])('passes: %s', (_name, ex) => {
    expect(gradeStarted(ex, started)).toEqual([]);
  });

  it('without the server command known, the allowed directory itself is still reported', () => {
    expect(grade(rule, denied('errlint', '/home/u/proj/errlint')).findings).toEqual([
      { messageId: 'leak', severity: 'error', data: { kind: 'absolute-path', where: 'content[0].text', match: '/tmp/allowed' } },
    ]);
  });

  it.each([
    ['a file that is not ours', exchange({ probe: 'positive', tool: 'read_text_file', args: { path: 'errlint' }, isError: true, text: "EACCES: permission denied, open '/home/u/proj/.env'" }), '/home/u/proj/.env'],
    ["the server's own files", exchange({ probe: 'positive', tool: 'read_text_file', args: { path: 'errlint' }, isError: true, text: 'Cannot load /usr/lib/node_modules/server/dist/config.json' }), '/usr/lib/node_modules/server/dist/config.json'],
  ])('fails: %s', (_name, ex, match) => {
    expect(gradeStarted(ex, started)).toEqual([{ messageId: 'leak', severity: 'error', data: { kind: 'absolute-path', where: 'content[0].text', match } }]);
  });
});

describe('no-internal-details: a parse error describing our own malformed frame', () => {
  const badJson = (text: string, error: { code: unknown; message: unknown; data?: unknown }) =>
    exchange({ probe: 'jsonrpc', expectCode: -32700, label: 'a line that is not JSON', delivery: { kind: 'raw', text }, error, response: { jsonrpc: '2.0', id: null, error } });

  it.each([
    ['V8 JSON.parse, stringified with its class', badJson('errlint: not json', { code: -32700, message: 'Parse error: SyntaxError: Unexpected token \'e\', "errlint: not json" is not valid JSON' })],
    ['V8, truncated frame', badJson('{"jsonrpc":"2.0","id":"{id}","method":"tools/list",', { code: -32700, message: 'SyntaxError: Unexpected end of JSON input' })],
    [
      'pydantic echoing the frame',
      badJson('errlint: not json', { code: -32700, message: "1 validation error for JSONRPCMessage\n  Invalid JSON: expected value at line 1 column 1 [type=json_invalid, input_value='errlint: not json', input_type=str]" }),
    ],
    ['Jackson, in data', badJson('not json at all', { code: -32700, message: 'Parse error', data: "com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'not'" })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it('fails: the same exception in answer to a well-formed tool call (the server parsed something of its own)', () => {
    const ex = exchange({ probe: 'positive', error: { code: -32603, message: 'SyntaxError: Unexpected token \'<\', "<!DOCTYPE "... is not valid JSON' } });
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'leak', severity: 'error', data: { kind: 'exception-dump', where: 'error.message', match: 'SyntaxError:' } }]);
  });
});

describe('no-internal-details: [object Object] from an object we sent', () => {
  it.each([
    ['an object where a string was expected', exchange({ probe: 'wrong-type', args: { query: { a: 1 } }, isError: true, text: 'Invalid query: [object Object]' })],
    ['an array of objects', exchange({ probe: 'wrong-type', args: { tags: [{ a: 1 }] }, isError: true, text: 'Unknown tag [object Object]' })],
    ['an object as the tool name', exchange({ probe: 'malformed-request', request: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: { a: 1 } } }, error: { code: -32602, message: 'Unknown tool: [object Object]' } })],
    // mcp-hello-world over legacy SSE (SDK 1.x SSEServerTransport): `Invalid message: ${body}` with the frame express parsed
    ['a frame broken on purpose, refused by quoting it whole', (() => {
      const ex = exchange({ probe: 'jsonrpc', request: { jsonrpc: '2.0', id: null, method: 'tools/list', params: {} } });
      return { ...ex, case: { ...ex.case, breaks: 'request with id null' }, outcome: { kind: 'http' as const, status: 400, contentType: null, body: 'Invalid message: [object Object]' } };
    })()],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['only strings sent', exchange({ probe: 'wrong-type', args: { query: 5 }, isError: true, text: 'Search failed: [object Object]' })],
    ['only the _meta envelope was an object', exchange({ probe: 'positive', request: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_docs', arguments: { q: 'x' }, _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'mcp-errlint' } } } }, error: { code: -32603, message: '[object Object]' } })],
  ])('fails: %s', (_name, ex) => {
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'leak', severity: 'error', data: expect.objectContaining({ kind: 'object-dump', match: '[object Object]' }) }]);
  });
});

describe('no-internal-details: raw runtime exceptions', () => {
  it.each([
    ['a TypeError from an unvalidated string argument', exchange({ probe: 'wrong-type', tool: 'create_entities', args: { entities: 'errlint' }, error: { code: -32603, message: 'entities.filter is not a function' } }), 'entities.filter is not a function', 'error.message'],
    ['a property read on undefined', exchange({ probe: 'missing-required', isError: true, text: "Cannot read properties of undefined (reading 'map')" }), "Cannot read properties of undefined (reading 'map')", 'content[0].text'],
    ['a Python AttributeError text', exchange({ probe: 'null-values', args: { filter: null }, isError: true, text: "Error executing tool search: 'NoneType' object has no attribute 'get'" }), "'NoneType' object has no attribute", 'content[0].text'],
    ['a Python signature TypeError', exchange({ probe: 'extra-properties', args: { q: 'x', zzz: 1 }, isError: true, text: "Error executing tool search: search() got an unexpected keyword argument 'zzz'" }), 'search() got an unexpected keyword argument', 'content[0].text'],
    ['a ReferenceError', exchange({ probe: 'positive', isError: true, text: 'Tool failed: db is not defined' }), 'db is not defined', 'content[0].text'],
  ])('fails: %s', (_name, ex, match, where) => {
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'leak', severity: 'error', data: { kind: 'exception-dump', where, match } }]);
  });

  it.each([
    ['zod through sdk 1.x', exchange({ probe: 'missing-required', isError: true, text: 'MCP error -32602: Input validation error: Invalid arguments for tool lookup_user: Invalid input: expected string, received undefined at email' })],
    ['pydantic', exchange({ probe: 'wrong-type', isError: true, text: "1 validation error for search\nlimit\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='ten', input_type=str]" })],
    ['a hand-written message about the missing argument', exchange({ probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), isError: true, text: 'Error: query is not defined. Pass a search query.' })],
    ['schema wording', exchange({ probe: 'extra-properties', args: { zzz: 1 }, isError: true, text: 'Parameter zzz is not defined in the schema' })],
    ['filesystem wording', exchange({ probe: 'positive', args: { path: 'errlint' }, isError: true, text: 'the path is not a directory' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });
});

// From the registry-board audit: setup help and descriptions of our own input are not internals; crashes still are.
describe('no-internal-details: a missing program, and a JSON value of ours that does not parse', () => {
  const playwright = "### Error\nError: async initializeServer: Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome\nRun \"npx playwright install chrome\"";

  it.each([
    ['@playwright/mcp without Chrome', exchange({ probe: 'positive', tool: 'browser_snapshot', isError: true, text: playwright })],
    ['the same to an unknown tool', exchange({ probe: 'unknown-tool', isError: true, text: playwright })],
    ['chrome-devtools-mcp without Chrome', exchange({ probe: 'positive', tool: 'list_pages', error: { code: -32603, message: "Could not find Google Chrome executable for channel 'stable' at:\n - /opt/google/chrome/chrome." } })],
    ['chrome-devtools-mcp emulate with extraHttpHeaders " "', exchange({ probe: 'empty-values', tool: 'emulate', args: { extraHttpHeaders: ' ' }, isError: true, text: 'Invalid JSON for headers: Unexpected end of JSON input' })],
    ['a nested value, named by its key', exchange({ probe: 'wrong-type', tool: 'request', args: { options: { body: 'errlint' } }, isError: true, text: 'body: Unexpected token \'e\', "errlint" is not valid JSON' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['vuetify-mcp', exchange({ probe: 'positive', tool: 'get_component_api', args: { component: 'VBtn' }, isError: true, text: "ENOENT: no such file or directory, scandir '/root/.cache/Vuetify'" }), 'absolute-path', '/root/.cache/Vuetify'],
    ['a JSON parse of something the server fetched', exchange({ probe: 'positive', tool: 'search', args: { query: 'errlint' }, isError: true, text: 'Unexpected token < in JSON at position 0' }), 'exception-dump', 'Unexpected token < in JSON'],
    ['a header value of ours that is JSON', exchange({ probe: 'positive', tool: 'emulate', args: { extraHttpHeaders: '{}' }, isError: true, text: 'Invalid JSON for headers: Unexpected end of JSON input' }), 'exception-dump', 'Unexpected end of JSON input'],
    ['server-aws-kb-retrieval', exchange({ probe: 'missing-required', tool: 'retrieve_from_aws_kb', args: {}, isError: true, text: "Cannot destructure property 'query' of 'args' as it is undefined." }), 'exception-dump', "Cannot destructure property 'query' of 'args'"],
    ['n8n-mcp', exchange({ probe: 'wrong-type', tool: 'search_nodes', args: { query: 7 }, isError: true, text: 'query.split is not a function' }), 'exception-dump', 'query.split is not a function'],
    ['mcp-knowledge-graph', exchange({ probe: 'missing-required', tool: 'delete_entities', args: {}, error: { code: -32603, message: "Cannot read properties of undefined (reading 'filter')" } }), 'exception-dump', "Cannot read properties of undefined (reading 'filter')"],
    // kubectl without a kubeconfig: a loopback address with a port, as the rulebook lists it (allowedHosts: ["localhost"] to accept it)
    ['mcp-server-kubernetes', exchange({ probe: 'positive', tool: 'kubectl_get', args: { resourceType: 'pods' }, isError: true, text: 'The connection to the server localhost:8080 was refused - did you specify the right host or port?' }), 'private-address', 'localhost:8080'],
  ])('fails: %s', (_name, ex, kind, match) => {
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'leak', severity: 'error', data: expect.objectContaining({ kind, match }) }]);
  });
});
