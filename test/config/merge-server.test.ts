// mergeOptions and the chosen server: its literal secrets become no-secrets patterns that match only themselves, and
// what names the server (name, anchor, replay words, config file) reaches the lint options unchanged.
import { describe, expect, it } from 'vitest';
import { mergeOptions } from '../../src/config/merge.js';
import type { ServerChoice } from '../../src/config/servers.js';
import type { LoadedConfig } from '../../src/config/load.js';
import { findSecrets, redact } from '../../src/matchers/secrets.js';
import { replayCommand } from '../../src/report/replay.js';

const STDIO: ServerChoice = { target: { command: 'node', args: ['s.js'] }, secrets: [] };

const withSecrets = (...secrets: string[]): ServerChoice => ({ ...STDIO, secrets });
const patternsOf = (choice: ServerChoice, loaded?: LoadedConfig) => (mergeOptions(choice, {}, loaded).ruleOptions?.['no-secrets'] as { extraPatterns?: string[] } | undefined)?.extraPatterns;

/** Values full of regex syntax: each pattern made of one must match that value and nothing else. */
const HOSTILE = ['a.b*c+d', '(x|y)[z]{2}', '^start$', 'back\\slash\\d+', 'q?u?e?s?t', 'Bearer ey.J0+/=='];

describe('secrets of the chosen server', () => {
  it('adds no no-secrets options when the server has no secret', () => {
    expect(mergeOptions(STDIO, {}).ruleOptions).toEqual({});
  });

  it('keeps values of at least 6 characters, once each, in order', () => {
    expect(patternsOf(withSecrets('12345', 'abcdef', 'tok-123456', 'abcdef', ''))).toEqual(['abcdef', 'tok-123456']);
    expect(patternsOf(withSecrets('short', '42', ''))).toBeUndefined();
  });

  it.each(HOSTILE)('escapes %s so that it matches itself and nothing else', (value) => {
    const [pattern] = patternsOf(withSecrets(value))!;
    expect(new RegExp(`^(?:${pattern})$`).test(value)).toBe(true);
    // Strings the unescaped value would match as a regex (or that differ by one character) are left alone.
    for (const other of ['abbbcd', 'aXb*c+d', 'x', 'yzz', 'start', 'back\\slash\\d', 'backslashd', 'quest', 'back slash1', 'Bearer eyXJ0+/==', 'Bearer eyJ0000/=', value.slice(1), value.slice(0, -1)]) {
      if (other !== value) expect(findSecrets(`before ${other} after`, { extraPatterns: [pattern] }).filter((f) => f.kind === 'custom')).toEqual([]);
    }
    const found = findSecrets(`leaked: ${value}!`, { extraPatterns: [pattern] }).filter((f) => f.kind === 'custom');
    expect(found.map((f) => f.match)).toEqual([value]);
    expect(redact(`leaked: ${value}!`, { extraPatterns: [pattern] })).toBe('leaked: [REDACTED:custom]!');
  });

  it('adds them to the no-secrets options of the config file, keeping its own patterns and keys', () => {
    const loaded: LoadedConfig = {
      file: 'mcp-errlint.config.json',
      dir: '/work',
      config: { rules: { 'no-secrets': ['warning', { extraPatterns: ['corp_[a-z]{8}'] }] } },
    };
    const options = mergeOptions(withSecrets('tok-123456'), {}, loaded);
    expect(options.rules?.['no-secrets']).toBe('warning');
    expect(options.ruleOptions?.['no-secrets']).toEqual({ extraPatterns: ['corp_[a-z]{8}', 'tok-123456'] });
  });

  it('leaves the options of other rules alone', () => {
    const loaded: LoadedConfig = { file: 'c.json', dir: '/work', config: { rules: { 'no-internal-details': ['warning', { allowedHosts: ['a.corp'] }] } } };
    expect(mergeOptions(withSecrets('tok-123456'), {}, loaded).ruleOptions).toEqual({
      'no-internal-details': { allowedHosts: ['a.corp'] },
      'no-secrets': { extraPatterns: ['tok-123456'] },
    });
  });
});

describe('secrets of its command line and its private environment', () => {
  it('grades the short credentials in their context, and only redacts the private values', () => {
    const choice: ServerChoice = { ...STDIO, secrets: ['pw9', 'tok-123456'], secretContexts: ['--password[=\\s]{1,6}(?<secret>pw9)'], privateValues: ['eu-west-1', 'tok-123456', 'dev'] };
    const options = mergeOptions(choice, {});
    expect(options.ruleOptions?.['no-secrets']).toEqual({ extraPatterns: ['tok-123456', '--password[=\\s]{1,6}(?<secret>pw9)'] });
    // A value already graded is not repeated; one too short to redact alone is dropped.
    expect(options.redactPatterns).toEqual(['eu-west-1']);
  });

  it('carries the shown command over, and sets no redactPatterns when there is nothing private', () => {
    const shown = ['node', 's.js', '--token', [{ env: 'TOKEN' }]];
    const options = mergeOptions({ ...STDIO, shown, secrets: ['tok-123456'] }, {});
    expect(options.shown).toEqual(shown);
    expect(options).not.toHaveProperty('redactPatterns');
  });
});

describe('what names the chosen server', () => {
  it('carries name, anchor, replay words and config file over as they are', () => {
    const choice: ServerChoice = {
      target: { url: 'http://127.0.0.1:1/mcp', transport: 'http', headers: { Authorization: 'Bearer tok-123456' } },
      name: 'orders',
      anchor: { uri: 'fixtures/client-configs/vscode-mcp.json', line: 22 },
      configFile: 'mcp-errlint.config.json',
      replayServer: ['--mcp-config', 'fixtures/client-configs/vscode-mcp.json', '--server', 'orders'],
      secrets: [],
    };
    expect(mergeOptions(choice, {})).toMatchObject({
      target: choice.target,
      name: 'orders',
      anchor: { uri: 'fixtures/client-configs/vscode-mcp.json', line: 22 },
      configFile: 'mcp-errlint.config.json',
      replayServer: ['--mcp-config', 'fixtures/client-configs/vscode-mcp.json', '--server', 'orders'],
    });
  });

  it('sets none of them when the choice has none', () => {
    const options = mergeOptions(STDIO, {});
    for (const key of ['name', 'anchor', 'configFile', 'replayServer', 'shown', 'redactPatterns']) expect(options).not.toHaveProperty(key);
    expect(options.target).toBe(STDIO.target);
  });

  it('keeps an empty name (a server named "" in a file) rather than dropping it', () => {
    expect(mergeOptions({ ...STDIO, name: '' }, {})).toHaveProperty('name', '');
  });
});

describe('OAuth client credentials of the chosen server', () => {
  const choice: ServerChoice = {
    target: { url: 'http://127.0.0.1:1/mcp', transport: 'auto' },
    replayServer: ['--url', 'http://127.0.0.1:1/mcp'],
    secrets: ['ci-secret-123456'],
    oauthClientCredentials: { clientId: 'ci-client', clientSecret: 'ci-secret-123456', scope: 'mcp:tools' },
  };

  it('reach the lint options, the secret among the patterns every output redacts', () => {
    const options = mergeOptions(choice, {});
    expect(options.oauthClientCredentials).toBe(choice.oauthClientCredentials);
    expect(options.ruleOptions?.['no-secrets']).toEqual({ extraPatterns: ['ci-secret-123456'] });
    expect(mergeOptions({ ...choice, oauthClientCredentials: undefined }, {})).not.toHaveProperty('oauthClientCredentials');
  });

  it('make a replay command say to get a token the same way, never showing a credential', () => {
    const replay = replayCommand(mergeOptions(choice, {}), 7, 10_000, 'recommended', { tool: 'lookup_user', probe: 'wrong-type', path: '3' });
    expect(replay).toBe("npx mcp-errlint --seed 7 --tool lookup_user --probe wrong-type --path 3 --oauth-client-credentials --oauth-scope mcp:tools --url http://127.0.0.1:1/mcp");
    expect(replay).not.toMatch(/ci-secret|ci-client|Authorization/);
  });
});
