// Table tests for recovery-hint: validation errors name the argument or expectation; others give a next step; unknown tools are named.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/recovery-hint.js';
import { onProperties } from '../../probes/case.js';
import { exchange, grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';

describe('recovery-hint', () => {
  it.each([
    ['validation error naming the missing argument', exchange({ probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), isError: true, text: "Parameter 'query' is required but was not provided." })],
    ['validation error stating the expected type', exchange({ probe: 'wrong-type', label: 'a number as string', args: { n: 'x' }, isError: true, text: 'Expected number, received string' })],
    ['-32602 naming a sent argument', exchange({ probe: 'null-values', label: 'nulls', args: { limit: null }, error: { code: -32602, message: 'limit cannot be null' } })],
    ['validation error with field metadata', exchange({ probe: 'wrong-type', label: 'x', isError: true, text: 'Bad input', structuredContent: { field: 'count', expected: 'integer' } })],
    ['short argument name quoted', exchange({ probe: 'wrong-type', label: "'n' as string", target: onProperties('type', 'n'), isError: true, text: 'Bad value for "n"' })],
    ['tool failure with a next step', exchange({ probe: 'positive', isError: true, text: "User not found. Try search_users to find the correct email." })],
    ['tool failure with metadata', exchange({ probe: 'positive', isError: true, text: 'Refund of $750 exceeds limit', structuredContent: { errorCategory: 'business', suggestedAction: 'escalate_to_human' } })],
    ['extra-properties rejection naming the property', exchange({ probe: 'extra-properties', label: "undeclared property 'zzz'", target: onProperties('additionalProperties', 'zzz'), args: { zzz: 1 }, isError: true, text: "Unknown property 'zzz'" })],
    ['unknown tool named', exchange({ probe: 'unknown-tool', name: 'nope', error: { code: -32602, message: 'Tool nope not found' } })],
    ['unknown tool, available tools listed', exchange({ probe: 'unknown-tool', name: 'nope', error: { code: -32602, message: 'Unknown tool. Available tools: search_docs, get_doc' } })],
    ['unknown empty tool name', exchange({ probe: 'unknown-tool', name: '', error: { code: -32602, message: 'Tool name must not be empty' } })],
    // What @modelcontextprotocol/sdk 1.x (isError) and server 2.x (-32602) answer for the name "": the empty name in its slot.
    ['empty name, sdk 1.x', exchange({ probe: 'unknown-tool', name: '', isError: true, text: 'MCP error -32602: Tool  not found' })],
    ['empty name, server 2.x', exchange({ probe: 'unknown-tool', name: '', error: { code: -32602, message: 'Tool  not found' } })],
    ['empty name: missing', exchange({ probe: 'unknown-tool', name: '', error: { code: -32602, message: "Missing required parameter 'name'" } })],
    ['empty name: tools listed', exchange({ probe: 'unknown-tool', name: '', error: { code: -32602, message: "Unknown tool ''. Available tools: lookup_user, list_orders." } })],
    ['blank name: unknown', exchange({ probe: 'unknown-tool', name: '   ', error: { code: -32602, message: 'Unknown tool: "   "' } })],
    // From the calibration corpus (@coo-quack/calc-mcp, time-mcp, zod 3): semantic errors for schema-valid input that say which input to change.
    ['valid input: supported values listed', exchange({ probe: 'positive', args: { from: 'a' }, isError: true, text: 'Error: Unknown unit: a. Supported units: m, km, cm, mm' })],
    ['valid input: the argument named', exchange({ probe: 'positive', args: { algorithm: 'hmac-sha256', key: '' }, isError: true, text: 'Error: key is required for HMAC' })],
    ['valid input: the value quoted', exchange({ probe: 'positive', args: { timezone: 'a' }, isError: true, text: 'Invalid time zone specified: a' })],
    // server-filesystem: our path "a" resolved inside its root, quoted in the error
    ['valid input: our value as the last segment of a quoted path', exchange({ probe: 'positive', args: { path: 'a' }, isError: true, text: "ENOENT: no such file or directory, open '/tmp/corpus/root/a'" })],
    ['valid input: our blank name as the last segment of a quoted path', exchange({ probe: 'positive', args: { path: ' ' }, isError: true, text: "ENOENT: no such file or directory, scandir '/tmp/corpus/root/ '" })],
    ['oversized input: the name is too long', exchange({ probe: 'oversized', expect: 'any', args: { path: 'errlint '.repeat(12_800) }, isError: true, text: "ENAMETOOLONG: name too long, realpath '/tmp/corpus/root/errlint errlint…'" })],
    // mcp-hello-world's add with {}: the case targets both required names
    ['empty arguments: the required names from the target', exchange({ probe: 'missing-required', label: "empty arguments {} (omit required 'a', 'b')", target: onProperties('required', 'a', 'b'), args: {}, isError: true, text: 'MCP error -32602: Input validation error: Invalid arguments for tool add: Required at a Required at b' })],
    ['zod "Required at <path>" for one-letter arguments', exchange({ probe: 'missing-required', label: "omit required 'a', 'b'", target: onProperties('required', 'a', 'b'), isError: true, text: 'Required at a\nRequired at b' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  // A fault outside the call (the registry board's answers, and other runtimes' words): no change to the call fixes it, an
  // agent stops and tells the user, and an answer that says so has said enough (the repair agent leaves it out of the rate).
  it.each([
    ['DNS, to a valid call (mongodb-mcp-server)', exchange({ probe: 'positive', args: { query: 'errlint' }, isError: true, text: 'getaddrinfo ENOTFOUND knowledge.mongodb.com' })],
    ['DNS, to a call the schema refuses (tavily-mcp)', exchange({ probe: 'wrong-type', label: "'query' as number", target: onProperties('type', 'query'), args: { query: 7 }, isError: true, text: 'getaddrinfo EAI_AGAIN api.tavily.com' })],
    ['"fetch failed" (react-aria-mcp)', exchange({ probe: 'positive', isError: true, text: 'TypeError: fetch failed' })],
    ['Python requests', exchange({ probe: 'positive', isError: true, text: "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.x.io', port=443): Max retries exceeded with url: /q" })],
    ['"Cannot reach … not accessible" (reddit-mcp-buddy)', exchange({ probe: 'positive', isError: true, text: 'Cannot reach Reddit servers - Reddit is not accessible.' })],
    ['a browser that did not start (chrome-devtools-mcp)', exchange({ probe: 'positive', isError: true, text: 'Chrome failed to start: Could not find Google Chrome executable for channel stable' })],
    ['Playwright without its browser', exchange({ probe: 'positive', isError: true, text: "browserType.launch: Executable doesn't exist at /ms-playwright/chromium/chrome" })],
    ['an API key the operator gives (firecrawl-mcp-server)', exchange({ probe: 'missing-required', label: "omit required 'url'", target: onProperties('required', 'url'), args: {}, isError: true, text: 'Unauthorized: API key is required when not using a self-hosted instance' })],
    ['a setting to be set (firecrawl-mcp-server)', exchange({ probe: 'positive', isError: true, text: 'firecrawl_parse requires FIRECRAWL_API_URL to be set' })],
    ['401 Unauthorized', exchange({ probe: 'positive', isError: true, text: 'Request failed with status code 401 Unauthorized' })],
    ['Please set X_API_KEY', exchange({ probe: 'positive', isError: true, text: 'Please set X_API_KEY' })],
    ['an unknown tool answered by the browser it could not start (playwright-mcp)', exchange({ probe: 'unknown-tool', name: 'nope', isError: true, text: 'Error: Chromium distribution \'chrome\' is not found at /opt/google/chrome/chrome\nRun "npx playwright install chrome"' })],
    ['a resource read whose upstream is down (vuetify mcp)', surfaceExchange('resources', surfaceCase('resources/read', { uri: 'errlint://x' }, { name: 'errlint://x', expect: 'refused', label: 'a resource that does not exist', expectCode: -32002 }), { error: { code: -32603, message: 'fetch failed' } })],
  ])('passes, a fault outside the call: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  // Near misses: words about the call (or a parser's), judged as before.
  it.each([
    ['a parser\'s "invalid token" is no credential', exchange({ probe: 'positive', isError: true, text: 'Invalid token' }), 'noNextStep'],
    ['"resolve" a reference, not a host', exchange({ probe: 'positive', isError: true, text: 'Could not resolve the reference' }), 'noNextStep'],
    ['"not accessible" alone says nothing of a host', exchange({ probe: 'positive', isError: true, text: 'Resource is not accessible' }), 'noNextStep'],
  ])('fails, about the call: %s', (_name, ex, messageId) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId });
  });

  it.each([
    ['validation error naming nothing', exchange({ probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), isError: true, text: 'Missing required parameter' }), 'noArgumentHint', { names: 'query' }],
    ['validation error with only a next step', exchange({ probe: 'wrong-type', label: "'count' as string", target: onProperties('type', 'count'), isError: true, text: 'Bad input, check your request' }), 'noArgumentHint', { names: 'count' }],
    ['near miss: one-letter name inside prose', exchange({ probe: 'wrong-type', label: "'a' as string", target: onProperties('type', 'a'), isError: true, text: 'Invalid: a problem occurred' }), 'noArgumentHint', { names: 'a' }],
    ['generic -32602', exchange({ probe: 'null-values', label: 'nulls', args: { limit: null }, error: { code: -32602, message: 'Invalid params' } }), 'noArgumentHint', { names: 'limit' }],
    // The label is prose for people: a name it quotes is not looked for, the target's are (else the keys sent).
    ['a name only the label quotes', exchange({ probe: 'wrong-type', label: "'query' as string", args: { limit: 1 }, isError: true, text: "Bad value for 'query'" }), 'noArgumentHint', { names: 'limit' }],
    ['the target, not the label', exchange({ probe: 'wrong-type', label: "'query' as string", target: onProperties('type', 'limit'), args: { limit: 1 }, isError: true, text: "Bad value for 'query'" }), 'noArgumentHint', { names: 'limit' }],
    ['tool failure without next step', exchange({ probe: 'positive', isError: true, text: 'Database unreachable' }), 'noNextStep', { text: 'Database unreachable' }],
    ['valid input: a value of ours inside prose is no pointer', exchange({ probe: 'positive', args: { q: 'a' }, isError: true, text: 'Internal failure in a worker' }), 'noNextStep', {}],
    ['unknown tool not named', exchange({ probe: 'unknown-tool', name: 'nope', error: { code: -32602, message: 'Invalid params' } }), 'noToolHint', { name: 'nope' }],
    ['empty name: generic', exchange({ probe: 'unknown-tool', name: '', error: { code: -32602, message: 'Invalid params' } }), 'noToolHint', { name: '', text: 'Invalid params' }],
    ['empty name: says not found, not what', exchange({ probe: 'unknown-tool', name: '', isError: true, text: 'Not found' }), 'noToolHint', { name: '' }],
    ['near miss: "name" without a problem', exchange({ probe: 'unknown-tool', name: '', isError: true, text: 'Request name: tools/call' }), 'noToolHint', { name: '' }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  describe('a refusal on another surface: naming what was asked for or its parameter is the hint', () => {
    const read = (uri: string) => surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label: 'a malformed URI', expectCode: -32602 });
    const prompt = surfaceCase('prompts/get', { name: 'simple-prompt_x' }, { name: 'simple-prompt_x', expect: 'refused', label: 'an unknown prompt name', expectCode: -32602 });
    it.each([
      ['the prompt named (server-everything)', surfaceExchange('prompts', prompt, { error: { code: -32602, message: 'MCP error -32602: Prompt simple-prompt_x not found' } })],
      ['the parameter named: "Invalid URL" (server-everything)', surfaceExchange('resources', read('errlint://not a uri/%zz'), { error: { code: -32603, message: 'Invalid URL' } })],
      ['a template named by its fixed start (server-everything expands it)', surfaceExchange('completions', surfaceCase('completion/complete', { ref: { type: 'ref/resource', uri: 'errlint://no-such-template/{id}' }, argument: { name: 'id', value: '' } }, { name: 'errlint://no-such-template/{id}', expect: 'any', label: 'completion for a resource template that does not exist' }), { error: { code: -32602, message: 'MCP error -32602: Resource template errlint://no-such-template/errlint-122 not found' } })],
      ['a resource named by its last segment (n8n-mcp 2.87.0)', surfaceExchange('resources', read('ui://n8n/errlint-no-such-resource'), { error: { code: -32603, message: 'UI app not found or not built: errlint-no-such-resource' } })],
      ['a next step', surfaceExchange('prompts', prompt, { error: { code: -32602, message: 'No such prompt. Call prompts/list to see the available prompts.' } })],
      // The prompt's own argument the case left out, named in the answer (probes/prompts.ts aims the case at it).
      ['a prompt argument named', surfaceExchange('prompts', surfaceCase('prompts/get', { name: 'summarize_order', arguments: {} }, { name: 'summarize_order', expect: 'refused', label: "'summarize_order' without its required argument 'order_id'", expectCode: -32602, target: onProperties('required', 'order_id') }), { error: { code: -32602, message: 'MCP error -32602: Missing required argument: order_id' } })],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });
    it('fails a prompt answer that names none of its arguments', () => {
      const missing = surfaceCase('prompts/get', { name: 'summarize_order', arguments: {} }, { name: 'summarize_order_x', expect: 'refused', label: 'missing', expectCode: -32602, target: onProperties('required', 'order_id') });
      expect(grade(rule, surfaceExchange('prompts', missing, { error: { code: -32602, message: 'Invalid params' } })).findings.map((f) => f.messageId)).toEqual(['noRequestHint']);
    });

    it('fails an answer that names nothing', () => {
      const { findings } = grade(rule, surfaceExchange('prompts', prompt, { error: { code: -32602, message: 'Not found' } }));
      expect(findings).toEqual([{ messageId: 'noRequestHint', severity: 'warning', data: { label: 'an unknown prompt name', name: 'simple-prompt_x', text: 'Not found' } }]);
    });
  });

  // Issue 21 (1): @coo-quack/calc-mcp 2.1.1 (sandboxed corpus pass). The probe added an undeclared property or sent a
  // schema-valid call, and the server refused its base call for another declared argument, which it names: that is what
  // failed, and the hint is right.
  describe('what actually failed: another declared argument said to be at fault', () => {
    const declared = (ex: ReturnType<typeof exchange>, inputProperties: string[]) => ({ ...ex, inputProperties });
    it.each([
      ['hash, extra property', declared(exchange({ probe: 'extra-properties', expect: 'any', label: "undeclared property '__errlint_extra'", target: onProperties('additionalProperties', '__errlint_extra'), args: { input: '', algorithm: 'hmac-sha256', __errlint_extra: 1 }, isError: true, text: 'Error: key is required for HMAC' }), ['input', 'algorithm', 'key', 'encoding'])],
      ['semver, empty values', declared(exchange({ probe: 'empty-values', expect: 'any', label: "'version' as ''", target: onProperties('empty', 'version'), args: { action: 'compare', version: '' }, isError: true, text: 'Error: version2 is required for compare' }), ['action', 'version', 'version2', 'range'])],
      ['random, unicode', declared(exchange({ probe: 'unicode', expect: 'any', label: "'type' as emoji", target: onProperties('unicode', 'type'), args: { type: 'shuffle' }, isError: true, text: 'Error: Items array is required for shuffle' }), ['type', 'min', 'max', 'items'])],
      ['ip, one of two named', declared(exchange({ probe: 'positive', args: { action: 'info' }, isError: true, text: 'Error: ip or cidr is required for info' }), ['action', 'ip', 'cidr'])],
      // One reading with the repair agent: "id is invalid" says the declared id is at fault, as a model reads it.
      ['"id" said to be invalid', declared(exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { limit: 'x' }, isError: true, text: 'Request id is invalid' }), ['id', 'limit'])],
      ['a wrong type refused for its empty required neighbour', declared(exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { query: '', limit: 'x' }, isError: true, text: "Invalid arguments: 'query' must not be empty" }), ['query', 'limit'])],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });

    it.each([
      // A declared "type" or "name" inside prose says nothing of that argument.
      ['a declared name in passing', declared(exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { limit: 'x' }, isError: true, text: 'Invalid request type' }), ['type', 'limit']), 'noArgumentHint'],
      // Short declared names count only quoted or after a word for a field (calc-mcp declares 'a'; many tools 'id').
      ['a short declared name in prose', declared(exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { limit: 'x' }, isError: true, text: 'Error: a required parameter is missing' }), ['a', 'limit']), 'noArgumentHint'],
      // A crash names a property of the code, even when an argument the call sent has that name.
      ['a crash quoting a declared name the call sent', declared(exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { limit: 'x', email: 'a@b.c' }, isError: true, text: "Cannot destructure property 'email' of 'request.params.arguments' as it is undefined." }), ['email', 'limit']), 'noArgumentHint'],
      ['a name that is not declared', declared(exchange({ probe: 'positive', args: { action: 'info' }, isError: true, text: 'Error: session is required' }), ['action', 'ip']), 'noNextStep'],
    ])('fails: %s', (_name, ex, messageId) => {
      expect(grade(rule, ex).findings.map((f) => f.messageId)).toEqual([messageId]);
    });
  });

  // Issue 21 (7): a tools/call without its arguments key. What failed is the arguments object itself: an answer that says
  // the arguments are required or were not provided names it (mcp-hello-world 1.1.2 and @eslint/mcp 0.3.13 through
  // SDK 1.x's zod; @itseasy21/mcp-knowledge-graph 1.0.7 by hand).
  describe('no arguments key', () => {
    const bare = (text: string, error = false) => {
      const ex = exchange({ probe: 'missing-required', label: "no arguments key (omit required 'a', 'b')", target: onProperties('required', 'a', 'b'), delivery: { kind: 'request', method: 'tools/call', params: { name: 'add' } }, ...(error ? { error: { code: -32603, message: text } } : { isError: true, text }) });
      return { ...ex, case: { ...ex.case, arguments: undefined } };
    };
    it.each([
      ['SDK 1.x zod', bare('MCP error -32602: Input validation error: Invalid arguments for tool add: Required')],
      ['by hand, on the protocol layer', bare('No arguments provided for tool: open_nodes', true)],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });
    it('fails an answer that says nothing of them, or a crash that merely shows them undefined', () => {
      expect(grade(rule, bare('Invalid params')).findings.map((f) => f.messageId)).toEqual(['noArgumentHint']);
      // fixtures/arguments-destructured.mjs on list_orders: the TypeError names an argument the tool does not have
      const crash = bare("Cannot destructure property 'email' of 'request.params.arguments' as it is undefined.", true);
      expect(grade(rule, crash).findings.map((f) => f.messageId)).toEqual(['noArgumentHint']);
    });
    it('an answer about arguments means nothing when the key was sent', () => {
      const sent = exchange({ probe: 'missing-required', label: "omit required 'a', 'b'", target: onProperties('required', 'a', 'b'), args: {}, isError: true, text: 'Invalid arguments for tool add: Required' });
      expect(grade(rule, sent).findings.map((f) => f.messageId)).toEqual(['noArgumentHint']);
    });
  });

  // Issue 21 (2): an answer cut by the answer cap (a 307 KB validation dump whose hint came after the cut) is not judged
  // for a hint it may have held; error-size-bounded reports its size.
  it('says nothing of an answer cut by the answer cap', () => {
    const dump = `Validation failed for ${'{"code":"custom","path":["nodes",0]} '.repeat(50)}`;
    const ex = exchange({ probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { limit: 'x' }, isError: true, text: dump });
    expect(grade(rule, ex).findings.map((f) => f.messageId)).toEqual(['noArgumentHint']);
    expect(grade(rule, { ...ex, responseCut: 300_000 })).toEqual({ applies: true, findings: [] });
  });

  it('does not apply to successes or blank tool errors', () => {
    expect(grade(rule, exchange({ probe: 'wrong-type', text: 'ok' })).applies).toBe(false);
    expect(grade(rule, exchange({ probe: 'wrong-type', isError: true, text: '' })).applies).toBe(false);
  });
});

describe('recovery-hint on a resources/read result that says isError', () => {
  it('reads the text of its contents (mongodb-mcp-server 3.0.4, an export that does not exist)', () => {
    const uri = 'exported-data://errlint-no-such-exportName';
    const read = surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label: 'template filled with names of nothing', expectCode: -32602 });
    const answer = { result: { contents: [{ uri, text: `Error reading ${uri}: Requested export has either expired or does not exist.` }], isError: true } };
    expect(grade(rule, surfaceExchange('resources', read, answer))).toEqual({ applies: true, findings: [] });
    expect(grade(rule, surfaceExchange('resources', read, { result: { contents: [{ uri: 'x', text: 'Failed' }], isError: true } })).findings.map((f) => f.messageId)).toEqual(['noRequestHint']);
  });
});
