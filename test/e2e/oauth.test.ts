// --oauth-client-credentials end to end: the built CLI lints fixtures/http/oauth-protected.mjs (an sdk 1.x server behind
// requireBearerAuth, with its own authorization server on a second port), gets its token the way MCP Authorization has
// clients find it, and never prints the token (read from the authorization server's log) or the secret. 127.0.0.1 only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHttpFixture, type HttpFixture } from '../helpers/http-fixture.js';
import { tempDir } from '../helpers/temp.js';
import { FORMATS } from '../../src/cli/output.js';
import type { Report } from '../../src/report/model.js';

const FIXTURE = 'fixtures/http/oauth-protected.mjs';
const CLIENT = { id: 'errlint-e2e-client', secret: 'errlint-e2e-secret-6c1d9e0f' };
const CLI_ENV = { MCP_ERRLINT_CLIENT_ID: CLIENT.id, MCP_ERRLINT_CLIENT_SECRET: CLIENT.secret };
const FAST = ['--seed', '5', '--runs', '2', '--timeout', '5000'];
const started: HttpFixture[] = [];

afterAll(async () => {
  await Promise.all(started.map((fixture) => fixture.close()));
});

async function serve(args: string[] = []): Promise<HttpFixture> {
  const fixture = await startHttpFixture(FIXTURE, args, { env: { ERRLINT_OAUTH_CLIENT_ID: CLIENT.id, ERRLINT_OAUTH_CLIENT_SECRET: CLIENT.secret } });
  started.push(fixture);
  return fixture;
}

interface Issued {
  accessToken: string;
  clientAuthentication: string;
  resource: string;
  scope: string | null;
}

/** The tokens the fixture's authorization server issued so far, from its log. */
function issued(fixture: HttpFixture): Issued[] {
  return [...fixture.stderr().matchAll(/^\[oauth-protected\] issued (\{.*\})$/gm)].map((m) => JSON.parse(m[1]) as Issued);
}

/** The lines a run wrote to stderr, but the seed. */
const stderrLines = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !line.startsWith('Seed: '));

describe('a server that needs a token from its authorization server', () => {
  it('is linted with a token got by client_credentials, and no format shows the token or the secret, even echoed', async () => {
    // --echo-token: a third tool whose errors quote the caller's token, so the token does reach the report, to be redacted.
    const server = await serve(['--echo-token']);
    const dir = tempDir('errlint-oauth-');
    const files = FORMATS.filter((format) => format !== 'json').map((format) => ({ format, path: join(dir, `report.${format}`) }));
    const run = await runCli([...FAST, '-f', 'json', '--url', server.url, '--oauth-client-credentials', ...files.flatMap(({ format, path }) => ['--report', `${format}=${path}`])], { env: CLI_ENV });
    expect(run.code, run.stderr).toBe(1); // the echoed token is a no-secrets error

    // The token reached the server: without it every request gets 401, and no tool would be listed, let alone probed.
    const report = JSON.parse(run.stdout) as Report;
    expect(report.server).toMatchObject({ transport: 'http', url: server.url });
    expect(report.coverage.toolsProbed).toBe(3);
    // The server echoed this run's token: no-secrets knows it as a secret, and shows it redacted.
    const echoed = report.findings.find((finding) => finding.ruleId === 'no-secrets' && finding.tool === 'whoami');
    expect(echoed?.answer).toMatch(/session token \[REDACTED:custom\]/);
    const [token, ...more] = issued(server);
    expect(more).toEqual([]);
    // Found through the 401 and both metadata documents: for this server (RFC 8707), the scope of its challenge, HTTP Basic.
    expect(token).toMatchObject({ clientAuthentication: 'client_secret_basic', resource: server.url, scope: 'mcp:tools' });

    const outputs = [run.stdout, run.stderr, ...files.map(({ path }) => readFileSync(path, 'utf8'))];
    expect(outputs.every((text) => text.length > 0)).toBe(true);
    for (const text of outputs) {
      expect(text).not.toContain(token.accessToken);
      expect(text).not.toContain(CLIENT.secret);
    }
    // A replay gets a token of its own the same way.
    expect(report.findings.length).toBeGreaterThan(0);
    for (const finding of report.findings) expect(finding.replay).toContain(' --oauth-client-credentials ');
  }, 120_000);

  it('sends the secret in the body to an authorization server that takes only client_secret_post, found by its OpenID metadata', async () => {
    const server = await serve(['--auth-method', 'client_secret_post', '--as-metadata', 'openid']);
    const run = await runCli([...FAST, '--dry-run', '--url', server.url, '--oauth-client-credentials', '--oauth-scope', 'mcp:tools'], { env: CLI_ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Plan for oauth-protected .*2 tools/m);
    const [token, ...more] = issued(server);
    expect(more).toEqual([]);
    expect(token).toMatchObject({ clientAuthentication: 'client_secret_post', resource: server.url, scope: 'mcp:tools' });
    expect(run.stdout + run.stderr).not.toContain(token.accessToken);
  }, 60_000);

  it('stops with exit 2 and one line when the token is refused, or cannot be asked for', async () => {
    const server = await serve();
    const wrong = 'errlint-wrong-secret-0a1b2c3d';
    const refused = await runCli([...FAST, '--url', server.url, '--oauth-client-credentials'], { env: { ...CLI_ENV, MCP_ERRLINT_CLIENT_SECRET: wrong } });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(stderrLines(refused.stderr)).toEqual([expect.stringMatching(/^mcp-errlint: could not lint: OAuth: the authorization server refused the token request to http:\/\/127\.0\.0\.1:\d+\/tenant-a\/token: invalid_client: /)]);
    expect(refused.stderr).not.toContain(wrong);
    expect(issued(server)).toEqual([]);

    const unset = await runCli([...FAST, '--url', server.url, '--oauth-client-credentials'], { env: { MCP_ERRLINT_CLIENT_ID: CLIENT.id, MCP_ERRLINT_CLIENT_SECRET: '' } });
    expect(unset.code).toBe(2);
    expect(stderrLines(unset.stderr)).toEqual([expect.stringMatching(/^mcp-errlint: --oauth-client-credentials reads .*: MCP_ERRLINT_CLIENT_SECRET is empty or not set$/)]);

    const stdio = await runCli([...FAST, '--oauth-client-credentials', '--', 'node', 'fixtures/well-behaved.mjs'], { env: CLI_ENV });
    expect(stdio.code).toBe(2);
    expect(stderrLines(stdio.stderr)).toEqual(['mcp-errlint: --oauth-client-credentials applies to a server given with --url']);

    // A path the server does not protect and has no metadata for: nothing names an authorization server.
    const elsewhere = await runCli([...FAST, '--url', server.url.replace(/\/mcp$/, '/other'), '--oauth-client-credentials'], { env: CLI_ENV });
    expect(elsewhere.code).toBe(2);
    expect(stderrLines(elsewhere.stderr)).toEqual([expect.stringMatching(/^mcp-errlint: could not lint: OAuth: http:\/\/127\.0\.0\.1:\d+\/other names no protected-resource metadata \(RFC 9728\): .*→ 404\)$/)]);
  }, 60_000);
});
