// The GitHub Action's action/run.sh with a stand-in mcp-errlint: the exact argv it builds from INPUT_* variables, its usage errors, and that it never prints a header value.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const RUN_SH = join(ROOT, 'action/run.sh');
const FAKE_BIN = join(ROOT, 'test/helpers/argv-bin.mjs');
/** What run.sh passes before any target or report flag when only the defaults are set. */
const DEFAULTS = ['--format', 'github', '--profile', 'recommended', '--fail-on', 'error', '--min-score', '0'];
const SECRET = 'sk-live-9f8e7d6c5b4a39281706';

interface ActionRun {
  status: number | null;
  /** run.sh's own output: the stand-in writes its argv to a file, so nothing here comes from it. */
  output: string;
  stderr: string;
  /** The argv mcp-errlint got, or null when run.sh never started it. */
  argv: string[] | null;
  /** Lengths of the env vars named in FAKE_BIN_ENV as the stand-in saw them. */
  env: Record<string, number | null>;
  githubOutput: string;
}

function runAction(inputs: Record<string, string>): ActionRun {
  const dir = tempDir('errlint-action-');
  const out = join(dir, 'argv.json');
  // A clean environment: no INPUT_* from the shell running the tests.
  const env = { PATH: process.env.PATH ?? '', HOME: dir, MCP_ERRLINT_BIN: FAKE_BIN, FAKE_BIN_OUT: out, GITHUB_OUTPUT: join(dir, 'output'), ...inputs };
  const run = spawnSync('bash', [RUN_SH], { cwd: dir, env, encoding: 'utf8', timeout: 30_000 });
  const fake = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { argv: string[]; env: Record<string, number | null> }) : null;
  return {
    status: run.status,
    output: run.stdout + run.stderr,
    stderr: run.stderr,
    argv: fake?.argv ?? null,
    env: fake?.env ?? {},
    githubOutput: existsSync(env.GITHUB_OUTPUT) ? readFileSync(env.GITHUB_OUTPUT, 'utf8') : '',
  };
}

describe.concurrent('action/run.sh builds the argv', () => {
  it('url, transport and headers: one --header per non-blank line, env references passed as literal text', () => {
    const run = runAction({
      INPUT_URL: 'https://mcp.example.com/mcp?tenant=a&x=1',
      INPUT_TRANSPORT: 'sse',
      INPUT_HEADERS: 'Authorization: Bearer ${MCP_TOKEN}\n\n   \n  X-Note: it\'s "two  words" $HOME  \r\nX-Tenant: ${env:TENANT}\n',
    });
    expect(run.status).toBe(0);
    expect(run.argv).toEqual([
      ...DEFAULTS,
      '--url', 'https://mcp.example.com/mcp?tenant=a&x=1',
      '--transport', 'sse',
      '--header', 'Authorization: Bearer ${MCP_TOKEN}',
      '--header', 'X-Note: it\'s "two  words" $HOME',
      '--header', 'X-Tenant: ${env:TENANT}',
    ]);
    expect(run.githubOutput).toBe('exit-code=0\n');
  });

  it('transport http, and no --transport or --header when those inputs are empty', () => {
    expect(runAction({ INPUT_URL: 'http://127.0.0.1:3000/mcp', INPUT_TRANSPORT: 'http' }).argv).toEqual([...DEFAULTS, '--url', 'http://127.0.0.1:3000/mcp', '--transport', 'http']);
    expect(runAction({ INPUT_URL: 'http://127.0.0.1:3000/mcp', INPUT_TRANSPORT: '', INPUT_HEADERS: '\n \n' }).argv).toEqual([...DEFAULTS, '--url', 'http://127.0.0.1:3000/mcp']);
  });

  it('mcp-config and server, with spaces and quotes, among every other input in a fixed order', () => {
    const run = runAction({
      INPUT_MCP_CONFIG: 'configs/my client/.mcp.json',
      INPUT_SERVER: 'docs "beta" server',
      INPUT_CONFIG: 'ci/errlint config.json',
      INPUT_PROFILE: 'strict',
      INPUT_FAIL_ON: 'warning',
      INPUT_MIN_SCORE: '85',
      INPUT_SEED: '7',
      INPUT_BASELINE: 'mcp-errlint.baseline.json',
      INPUT_SARIF: 'out/errlint.sarif',
      INPUT_ARGS: '--runs 3  --quiet',
    });
    expect(run.status).toBe(0);
    expect(run.argv).toEqual([
      '--format', 'github', '--profile', 'strict', '--fail-on', 'warning', '--min-score', '85',
      '--config', 'ci/errlint config.json',
      '--mcp-config', 'configs/my client/.mcp.json',
      '--server', 'docs "beta" server',
      '--seed', '7',
      '--baseline', 'mcp-errlint.baseline.json',
      '--report', 'sarif=out/errlint.sarif',
      '--runs', '3', '--quiet',
    ]);
  });

  it('mcp-config without server lints every server of the file (no --server)', () => {
    expect(runAction({ INPUT_MCP_CONFIG: '.vscode/mcp.json' }).argv).toEqual([...DEFAULTS, '--mcp-config', '.vscode/mcp.json']);
  });

  it('command still goes last, after --, split on spaces', () => {
    expect(runAction({ INPUT_COMMAND: 'node dist/server.js --port 3000' }).argv).toEqual([...DEFAULTS, '--', 'node', 'dist/server.js', '--port', '3000']);
  });

  it('passes on mcp-errlint\'s exit code and records it as the exit-code output', () => {
    const run = runAction({ INPUT_URL: 'http://127.0.0.1:3000/mcp', FAKE_BIN_EXIT: '1' });
    expect(run.status).toBe(1);
    expect(run.githubOutput).toBe('exit-code=1\n');
  });
});

describe.concurrent('action/run.sh refuses inputs that cannot go together', () => {
  const url = { INPUT_URL: 'http://127.0.0.1:3000/mcp' };
  const command = { INPUT_COMMAND: 'node dist/server.js' };
  const mcpConfig = { INPUT_MCP_CONFIG: '.mcp.json' };

  it.each([
    ['url and command', { ...url, ...command }, 'url command'],
    ['url and mcp-config', { ...url, ...mcpConfig }, 'url mcp-config'],
    ['command and mcp-config', { ...command, ...mcpConfig }, 'command mcp-config'],
    ['all three', { ...url, ...command, ...mcpConfig }, 'url command mcp-config'],
  ])('%s: an ::error line, exit 2, mcp-errlint not started', (_, inputs, named) => {
    const run = runAction(inputs);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`::error title=mcp-errlint::set only one of the url, command and mcp-config inputs (got ${named})\n`);
    expect(run.argv).toBeNull();
    expect(run.githubOutput).toBe('exit-code=2\n');
  });

  it('a transport other than http or sse, and a server without mcp-config', () => {
    for (const inputs of [{ ...url, INPUT_TRANSPORT: 'websocket' }, { ...url, INPUT_TRANSPORT: 'auto' }, { ...command, INPUT_SERVER: 'docs' }]) {
      const run = runAction(inputs);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^::error title=mcp-errlint::the (transport|server) input/);
      expect(run.argv).toBeNull();
    }
  });
});

describe.concurrent('action/run.sh never shows a header value', () => {
  it('a secret read from the environment reaches mcp-errlint only through its environment', () => {
    const run = runAction({
      INPUT_URL: 'https://staging.example.com/mcp',
      INPUT_HEADERS: 'Authorization: Bearer ${MCP_TOKEN}\nX-Api-Key: $MCP_TOKEN\nX-Other: ${env:MCP_TOKEN}',
      MCP_TOKEN: SECRET,
      FAKE_BIN_ENV: 'MCP_TOKEN',
      FAKE_BIN_EXIT: '1',
    });
    expect(run.status).toBe(1);
    expect(run.env).toEqual({ MCP_TOKEN: SECRET.length });
    expect(run.argv?.filter((_, i, all) => all[i - 1] === '--header')).toEqual(['Authorization: Bearer ${MCP_TOKEN}', 'X-Api-Key: $MCP_TOKEN', 'X-Other: ${env:MCP_TOKEN}']);
    expect(JSON.stringify(run.argv)).not.toContain(SECRET);
    expect(run.output).not.toContain(SECRET);
  });

  it('a value written into the input itself is passed on but not printed by run.sh', () => {
    const run = runAction({ INPUT_URL: 'https://staging.example.com/mcp', INPUT_HEADERS: `Authorization: Bearer ${SECRET}`, FAKE_BIN_EXIT: '2' });
    expect(run.argv).toContain(`Authorization: Bearer ${SECRET}`);
    expect(run.output).not.toContain(SECRET);
  });

  it('a line that is not "Name: value" is refused by its number, without its text', () => {
    const run = runAction({ INPUT_URL: 'https://staging.example.com/mcp', INPUT_HEADERS: `X-Tenant: a\nBearer ${SECRET}\n` });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('::error title=mcp-errlint::headers line 2 is not "Name: value"\n');
    expect(run.output).not.toContain(SECRET);
    expect(run.argv).toBeNull();
  });
});

describe('action.yml hands every input to run.sh', () => {
  const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const runSh = readFileSync(RUN_SH, 'utf8');
  const inputs = [...(actionYml.split(/^outputs:$/m)[0].split(/^inputs:$/m)[1] ?? '').matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]);

  it('as an INPUT_* variable run.sh reads (upload-sarif and node-version are used by the other steps)', () => {
    expect(inputs).toEqual(expect.arrayContaining(['url', 'headers', 'transport', 'mcp-config', 'server', 'command']));
    for (const input of inputs.filter((name) => !['upload-sarif', 'node-version'].includes(name))) {
      const variable = `INPUT_${input.toUpperCase().replaceAll('-', '_')}`;
      expect(actionYml, input).toContain(`        ${variable}: \${{ inputs.${input} }}\n`);
      expect(runSh, input).toContain(`\${${variable}:-`);
    }
  });

  it('with descriptions that stay plain YAML scalars (": " or " #" in an unquoted one breaks the whole file)', () => {
    const unquoted = [...actionYml.matchAll(/^\s+description: (?!['"])(.*)$/gm)].map((m) => m[1]);
    expect(unquoted.length).toBeGreaterThan(10);
    expect(unquoted.filter((text) => /: | #/.test(text))).toEqual([]);
  });
});
