// Answers published servers wrote themselves that the recovery rules misread (the registry board's audit): a crash quoting
// an argument the call left out, a shortened compound name, an emptiness complaint only one value fits, a concrete step to
// check, a credential the operator gives. Each with other wordings, and the near misses that must stay findings.
import { describe, expect, it } from 'vitest';
import { rule as recoveryHint } from '../../rules/recovery-hint.js';
import { repairCall, type AgentSettings, type Send } from '../../src/repair/agent.js';
import { guidanceOf } from '../../src/diagnose/guidance.js';
import { diagnose } from '../../src/diagnose/diagnose.js';
import { onProperties } from '../../probes/case.js';
import type { Exchange } from '../../src/exchange.js';
import type { JsonSchema } from '../../src/types.js';
import type { ToolInfo } from '../../src/session/types.js';
import { exchange, grade, type ExchangeSpec } from '../helpers/exchange.js';
import { answerOf, callOf, toolError } from './answer.js';

// The tools as the servers declare them (server-aws-kb-retrieval 0.6.2, weather-mcp 1.23.0, reddit-mcp-buddy 1.1.14,
// chrome-devtools-mcp 1.11.0), cut to what the cases need.
const KB: JsonSchema = { type: 'object', properties: { query: { type: 'string' }, knowledgeBaseId: { type: 'string' }, n: { type: 'number' } }, required: ['query', 'knowledgeBaseId'] };
const LOCATION: JsonSchema = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number', minimum: 1, maximum: 100 } }, required: ['query'] };
const GRAPH: JsonSchema = { type: 'object', properties: { observations: { type: 'array', items: { type: 'string' } } }, required: ['observations'] };
const SEARCH: JsonSchema = {
  type: 'object',
  properties: { query: { type: 'string' }, subreddits: { type: 'array', items: { type: 'string' } }, limit: { type: 'number', minimum: 1, maximum: 100 }, author: { type: 'string' } },
  required: ['query'],
};
const EMULATE: JsonSchema = {
  type: 'object',
  properties: { pageId: { type: 'number' }, userAgent: { type: 'string' }, extraHttpHeaders: { type: 'string' }, viewport: { type: 'string' }, startDate: { type: 'string' }, endDate: { type: 'string' }, rawData: { type: 'string' } },
  required: ['pageId'],
};

/** A tools/call sent without its arguments key (missing-required's first case). */
function noArgumentsKey(schema: JsonSchema, spec: ExchangeSpec): Exchange {
  const required = (schema as { required?: string[] }).required ?? [];
  const ex = exchange({ probe: 'missing-required', label: `no arguments key (omit required ${required.map((n) => `'${n}'`).join(', ')})`, target: onProperties('required', ...required), delivery: { kind: 'request', method: 'tools/call', params: { name: 'search_docs' } }, ...spec });
  return { ...ex, case: { ...ex.case, arguments: undefined }, inputSchema: schema };
}

const withSchema = (schema: JsonSchema, spec: ExchangeSpec): Exchange => ({ ...exchange(spec), inputSchema: schema });
const hints = (ex: Exchange) => grade(recoveryHint, ex).findings.map((f) => f.messageId);

const settings: AgentSettings = { attempts: 3, toolNames: ['search_docs'], maxWaitMs: 5000, backoffMs: 1000, wait: async () => {} };
const offline: Send = async () => ({ notSent: 'offline' });
/** The repair agent's decision on a refused call, nothing sent (the schema judges). */
const decide = (ex: Exchange, schema: JsonSchema) => repairCall({ exchange: ex, tool: { name: ex.tool, inputSchema: schema } as ToolInfo, policy: { level: 'none', reason: 'offline' } }, offline, settings);

describe('a crash that quotes a declared argument the call left out names it', () => {
  it.each([
    // The audit: server-aws-kb-retrieval (-32603) and weather-mcp (isError), each sent without its arguments key.
    ['aws-kb-retrieval: destructure', noArgumentsKey(KB, { error: { code: -32603, message: "Cannot destructure property 'query' of 'args' as it is undefined." } })],
    ['weather-mcp: reading', noArgumentsKey(LOCATION, { isError: true, text: "Error: Cannot read properties of undefined (reading 'query')" })],
    // Other runtimes' words for the same crash.
    ['older V8', withSchema(LOCATION, { probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), args: { limit: 5 }, isError: true, text: "TypeError: Cannot read property 'query' of undefined" })],
    ['Firefox', withSchema(LOCATION, { probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), args: { limit: 5 }, isError: true, text: 'TypeError: can\'t access property "query", args is undefined' })],
    ["Python's KeyError", withSchema(KB, { probe: 'missing-required', label: "omit required 'knowledgeBaseId'", target: onProperties('required', 'knowledgeBaseId'), args: { query: 'x' }, isError: true, text: "KeyError: 'knowledgeBaseId'" })],
  ])('passes recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual([]);
  });

  it.each([
    // The audit's right findings: the crash names the code's own method, no argument.
    ["(reading 'map') for an omitted observations", noArgumentsKey(GRAPH, { isError: true, text: "Cannot read properties of undefined (reading 'map')" })],
    ["(reading 'toLowerCase')", withSchema(LOCATION, { probe: 'missing-required', label: "omit required 'query'", target: onProperties('required', 'query'), args: { limit: 5 }, isError: true, text: "Cannot read properties of undefined (reading 'toLowerCase')" })],
    // A declared argument the call sent: the crash is about something the code read from it, not the argument.
    ['a declared argument the call sent', withSchema(LOCATION, { probe: 'wrong-type', label: "'limit' as string", target: onProperties('type', 'limit'), args: { query: 'Paris', limit: 'x' }, isError: true, text: "Cannot read properties of undefined (reading 'query')" })],
    // A name the tool does not declare.
    ['a name the tool does not declare', noArgumentsKey(LOCATION, { error: { code: -32603, message: "Cannot destructure property 'email' of 'args' as it is undefined." } })],
  ])('fails recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual(['noArgumentHint']);
  });

  it('the agent reads the omitted argument as missing and fills it; a crash naming no argument leaves it nothing', async () => {
    const crash = noArgumentsKey(LOCATION, { isError: true, text: "Error: Cannot read properties of undefined (reading 'query')" });
    const record = await decide(crash, LOCATION);
    expect(record.steps[0].understood).toBe('query: missing [prose]');
    expect(record.steps[0].call?.arguments).toEqual({ query: expect.any(String) });
    expect(record.result).toBe('recovered');
    const none = await decide(noArgumentsKey(GRAPH, { isError: true, text: "Cannot read properties of undefined (reading 'map')" }), GRAPH);
    expect(none.result).toBe('not-recoverable');
  });
});

describe('a shortened compound name names its argument when only one declared argument ends in it', () => {
  const emulate = (text: string, args: Record<string, unknown> = { extraHttpHeaders: ' ' }) =>
    withSchema(EMULATE, { probe: 'missing-required', label: "omit required 'pageId'", target: onProperties('required', 'pageId'), args, isError: true, text });
  it.each([
    // The audit: chrome-devtools-mcp's emulate with extraHttpHeaders " ".
    ['"Invalid JSON for headers"', emulate('Invalid JSON for headers: Unexpected end of JSON input')],
    ['said to be at fault', emulate('headers cannot be parsed')],
    ['a parser that could not read it', emulate('Could not parse headers: Unexpected token')],
    ['in the singular', emulate('Malformed header')],
  ])('passes recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual([]);
  });

  it.each([
    // Common words name the call, not an argument: "value", "data", "id".
    ['"value"', emulate('Invalid value: Unexpected end of JSON input', { rawData: ' ' })],
    ['"data"', emulate('Invalid data', { rawData: ' ' })],
    ['"id"', emulate('Invalid id')],
    // Two declared arguments end in "date": neither is meant in particular.
    ['a word two arguments end in', emulate('Invalid date', { startDate: 'x', endDate: 'y' })],
    // Another argument is named by the word itself.
    ['a word another argument is', withSchema({ ...EMULATE, properties: { ...(EMULATE as { properties: object }).properties, header: { type: 'string' } } }, { probe: 'missing-required', label: "omit required 'pageId'", target: onProperties('required', 'pageId'), args: { extraHttpHeaders: ' ' }, isError: true, text: 'Invalid headers' })],
    // The word without a fault found with it.
    ['the word in passing', emulate('Headers sent by the page were dropped')],
  ])('fails recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual(['noArgumentHint']);
  });
});

describe('an emptiness complaint locates the one value sent empty', () => {
  const search = (args: Record<string, unknown>, text: string, probe: 'empty-values' | 'unicode' = 'empty-values') =>
    withSchema(SEARCH, { probe, label: "'query' as empty string", target: onProperties('empty', 'query'), args, isError: true, text });
  it.each([
    // The audit: reddit-mcp-buddy's search_reddit.
    ['empty-values', search({ query: '' }, 'Error: Cache key parts cannot be empty strings')],
    ['unicode, with a NUL in another argument', search({ query: '', author: '\u0000' }, 'Error: Cache key parts cannot be empty strings', 'unicode')],
    ['blank', search({ query: '   ', limit: 5 }, 'Search terms cannot be blank')],
    ['an empty list', search({ query: 'rust', subreddits: [] }, 'List cannot be empty')],
  ])('passes recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual([]);
  });

  // What the agent reads: the one value sent empty is the culprit, whatever words say so.
  it.each([
    ['Error: Cache key parts cannot be empty strings', { query: '' }, ['query']],
    ['Value must not be blank', { query: '   ', limit: 5 }, ['query']],
    ['Empty strings are not allowed', { query: '', limit: 5 }, ['query']],
    ['Expected a non-empty string', { query: '' }, ['query']],
    ['List cannot be empty', { query: 'rust', subreddits: [] }, ['subreddits']],
    // Near misses: two values empty, none, or words about the result.
    ['Error: Cache key parts cannot be empty strings', { query: '', author: '' }, undefined],
    ['Error: Cache key parts cannot be empty strings', { query: 'rust' }, undefined],
    ['Search returned empty results', { query: '' }, undefined],
    ['The response body was empty', { query: '' }, undefined],
  ] as [string, Record<string, unknown>, string[] | undefined][])('culprit of "%s" for %j', (text, args, path) => {
    expect(diagnose(answerOf(toolError(text)), callOf('search_reddit', SEARCH, args)).culprits.map((c) => c.path)).toEqual(path === undefined ? [] : [path]);
  });

  it.each([
    // Two values sent empty: the complaint points at neither.
    ['two empty values', search({ query: '', author: '' }, 'Error: Cache key parts cannot be empty strings')],
    // Words about the result, not a refusal of an empty value.
    ['an empty result', search({ query: '' }, 'Search returned empty results')],
    ['no value sent empty', search({ query: 'rust' }, 'Error: Cache key parts cannot be empty strings')],
  ])('fails recovery-hint: %s', (_name, ex) => {
    expect(hints(ex)).toEqual(['noNextStep']);
  });

  it('the agent fills the empty value instead of retrying blind', async () => {
    const record = await decide(search({ query: '' }, 'Error: Cache key parts cannot be empty strings'), SEARCH);
    expect(record.category).toBe('validation');
    expect(record.steps[0].understood).toMatch(/^query: length/);
    expect(record.steps[0].call?.arguments).toEqual({ query: expect.stringMatching(/\S/) });
    expect(record.result).toBe('recovered');
  });
});

describe('a concrete thing to check is a next step', () => {
  const valid = (text: string) => guidanceOf(withSchema(SEARCH, { probe: 'positive', args: { query: 'rust' }, isError: true, text }), ['search_docs'], undefined);
  it.each([
    // The audit: reddit-mcp-buddy with no network.
    ['Cannot reach Reddit servers - Reddit is not accessible. Check if Reddit is blocked in your region/network'],
    ['Reddit answered with a login page. Check whether Reddit is blocked in your region'],
    ['Verify that the Docker daemon is running'],
    ['Make sure your network allows outbound HTTPS'],
    ['Check your internet connection'],
  ])('says what to do: %s', (text) => {
    expect(valid(text)?.cause).toBe('says what to do');
  });

  it.each([
    ['Please check your input and try again'],
    ['Check the parameters'],
    ['Verify the request'],
    ['Make sure the arguments are correct'],
    ['Check that the values are valid'],
    ['Check if it exists'],
    ['Check the server logs for more details'],
  ])('gives nothing: %s', (text) => {
    expect(valid(text)).toBeUndefined();
  });

  it('recovery-hint: a concrete check passes, a vague one fails', () => {
    const ex = (text: string) => withSchema(SEARCH, { probe: 'positive', args: { query: 'rust' }, isError: true, text });
    expect(hints(ex('Reddit answered with a login page. Check if Reddit is blocked in your region/network'))).toEqual([]);
    expect(hints(ex('Reddit answered with a login page. Please check your input'))).toEqual(['noNextStep']);
  });
});

describe('a credential the operator gives is never the call’s fault', () => {
  // firecrawl-mcp 3.26.0's firecrawl_search: a browser action's keyboard `key` sits deep in scrapeOptions.
  const FIRECRAWL: JsonSchema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      scrapeOptions: { type: 'object', properties: { actions: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, key: { type: 'string' } } } } } },
    },
    required: ['query'],
  };
  const args = { query: 'rust', scrapeOptions: { actions: [{ type: 'wait' }] } };
  it.each([
    ['Alexandria requires an API key on a team with Alexandria access'],
    ['This feature requires an API key'],
    ['Missing API key'],
    ['Invalid access token'],
  ])('configuration, though the tool declares a `key`: %s', (text) => {
    expect(diagnose(answerOf(toolError(text)), callOf('firecrawl_search', FIRECRAWL, args)).environment).toMatchObject({ kind: 'configuration' });
  });

  it('recovery-hint and the agent leave the audit answer out', async () => {
    const ex = withSchema(FIRECRAWL, { probe: 'positive', args, isError: true, text: 'Alexandria requires an API key on a team with Alexandria access', structuredContent: { code: 'EXCHANGE_API_KEY_REQUIRED', message: 'Alexandria requires an API key on a team with Alexandria access' } });
    expect(hints(ex)).toEqual([]);
    expect(await decide(ex, FIRECRAWL)).toMatchObject({ result: 'undetermined', outOfRate: 'configuration' });
  });

  it.each([
    // The credential is an argument of the tool: the answer is about the call.
    ['API key is required', { type: 'object', properties: { apiKey: { type: 'string' } } }],
    ['Missing API key', { type: 'object', properties: { options: { type: 'object', properties: { api_key: { type: 'string' } } } } }],
    ['Invalid access token', { type: 'object', properties: { accessToken: { type: 'string' } } }],
    // Its last word alone, at the top level: the tool's own token may well be the access token.
    ['Invalid access token', { type: 'object', properties: { token: { type: 'string' } } }],
  ] as [string, JsonSchema][])('about the call when the tool takes it: %s', (text, schema) => {
    expect(diagnose(answerOf(toolError(text)), callOf('t', schema, {})).environment).toBeUndefined();
  });
});

describe('a value the call sent is quoted only as a whole word', () => {
  // chrome-devtools-mcp 1.11.0's list_console_messages with types ["table", …]: "table" inside "stable" quotes nothing.
  const CONSOLE: JsonSchema = { type: 'object', properties: { pageId: { type: 'number' }, types: { type: 'array', items: { type: 'string' } } } };
  const chrome = "Chrome failed to start: Could not find Google Chrome executable for channel 'stable' at: - /opt/google/chrome/chrome.";
  it('a missing browser stays outside the call', () => {
    expect(diagnose(answerOf(toolError(chrome)), callOf('list_console_messages', CONSOLE, { pageId: 1, types: ['table', 'profileEnd'] })).environment).toMatchObject({ kind: 'runtime' });
  });
  it('a value quoted whole is about the call', () => {
    expect(diagnose(answerOf(toolError("Package 'left-pad' is not installed")), callOf('t', { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } }, { names: ['left-pad'] })).environment).toBeUndefined();
    expect(diagnose(answerOf(toolError('Could not find the stable browser binary')), callOf('list_console_messages', CONSOLE, { types: ['stable'] })).environment).toBeUndefined();
  });
});
