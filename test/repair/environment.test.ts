// A fault outside the call (an upstream down, a program missing, a credential or setting unset), as the agent reads it:
// real answers from the registry board and other runtimes' wordings are recognised; answers about the call are not.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../src/diagnose/diagnose.js';
import { answerOf, callOf, toolError } from './answer.js';

const SCHEMA = { type: 'object', properties: { query: { type: 'string' }, url: { type: 'string' }, limit: { type: 'integer' } } };
const call = callOf('search', SCHEMA, { query: 'errlint', limit: 5 });
const faultOf = (text: string, c = call) => diagnose(answerOf(toolError(text)), c).environment;

describe('a fault outside the call', () => {
  it.each([
    // The registry board (52 published servers, no network, no browser, no keys).
    ['upstream', 'getaddrinfo ENOTFOUND knowledge.mongodb.com'],
    ['upstream', 'Error searching: TypeError: fetch failed'],
    ['upstream', 'Cannot reach Reddit servers - Reddit is not accessible. Check if Reddit is blocked in your region/network'],
    ['upstream', 'The connection to the server localhost:8080 was refused - did you specify the right host or port?'],
    ['upstream', 'request to https://api.tavily.com/search failed, reason: getaddrinfo EAI_AGAIN api.tavily.com'],
    ['upstream', 'connect ECONNREFUSED 127.0.0.1:5432'],
    // Other runtimes' words.
    ['upstream', "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.example.com', port=443): Max retries exceeded with url: /v1 (Caused by NewConnectionError('Failed to establish a new connection: [Errno -3] Temporary failure in name resolution'))"],
    ['upstream', 'httpx.ConnectError: [Errno 8] nodename nor servname provided, or not known'],
    ['upstream', 'Get "https://api.example.com/v1": dial tcp: lookup api.example.com: no such host'],
    ['upstream', 'Could not resolve host: api.example.com'],
    ['upstream', 'Unable to connect to the upstream service'],
    ['runtime', 'Chrome failed to start: Could not find Google Chrome executable for channel \'stable\' at: /opt/google/chrome/chrome.'],
    ['runtime', 'browserType.launch: Executable doesn\'t exist at /root/.cache/ms-playwright/chromium-1140/chrome-linux/chrome'],
    ['runtime', 'Error: Chromium distribution \'chrome\' is not found at /opt/google/chrome/chrome\nRun "npx playwright install chrome"'],
    ['runtime', 'Failed to launch the browser process!'],
    ['runtime', 'spawn kubectl ENOENT'],
    ['runtime', 'docker: command not found'],
    ['runtime', 'ffmpeg is not installed on this machine'],
    ['configuration', 'Unauthorized: API key is required when not using a self-hosted instance'],
    ['configuration', 'Alexandria requires an API key on a team with Alexandria access'],
    ['configuration', 'firecrawl_parse requires FIRECRAWL_API_URL to be set'],
    ['configuration', 'Request failed with status 401 Unauthorized'],
    ['configuration', 'Invalid API key. Please check your key at https://example.com/account'],
    ['configuration', 'Missing API key'],
    ['configuration', 'Please set BRAVE_API_KEY'],
    ['configuration', 'Error: GITHUB_PERSONAL_ACCESS_TOKEN environment variable is not set'],
    ['configuration', 'The access token has expired'],
    ['configuration', 'AuthenticationError: No API key provided. Set the OPENAI_API_KEY environment variable.'],
    ['configuration', 'Slack client is not configured'],
    ['configuration', 'Authentication failed: invalid credentials'],
  ])('%s: %s', (kind, text) => {
    expect(faultOf(text)).toMatchObject({ kind });
  });

  it.each([
    // About the call: the tool declares api_key / token / key, so the answer names an argument.
    ["Invalid value for 'api_key': expected string", callOf('t', { type: 'object', properties: { api_key: { type: 'string' } } }, { api_key: 5 })],
    ['Invalid api_key: expected a string', callOf('t', { type: 'object', properties: { api_key: { type: 'string' } } }, { api_key: 5 })],
    ['API key is required', callOf('t', { type: 'object', properties: { apiKey: { type: 'string' } } }, {})],
    ['Invalid access token', callOf('t', { type: 'object', properties: { access_token: { type: 'string' } } }, { access_token: 'x' })],
    ['key is required for HMAC', callOf('t', { type: 'object', properties: { algorithm: { type: 'string' }, key: { type: 'string' } } }, { algorithm: 'hmac-sha256', key: '' })],
    // A value the call sent: a package we asked for is not installed, a region we named is not configured.
    ["Package 'left-pad' is not installed", callOf('t', { type: 'object', properties: { name: { type: 'string' } } }, { name: 'left-pad' })],
    ["Region 'mars-north' is not configured", callOf('t', { type: 'object', properties: { region: { type: 'string' } } }, { region: 'mars-north' })],
    // Not about the surroundings at all.
    ['query must not be empty', call],
    ['Unexpected token } in JSON at position 5', call],
    ['Could not resolve the reference to library #/defs/x', call],
    ['Database record not found', call],
    ['Cannot read properties of undefined (reading \'map\')', call],
  ])('not outside the call: %s', (text, c) => {
    expect(faultOf(text, c)).toBeUndefined();
  });

  // The same words, to a tool that declares no such argument and a call that sent no such value: the setup's.
  it.each([
    ['Invalid api_key: expected a string', 'configuration'],
    ['API key is required', 'configuration'],
    ['Invalid access token', 'configuration'],
    ["Package 'left-pad' is not installed", 'runtime'],
    ["Region 'mars-north' is not configured", 'configuration'],
  ])('outside the call when the call has no part in it: %s', (text, kind) => {
    expect(faultOf(text)).toMatchObject({ kind });
  });

  it('locating an argument outranks any marker: the answer is about the call', () => {
    const located = diagnose(answerOf(toolError("Parameter 'url' is required (fetch failed without it)")), callOf('t', SCHEMA, {}));
    expect(located.culprits.map((c) => c.path)).toEqual([['url']]);
    expect(located.environment).toBeUndefined();
  });
});
