// Config loading and validation: the shipped schema, one exact line per problem, unknown ids, malformed JSON, discovery.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, ConfigError, configSchemaPath, loadConfig, parseConfig } from '../../src/config/load.js';
import { PROBE_KINDS, PROTOCOL_VERSIONS } from '../../src/types.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FILE = 'mcp-errlint.config.json';

/** The problem lines for a config given as a JS value (or as raw text). */
function problems(config: unknown): string[] {
  try {
    parseConfig(typeof config === 'string' ? config : JSON.stringify(config), FILE);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('a valid config', () => {
  it('is returned as written: the complete example of docs/config.md', () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(readFileSync(join(ROOT, 'docs', 'config.md'), 'utf8'))![1];
    const config = parseConfig(example, FILE);
    expect(config).toEqual(JSON.parse(example));
    expect(Object.keys(config).sort()).toEqual(
      ['$schema', 'server', 'profile', 'rules', 'tools', 'probes', 'runs', 'timeout', 'seed', 'failOn', 'minScore', 'allowWrites', 'allowDestructive', 'protocolVersion'].sort(),
    );
  });

  it.each([
    ['an empty object', {}],
    ['bare levels', { rules: { 'no-stack-trace': 'off', 'error-not-generic': 'note', 'recovery-hint': 'warning', 'error-channel': 'error' } }],
    ['[level] and [level, {}] for a rule without options', { rules: { 'no-stack-trace': ['warning'], 'no-secrets': ['error', {}] } }],
    ['options that match the rule’s options schema', { rules: { 'no-internal-details': ['error', { allowedHosts: ['a.corp'], extraPatterns: ['T-\\d+'] }] } }],
    ['every probe kind set', { probes: Object.fromEntries(PROBE_KINDS.map((k) => [k, true])) }],
    ['metadata field names', { metadata: { categoryFields: ['failureClass'], retryableFields: ['canRetry'], delayFields: ['backoffMs'], userMessageFields: ['displayMessage'] } }],
    ['a UTF-8 byte order mark', '\uFEFF{"runs": 1}'],
    ['OAuth client credentials with a scope', { oauthClientCredentials: true, oauthScope: 'mcp:read mcp:write' }],
  ])('accepts %s', (_, config) => {
    expect(problems(config)).toEqual([]);
  });
});

describe('an invalid config: one line per problem, "<file>: <JSON path>: <what was expected>"', () => {
  it.each<[string, unknown, string[]]>([
    ['a bad level', { rules: { 'no-stack-trace': 'fatal' } }, ['/rules/no-stack-trace: must be one of off, note, warning, error']],
    ['a level of the wrong type', { rules: { 'no-stack-trace': 2 } }, ['/rules/no-stack-trace: must be a level (off, note, warning, error) or [level, {options}]']],
    ['an empty rule array', { rules: { 'no-stack-trace': [] } }, ['/rules/no-stack-trace: must be a level (off, note, warning, error) or [level, {options}]']],
    ['a rule array too long', { rules: { 'no-stack-trace': ['error', {}, {}] } }, ['/rules/no-stack-trace: must be a level (off, note, warning, error) or [level, {options}]']],
    ['a bad level in an array', { rules: { 'no-stack-trace': ['fatal'] } }, ['/rules/no-stack-trace/0: must be one of off, note, warning, error']],
    ['options that are not an object', { rules: { 'no-internal-details': ['error', 'a.corp'] } }, ['/rules/no-internal-details/1: must be object']],
    ['options for a rule that takes none', { rules: { 'no-stack-trace': ['error', { languages: ['js'] }] } }, ["/rules/no-stack-trace/1: rule 'no-stack-trace' takes no options"]],
    [
      'options against the rule’s options schema',
      { rules: { 'no-internal-details': ['error', { allowedHosts: 'a.corp', extraPatterns: ['('], allowHosts: [] }] } },
      [
        "/rules/no-internal-details/1/allowHosts: unknown key 'allowHosts' (did you mean 'allowedHosts'?)",
        '/rules/no-internal-details/1/extraPatterns/0: must match format "regex"',
        '/rules/no-internal-details/1/allowedHosts: must be array',
      ],
    ],
    ['an unknown top-level key', { timeoutMs: 5000 }, ["/timeoutMs: unknown key 'timeoutMs' (did you mean 'timeout'?)"]],
    ['an unknown metadata key', { metadata: { categoryField: ['x'] } }, ["/metadata/categoryField: unknown key 'categoryField' (did you mean 'categoryFields'?)"]],
    ['an empty metadata field name', { metadata: { delayFields: [''] } }, ['/metadata/delayFields/0: must NOT have fewer than 1 characters']],
    [
      'metadata field names as a rule\'s options (where they once were)',
      { rules: { 'structured-error-metadata': ['error', { categoryFields: ['failureClass'] }] } },
      ["/rules/structured-error-metadata/1: rule 'structured-error-metadata' takes no options (metadata field names are the top-level \"metadata\" key)"],
    ],
    ['an unknown key with nothing close', { tools: { only: ['a'] } }, ["/tools/only: unknown key 'only' (known: include, exclude)"]],
    ['a profile', { profile: 'lenient' }, ['/profile: must be one of recommended, strict']],
    ['runs below 0', { runs: -1 }, ['/runs: must be >= 0']],
    ['an empty OAuth scope, and credentials as a string', { oauthClientCredentials: 'yes', oauthScope: '' }, ['/oauthClientCredentials: must be boolean', '/oauthScope: must NOT have fewer than 1 characters']],
    ['a fractional timeout', { timeout: 1.5 }, ['/timeout: must be integer']],
    ['a zero timeout', { timeout: 0 }, ['/timeout: must be >= 1']],
    ['a string seed', { seed: '7' }, ['/seed: must be integer']],
    ['failOn', { failOn: 'warn' }, ['/failOn: must be one of error, warning, note, never']],
    ['minScore above 100', { minScore: 101 }, ['/minScore: must be <= 100']],
    ['allowWrites as a string', { allowWrites: 'yes' }, ['/allowWrites: must be boolean']],
    ['allowDestructive as a number', { allowDestructive: 1 }, ['/allowDestructive: must be boolean']],
    ['protocolVersion', { protocolVersion: '2025-01-01' }, [`/protocolVersion: must be one of ${PROTOCOL_VERSIONS.join(', ')}`]],
    ['a server without command', { server: { args: ['x.js'] } }, ["/server: must have required property 'command'"]],
    ['server args and env of the wrong types', { server: { command: 'node', args: 'x.js', env: { PORT: 1 } } }, ['/server/args: must be array', '/server/env/PORT: must be string']],
    ['tools globs not in an array', { tools: { include: 'lookup_*' } }, ['/tools/include: must be array']],
    ['an empty include', { tools: { include: [] } }, ['/tools/include: must NOT have fewer than 1 items']],
    ['a probe switch that is not boolean', { probes: { oversized: 'no' } }, ['/probes/oversized: must be boolean']],
    ['a config that is not an object', [], ['/: must be object']],
  ])('%s', (_, config, expected) => {
    expect(problems(config)).toEqual(expected.map((line) => `${FILE}: ${line}`));
  });

  it('lists every problem at once, each on its own line', () => {
    const lines = problems({ profile: 'lenient', runs: -1, rules: { 'no-stack-trace': 'fatal', 'no-such-rule': 'off' } });
    expect(lines).toEqual([
      `${FILE}: /profile: must be one of recommended, strict`,
      `${FILE}: /rules/no-stack-trace: must be one of off, note, warning, error`,
      `${FILE}: /runs: must be >= 0`,
      `${FILE}: /rules/no-such-rule: unknown rule id 'no-such-rule'`,
    ]);
  });

  it('names an unknown rule id and suggests the closest known one', () => {
    expect(problems({ rules: { 'no-stack-traces': 'off' } })).toEqual([`${FILE}: /rules/no-stack-traces: unknown rule id 'no-stack-traces' (did you mean 'no-stack-trace'?)`]);
    expect(problems({ rules: { 'stack-trace': 'off' } })).toEqual([`${FILE}: /rules/stack-trace: unknown rule id 'stack-trace' (did you mean 'no-stack-trace'?)`]);
    expect(problems({ rules: { 'zzz': 'off' } })).toEqual([`${FILE}: /rules/zzz: unknown rule id 'zzz'`]);
  });

  it('names an unknown probe kind and suggests the closest known one', () => {
    expect(problems({ probes: { unicod: false } })).toEqual([`${FILE}: /probes/unicod: unknown probe kind 'unicod' (did you mean 'unicode'?)`]);
  });

  it('escapes JSON pointer characters; control characters and terminal escapes never reach the line', () => {
    expect(problems({ rules: { 'a/b~c': 'off' } })).toEqual([`${FILE}: /rules/a~1b~0c: unknown rule id 'a/b~c'`]);
    expect(problems({ rules: { 'a\nb\u001b[2J': 'off' } })).toEqual([`${FILE}: /rules/a\\u000ab: unknown rule id 'a\\u000ab'`]);
  });
});

describe('malformed JSON: one line with the file, line and column', () => {
  it.each([
    ['a missing value', '{\n  "runs": 2,\n  "profile": }\n', '3:14: invalid JSON: expected a value, found "}"'],
    ['a trailing comma', '{\n  "runs": 2,\n}', `3:1: invalid JSON: expected a property name in double quotes, found "}"`],
    ['a comment', '{\n  // runs\n  "runs": 2\n}', '2:3: invalid JSON: expected a property name in double quotes, found "/"'],
    ['a missing comma', '{ "runs": 2 "seed": 1 }', `1:13: invalid JSON: expected ',' or '}', found "\\""`],
    ['an unterminated string', '{ "profile": "strict\n}', '1:21: invalid JSON: expected the end of the string ("), found "\\n"'],
    ['an empty file', '', '1:1: invalid JSON: unexpected end of file, expected a value'],
    ['an unclosed object', '{ "runs": 2', `1:12: invalid JSON: unexpected end of file, expected ',' or '}'`],
    ['text after the value', '{}\n{}', '2:1: invalid JSON: expected the end of the file, found "{"'],
  ])('%s', (_, text, expected) => {
    const lines = problems(text);
    expect(lines).toEqual([`${FILE}:${expected}`]);
    expect(lines[0]).not.toContain('\n');
  });
});

describe('loadConfig', () => {
  const dir = () => tempDir('errlint-config-');

  it(`finds ${CONFIG_FILE} in the working directory, and nothing when there is none`, () => {
    const cwd = dir();
    expect(loadConfig(undefined, cwd)).toBeUndefined();
    writeFileSync(join(cwd, CONFIG_FILE), '{"runs": 3}');
    expect(loadConfig(undefined, cwd)).toEqual({ file: CONFIG_FILE, dir: cwd, config: { runs: 3 } });
  });

  it('reads --config relative to the working directory and names it as given', () => {
    const cwd = dir();
    mkdirSync(join(cwd, 'ci'));
    writeFileSync(join(cwd, 'ci', 'errlint.json'), '{"runs": "3"}');
    writeFileSync(join(cwd, CONFIG_FILE), '{"runs": 1}');
    expect(() => loadConfig('ci/errlint.json', cwd)).toThrow(new ConfigError(['ci/errlint.json: /runs: must be integer']));
    writeFileSync(join(cwd, 'ci', 'errlint.json'), '{"runs": 3}');
    expect(loadConfig('ci/errlint.json', cwd)).toEqual({ file: 'ci/errlint.json', dir: join(cwd, 'ci'), config: { runs: 3 } });
  });

  it('is an error when --config names no readable file', () => {
    const cwd = dir();
    expect(() => loadConfig('missing.json', cwd)).toThrow(new ConfigError(['missing.json: cannot read: no such file']));
    expect(() => loadConfig('.', cwd)).toThrow(new ConfigError(['.: cannot read: is a directory']));
  });
});

describe('the shipped JSON Schema', () => {
  const schema = JSON.parse(readFileSync(configSchemaPath(), 'utf8'));

  it('is the file package.json ships', () => {
    expect(configSchemaPath()).toBe(join(ROOT, 'schema', 'mcp-errlint.config.schema.json'));
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files).toContain('schema');
  });

  // The linter checks probe kinds against PROBE_KINDS at runtime; this list only serves editors. Add new kinds to it.
  it('lists every probe kind and protocol version for editors', () => {
    expect(Object.keys(schema.properties.probes.properties)).toEqual([...PROBE_KINDS]);
    expect(schema.properties.protocolVersion.enum).toEqual([...PROTOCOL_VERSIONS]);
  });
});
