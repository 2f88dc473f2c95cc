// Tests for the internal-details matcher: each leak kind, allowed hosts, extra patterns, echoes, and near misses.
import { describe, expect, it } from 'vitest';
import { findLeak, findLeaks } from '../../src/matchers/leaks.js';

describe('findLeak', () => {
  it.each([
    ['absolute-path', "ENOENT: no such file or directory, open '/home/deploy/app/config.json'", '/home/deploy/app/config.json'],
    ['absolute-path', 'cannot read /var/lib/acme/db.sqlite', '/var/lib/acme/db.sqlite'],
    ['absolute-path', 'loaded from /app/dist/tools.js', '/app/dist/tools.js'],
    ['absolute-path', 'see /tmp/upload-123/x.bin', '/tmp/upload-123/x.bin'],
    ['absolute-path', 'at C:\\Users\\svc\\server\\index.js', 'C:\\Users\\svc\\server\\index.js'],
    ['absolute-path', 'module file:///opt/server/index.mjs failed', 'file:///opt/server/index.mjs'],
    ['internal-host', 'Connection to db-prod-3.internal:5432 refused.', 'db-prod-3.internal:5432'],
    ['internal-host', 'upstream search.svc.cluster.local unreachable', 'search.svc.cluster.local'],
    ['internal-host', 'GET http://billing.corp/api failed', 'billing.corp'],
    ['private-address', 'connect ECONNREFUSED 127.0.0.1:6379', '127.0.0.1:6379'],
    ['private-address', 'proxy 10.0.12.7:8080 timed out', '10.0.12.7:8080'],
    ['private-address', 'http://192.168.1.20:3000/health', '192.168.1.20:3000'],
    ['private-address', 'fetch failed: localhost:8000', 'localhost:8000'],
    ['connection-string', 'cannot connect to postgres://admin:hunter2@db:5432/app', 'postgres://admin:hunter2@db:5432/app'],
    ['object-dump', 'Error: [object Object]', '[object Object]'],
    ['exception-dump', 'java.lang.NullPointerException: null', 'java.lang.NullPointerException'],
    ['exception-dump', "TypeError: Cannot read properties of undefined (reading 'id')", 'TypeError: '],
    ['exception-dump', "KeyError: 'id'", 'KeyError: '],
    ['exception-dump', 'System.NullReferenceException: Object reference not set', 'System.NullReferenceException'],
    ['exception-dump', "AttributeError: 'NoneType' object has no attribute 'get'", 'AttributeError: '],
  ])('finds %s in %j', (kind, text, match) => {
    expect(findLeak(text)).toMatchObject({ kind, match });
  });

  it.each([
    'Edit src/index.ts and rerun',
    "Parameter 'path' must look like a/b",
    'See https://example.com/docs/usr/guide for details',
    'Scheduled for 2024-01-01T10:20:30Z',
    'Use "/" alone to list the root',
    'Config lives in settings.local.json',
    'Invalid value for .env.local',
    'Server at 8.8.8.8:53 is public',
    'localhost is not allowed without a port',
    'Validation error: expected number, received string',
    'Order 10.5.2 not found',
    'GET /users/42 returned 404',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findLeak(text)).toBeNull();
  });

  it('skips allowed hosts and their subdomains', () => {
    expect(findLeak('api.acme.internal:443 refused', { allowedHosts: ['acme.internal'] })).toBeNull();
    expect(findLeak('db.other.internal refused', { allowedHosts: ['acme.internal'] })).toMatchObject({ kind: 'internal-host' });
    expect(findLeak('connect localhost:8080', { allowedHosts: ['localhost'] })).toBeNull();
  });

  it('reports extra patterns as custom', () => {
    expect(findLeak('tenant ACME-00042 failed', { extraPatterns: ['ACME-\\d{5}'] })).toMatchObject({ kind: 'custom', match: 'ACME-00042' });
    expect(findLeak('tenant acme failed', { extraPatterns: [/ACME-\d{5}/] })).toBeNull();
    expect(() => findLeak('x', { extraPatterns: ['(unclosed'] })).toThrow(/invalid extra pattern/);
  });

  it('does not report an echo of what we sent', () => {
    expect(findLeak("Unknown tool '/tmp/x/../../etc/passwd'", { sent: '"name": "/tmp/x/../../etc/passwd"' })).toBeNull();
    expect(findLeak("Unknown tool '/tmp/x/y'", { sent: '"name": "other"' })).toMatchObject({ kind: 'absolute-path' });
  });

  it('reports a connection string once, not also as host or path', () => {
    expect(findLeaks('mysql://root:pw@db.internal:3306/x')).toHaveLength(1);
  });

  it('orders leaks by position', () => {
    expect(findLeaks('[object Object] at /home/a/b').map((l) => l.kind)).toEqual(['object-dump', 'absolute-path']);
  });

  it('scans a 1 MB echo quickly', () => {
    const started = Date.now();
    expect(findLeak('a-'.repeat(500_000))).toBeNull();
    expect(findLeak('a.'.repeat(500_000))).toBeNull();
    // 0.1-1.4 s (quiet, loaded); a pattern that backtracks quadratically on 1 MB would take hours, so the bound is wide.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('findLeak: a path at the end of a sentence', () => {
  it('leaves out the full stop, so an echo of our own path is recognised', () => {
    expect(findLeak('Cannot open /home/ada/report.pdf.')?.match).toBe('/home/ada/report.pdf');
    expect(findLeak('Cannot open /home/ada/report.pdf.', { sent: '{"path":"/home/ada/report.pdf"}' })).toBeNull();
  });
});

describe('findLeak: raw runtime exceptions without their class name', () => {
  it.each([
    // @modelcontextprotocol/server-memory before it validated: entities sent as a string
    ['entities.filter is not a function', 'entities.filter is not a function'],
    ["MCP error -32603: Cannot read properties of undefined (reading 'map')", "Cannot read properties of undefined (reading 'map')"],
    ["Cannot read property 'id' of null", "Cannot read property 'id' of null"],
    ["Cannot set properties of undefined (setting 'name')", "Cannot set properties of undefined (setting 'name')"],
    ['args.items is not iterable', 'args.items is not iterable'],
    ['Error: items is not iterable', 'items is not iterable'],
    ['object null is not iterable (cannot read property Symbol(Symbol.iterator))', 'object null is not iterable (cannot read property Symbol(Symbol.iterator))'],
    ["Cannot destructure property 'query' of 'undefined' as it is undefined.", "Cannot destructure property 'query' of 'undefined'"],
    ["undefined is not an object (evaluating 'params.arguments.query')", "undefined is not an object (evaluating '"],
    ['Cannot convert undefined or null to object', 'Cannot convert undefined or null to object'],
    ['Tool execution failed: fetchUser is not defined', 'fetchUser is not defined'],
    ['db is not defined', 'db is not defined'],
    ['require is not defined in ES module scope, you can use import instead', 'require is not defined'],
    ["'str' object has no attribute 'items'", "'str' object has no attribute"],
    ["Error executing tool search: 'int' object is not subscriptable", "'int' object is not subscriptable"],
    ["search() got an unexpected keyword argument 'zzz'", 'search() got an unexpected keyword argument'],
    ["Server.call_tool() missing 1 required positional argument: 'query'", 'Server.call_tool() missing 1 required positional argument'],
    ["KeyError('id')", "KeyError('"],
    // issue 21: a server that JSON.parses an argument (the answer of an unfamiliar server: "Optional a…" was our value).
    ['Unexpected token \'O\', "Optional a"... is not valid JSON', 'Unexpected token \'O\', "Optional a"... is not valid JSON'],
    ['Failed to parse options: Unexpected end of JSON input', 'Unexpected end of JSON input'],
    ["Expected property name or '}' in JSON at position 1 (line 1 column 2)", "Expected property name or '}' in JSON at position 1"],
    ['Unexpected token o in JSON at position 1', 'Unexpected token o in JSON'],
    ['Expecting value: line 1 column 1 (char 0)', 'Expecting value: line 1 column 1 (char 0)'],
    ['AttributeError:', 'AttributeError:'],
  ])('%j is an exception dump', (text, match) => {
    expect(findLeak(text)).toMatchObject({ kind: 'exception-dump', match });
  });

  // What validation libraries and careful servers actually say: none of it is a raw exception.
  it.each([
    'MCP error -32602: Input validation error: Invalid arguments for tool lookup_user: Invalid input: expected string, received undefined at email', // zod via sdk 1.x
    "Unrecognized key(s) in object: 'zzz'", // zod 3
    "must have required property 'query'", // ajv
    'must NOT have additional properties', // ajv
    '1 validation error for search\nquery\n  Field required [type=missing, input_value={}, input_type=dict]', // pydantic
    "Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc', input_type=str]", // pydantic
    "None is not of type 'string'", // python-jsonschema
    "'abc' is not one of ['open', 'shipped', 'cancelled']", // python-jsonschema
    "Additional properties are not allowed ('zzz' was unexpected)", // python-jsonschema
    'the path is not a directory',
    "Parameter 'query' is not defined in the schema",
    'Parameter query is not defined in the schema',
    "'callback' is not a function",
    'The value is not iterable',
    'The email is not defined for this account; provide one.',
    'Nothing is not found here',
    'The config must be valid JSON: check the quotes around its keys.',
    'Expecting a number for limit',
  ])('%j is not', (text) => {
    expect(findLeak(text)).toBeNull();
  });

  it('scans long adversarial input in linear time', () => {
    const started = Date.now();
    for (const text of ['a.'.repeat(500_000), 'a('.repeat(500_000), ': a '.repeat(250_000), 'x is not '.repeat(100_000), '_'.repeat(1_000_000)]) expect(findLeak(text)).toBeNull();
    // 0.2-1.7 s (quiet, loaded); quadratic on these would take hours.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('findLeak: what we or the user put there is not a leak', () => {
  const fs = { args: ['/tmp/allowed'], cwd: '/home/u/proj' };

  it('a path that is our value resolved against some directory', () => {
    expect(findLeak("ENOENT: no such file or directory, open '/tmp/allowed/errlint'", { sentValues: ['errlint'] })).toBeNull();
    expect(findLeak('Access denied: /home/u/x', { sentValues: ['../x'] })).toBeNull();
    expect(findLeak('Access denied: /home/u/b/c', { sentValues: ['a/../b/c'] })).toBeNull();
    // near misses: a path that only contains our value, or is another file altogether
    expect(findLeak("ENOENT: open '/tmp/allowed/errlint/package.json'", { sentValues: ['errlint'] })).toMatchObject({ kind: 'absolute-path' });
    expect(findLeak("ENOENT: open '/home/deploy/app/config.json'", { sentValues: ['errlint'] })).toMatchObject({ kind: 'absolute-path' });
    expect(findLeak("ENOENT: open '/home/deploy/app/xerrlint'", { sentValues: ['errlint'] })).toMatchObject({ kind: 'absolute-path' });
    expect(findLeak("ENOENT: open '/home/deploy/app'", { sentValues: ['', '.', '..'] })).toMatchObject({ kind: 'absolute-path' });
  });

  it('a path the user gave the server (its arguments, its working directory)', () => {
    const text = 'Access denied - path outside allowed directories: /home/u/proj/errlint not in /tmp/allowed';
    expect(findLeak(text, { sentValues: ['errlint'], userSupplied: fs })).toBeNull();
    expect(findLeak(text, { sentValues: ['errlint'] })).toMatchObject({ match: '/tmp/allowed' });
    expect(findLeak('not in /private/tmp/allowed', { userSupplied: fs })).toBeNull(); // macOS realpath of /tmp
    expect(findLeak('root /srv/data is read-only', { userSupplied: { args: ['--root=/srv/data'] } })).toBeNull();
    expect(findLeak('not in /home/u/proj/data', { userSupplied: { args: ['./data'], cwd: '/home/u/proj' } })).toBeNull();
    // the parent of our "errlint/x" inside the user's directory
    expect(findLeak('Parent directory does not exist: /tmp/allowed/errlint', { sentValues: ['errlint/x'], userSupplied: fs })).toBeNull();
    // near misses: another file under the user's directory is not the user's; cwd "/" does not excuse every path
    expect(findLeak('cannot read /home/u/proj/.env', { userSupplied: fs })).toMatchObject({ match: '/home/u/proj/.env' });
    expect(findLeak('cannot read /etc/shadow', { sentValues: ['errlint'], userSupplied: { args: [], cwd: '/' } })).toMatchObject({ match: '/etc/shadow' });
  });

  it('[object Object] only when we sent no object it could come from', () => {
    expect(findLeak('Invalid filter: [object Object]', { sentObject: true })).toBeNull();
    expect(findLeak('Invalid filter: [object Object]', { sentObject: false })).toMatchObject({ kind: 'object-dump' });
    expect(findLeak('[object Promise]', { sentObject: true })).toMatchObject({ kind: 'object-dump' });
  });

  it("a JSON parser's exception about a frame of ours that is not JSON", () => {
    const v8 = 'Parse error: SyntaxError: Unexpected token \'e\', "errlint: not json" is not valid JSON';
    expect(findLeak(v8, { sentMalformedJson: true })).toBeNull();
    expect(findLeak(v8)).toMatchObject({ kind: 'exception-dump', match: 'SyntaxError: ' });
    expect(findLeak("com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'not'", { sentMalformedJson: true })).toBeNull();
    expect(findLeak('Parse error: Unexpected token \'e\', "errlint: not json" is not valid JSON', { sentMalformedJson: true })).toBeNull();
    // another exception in the same answer is still one
    expect(findLeak('SyntaxError: Unexpected end of JSON input\nTypeError: handler is not a function', { sentMalformedJson: true })).toMatchObject({ match: 'TypeError: ' });
  });

  it('"<name> is not defined" about an argument of the probe is a validation message', () => {
    expect(findLeak('Error: query is not defined.', { argumentNames: ['query'] })).toBeNull();
    expect(findLeak('Error: db is not defined.', { argumentNames: ['query'] })).toMatchObject({ match: 'db is not defined' });
  });
});

describe('findLeak: where a missing program was looked for is setup help, not an internal detail', () => {
  it.each([
    // @playwright/mcp without Chrome
    ['Playwright', '### Error\nError: async initializeServer: Chromium distribution \'chrome\' is not found at /opt/google/chrome/chrome\nRun "npx playwright install chrome"'],
    // chrome-devtools-mcp (puppeteer) without Chrome: one place, or a list of them
    ['puppeteer', "Could not find Google Chrome executable for channel 'stable' at:\n - /opt/google/chrome/chrome."],
    ['puppeteer, several places', "Could not find Google Chrome executable for channel 'beta' at:\n - /opt/google/chrome-beta/chrome,\n - /usr/bin/google-chrome-beta."],
    ['a bullet of a report', "Setup problems:\n- Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome"],
    ['no install instruction', 'Error: Chromium distribution \'msedge\' is not found at /opt/microsoft/msedge/msedge'],
    ['quoted', "Browser executable doesn't exist at '/usr/lib/chromium/chromium'. Install Chromium or set CHROME_PATH."],
    ['not installed', 'Firefox is not installed at /usr/lib/firefox/firefox; run npx playwright install firefox'],
    ['Windows', 'Chromium distribution \'chrome\' is not found at C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'],
  ])('%s', (_name, text) => {
    expect(findLeak(text)).toBeNull();
  });

  it.each([
    // vuetify-mcp: a missing directory of the server's, not a missing program
    ['ENOENT of a cache directory', "ENOENT: no such file or directory, scandir '/root/.cache/Vuetify'", '/root/.cache/Vuetify'],
    ['a home directory', "browserType.launch: Executable doesn't exist at /home/deploy/.cache/ms-playwright/chromium-1148/chrome-linux/chrome", '/home/deploy/.cache/ms-playwright/chromium-1148/chrome-linux/chrome'],
    ['a macOS home directory', "Could not find Google Chrome executable for channel 'stable' at:\n - /Users/ada/Applications/Google Chrome.app", '/Users/ada/Applications/Google'],
    ['a stack frame after the setup help', "Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome\n    at launch (/usr/lib/node_modules/@playwright/mcp/lib/browser.js:12:3)", '/usr/lib/node_modules/@playwright/mcp/lib/browser.js:12:3'],
    ['a stack frame on the same line', 'Chrome not found at /opt/google/chrome/chrome at /usr/lib/node_modules/server/dist/launch.js:40:11', '/usr/lib/node_modules/server/dist/launch.js:40:11'],
    ['an anonymous stack frame', "Could not find Chrome executable\n    at /usr/lib/node_modules/server/dist/launch.js:40:11", '/usr/lib/node_modules/server/dist/launch.js:40:11'],
    ['the server\'s own file in the same answer', 'Could not find browser executable; config read from /srv/app/config.json', '/srv/app/config.json'],
    ['a file not found at a path, no program', 'Template not found at /srv/app/templates/invoice.hbs', '/srv/app/templates/invoice.hbs'],
  ])('still a leak: %s', (_name, text, match) => {
    expect(findLeaks(text).map((l) => l.match)).toContain(match);
  });
});

describe("findLeak: a JSON parser's message about a value of ours that is not JSON", () => {
  // chrome-devtools-mcp's emulate, called with extraHttpHeaders: " "
  const headers = { jsonInputNames: ['extraHttpHeaders', 'headers'] };

  it.each([
    ['chrome-devtools-mcp', 'Invalid JSON for headers: Unexpected end of JSON input'],
    ['with its class', 'Invalid JSON for headers: SyntaxError: Unexpected end of JSON input'],
    ['the whole name', 'extraHttpHeaders: Unexpected token \'x\', "x" is not valid JSON'],
    ['Python', 'Could not parse headers: Expecting value: line 1 column 1 (char 0)'],
  ])('%s', (_name, text) => {
    expect(findLeak(text, headers)).toBeNull();
  });

  it.each([
    ['a parse of something the server fetched', 'Unexpected token < in JSON at position 0', headers],
    ['another name', 'Invalid JSON in response body: Unexpected end of JSON input', headers],
    ['a part of a longer word', 'Invalid JSON for subheaders: Unexpected end of JSON input', headers],
    ['no value of ours that is not JSON', 'Invalid JSON for headers: Unexpected end of JSON input', {}],
    ['another exception beside it', 'Invalid JSON for headers: oops\nTypeError: Cannot read properties of undefined (reading \'map\')', headers],
  ])('still a leak: %s', (_name, text, opts) => {
    expect(findLeak(text, opts)).toMatchObject({ kind: 'exception-dump' });
  });
});
