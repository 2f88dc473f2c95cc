// No secret from a server's command line anywhere, through the built CLI: a server that echoes its arguments and its
// environment is linted with a secret in every form; stdout, stderr, every report format, the step summary, the replay
// commands and the scoreboard show none (whole or by half), show $NAME instead, and a replay run with the variables set
// reproduces the finding. A --url with user-info and key parameters, a server that dies quoting them, and a command
// missing its -- are checked the same way. 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NETWORK_GUARD, ROOT, runCli, type CliResult } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { startHttpFixture, type HttpFixture } from '../helpers/http-fixture.js';
import { ENV_FLAGS, SECRETS, SERVER_ARGS, expectNoSecret } from '../helpers/command-line-secrets.js';
import type { Report } from '../../src/report/model.js';
import type { Board } from '../../src/board/board.js';

const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown', 'html'] as const;
const QUICK = ['--seed', '1', '--probe', 'wrong-type', '--runs', '1', '--timeout', '5000', '--deadline', '60s', '--repair-attempts', '0'];
const FIXTURE = ['node', 'fixtures/hostile/echoes-command-line.mjs'];
/** The value each variable of a replay stands for. */
const VARIABLES: Record<string, string> = {
  TOKEN: SECRETS.token,
  API_KEY: SECRETS.apiKey,
  CLIENT_SECRET: SECRETS.clientSecret,
  AUTHORIZATION: SECRETS.bearer,
  URL_USER: SECRETS.urlUser,
  URL_PASSWORD: SECRETS.urlPassword,
  API_KEY_2: SECRETS.queryKey,
  SIG: SECRETS.signature,
  PASSWORD: SECRETS.short,
  ECHO_API_TOKEN: SECRETS.envToken,
  ECHO_REGION: SECRETS.envPrivate,
};

const started: HttpFixture[] = [];
afterAll(async () => {
  await Promise.all(started.map((fixture) => fixture.close()));
});

/** Lint with `format` on stdout and every other format in --report files, with a step summary: every text it wrote. */
async function lintEverywhere(args: string[], format: (typeof FORMATS)[number] = 'stylish', env: Record<string, string> = {}): Promise<{ run: CliResult; texts: Record<string, string> }> {
  const dir = tempDir('errlint-argv-');
  const others = FORMATS.filter((f) => f !== format);
  const reports = others.flatMap((f) => ['--report', `${f}=${join(dir, `report.${f}`)}`]);
  const run = await runCli([...QUICK, '-f', format, ...reports, ...args], { env: { GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), ...env } });
  const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr, summary: readFileSync(join(dir, 'summary.md'), 'utf8') };
  for (const f of others) texts[`report.${f}`] = readFileSync(join(dir, `report.${f}`), 'utf8');
  return { run, texts };
}

/** Run a replay command in a POSIX shell, as a user would paste it, with these variables set; this checkout's CLI runs it. */
function replayInShell(replay: string, variables: Record<string, string>, extra: string): Promise<CliResult> {
  const command = replay.replace(/^\S*(?: \S*mcp-errlint\.js)? /, `node bin/mcp-errlint.js ${extra} `);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: NETWORK_GUARD, ...variables }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a stdio server started with secrets on its command line and in -e', () => {
  const args = [...ENV_FLAGS.flatMap((pair) => ['-e', pair]), '--', ...FIXTURE, ...SERVER_ARGS];

  it('shows none in any output; $NAME where each was; its echoes are found and redacted', async () => {
    const { run, texts } = await lintEverywhere(args);
    expect(run.code, run.stderr).toBe(1);
    expectNoSecret(texts);
    const report = JSON.parse(texts['report.json']) as Report;
    expect(report.findings.map((f) => f.ruleId)).toContain('no-secrets');
    expect(report.server.command).toEqual(expect.arrayContaining(['$TOKEN', '--api-key=$API_KEY', 'Authorization: Bearer $AUTHORIZATION', '$PASSWORD']));
    expect(report.server.secretVariables).toEqual(Object.keys(VARIABLES));
    expect(report.server.stderrTail).toContain('--token [REDACTED:custom]');
    for (const finding of report.findings) expect(finding.replay).toContain('--token "$TOKEN" "--api-key=$API_KEY" -Client_Secret "$CLIENT_SECRET"');
    for (const where of ['stdout', 'report.markdown', 'report.junit', 'report.github', 'report.html', 'summary']) expect(texts[where], where).toContain('Secret values are shown as $TOKEN');
    expect(JSON.parse(texts['report.sarif']).runs[0].results[0].properties.reproduce).toContain('"$TOKEN"');
  }, 120_000);

  it('replays: the replay command, pasted in a shell with the variables set, reproduces the finding', async () => {
    const run = await runCli([...QUICK, '-f', 'json', ...args]);
    const finding = (JSON.parse(run.stdout) as Report).findings.find((f) => f.ruleId === 'no-secrets')!;
    const again = await replayInShell(finding.replay, VARIABLES, '-f json');
    const replayed = JSON.parse(again.stdout) as Report;
    expect(replayed.findings.map((f) => [f.ruleId, f.tool, f.probe])).toContainEqual([finding.ruleId, finding.tool, finding.probe]);
    // The variables reached the server as the values themselves: the same command line.
    expect(replayed.server.command).toEqual((JSON.parse(run.stdout) as Report).server.command);
    expectNoSecret({ stdout: again.stdout, stderr: again.stderr });
  }, 120_000);

  it('a server that dies at start-up quoting them: exit 2, and the cause on stderr shows none', async () => {
    const run = await runCli([...QUICK, ...args], { env: { ERRLINT_ECHO_AT_START: '1' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not lint: .*fatal: cannot start with argv --token \[REDACTED:custom\]/s);
    expectNoSecret({ stdout: run.stdout, stderr: run.stderr });
  }, 60_000);

  it('a command missing its --: the fix on stderr reads the secrets from the environment', async () => {
    const run = await runCli([...QUICK, ...FIXTURE, ...SERVER_ARGS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--token "$TOKEN"');
    expectNoSecret({ stderr: run.stderr });
  });
});

describe('a server at a URL with user-info and key parameters, and a literal header', () => {
  it('shows none in any output, and replays with $NAME', async () => {
    const fixture = await startHttpFixture('fixtures/stack-trace.mjs', ['--transport', 'http']);
    started.push(fixture);
    const url = fixture.url.replace('http://', `http://${SECRETS.urlUser}:${SECRETS.urlPassword}@`) + `?api_key=${SECRETS.queryKey}&sig=${SECRETS.signature}`;
    const { run, texts } = await lintEverywhere(['--url', url, '--header', `Authorization: Bearer ${SECRETS.bearer}`], 'json');
    expect(run.code, run.stderr).toBe(1);
    expectNoSecret(texts);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.server.url).toMatch(/^http:\/\/\$URL_USER:\$URL_PASSWORD@127\.0\.0\.1:\d+\/mcp\?api_key=\$API_KEY&sig=\$SIG$/);
    expect(report.findings[0].replay).toMatch(/--url "http:\/\/\$URL_USER:\$URL_PASSWORD@127\.0\.0\.1:\d+\/mcp\?api_key=\$API_KEY&sig=\$SIG" --header "Authorization: Bearer \$AUTHORIZATION"$/);
  }, 120_000);
});

describe('the scoreboard of servers started with secrets', () => {
  it('shows none in its board (JSON, markdown, stylish, HTML), its reports or its stderr', async () => {
    const dir = tempDir('errlint-argv-board-');
    const env = Object.fromEntries(ENV_FLAGS.map((pair) => pair.split('=') as [string, string]));
    const list = join(dir, 'servers.json');
    writeFileSync(list, JSON.stringify({
      servers: [
        { name: 'echoes', command: 'node', args: [join(ROOT, FIXTURE[1]), ...SERVER_ARGS], env },
        { name: 'dies', command: 'node', args: [join(ROOT, FIXTURE[1]), ...SERVER_ARGS], env: { ...env, ERRLINT_ECHO_AT_START: '1' } },
      ],
    }));
    const lint = ['--', '--probe', 'wrong-type', '--runs', '1', '--timeout', '5000', '--repair-attempts', '0'];
    const texts: Record<string, string> = {};
    for (const format of ['json', 'markdown', 'stylish', 'html'] as const) {
      const out = join(dir, format);
      const run = await runCli(['scoreboard', list, '--seed', '1', '-f', format, '--out-dir', out, ...lint]);
      expect(run.code, run.stderr).toBe(0);
      texts[`board.${format}`] = run.stdout;
      texts[`stderr.${format}`] = run.stderr;
      for (const file of readdirSync(out)) texts[`${format}/${file}`] = readFileSync(join(out, file), 'utf8');
    }
    expectNoSecret(texts);
    const board = JSON.parse(texts['board.json']) as Board;
    expect(board.rows.find((row) => row.name === 'echoes')).toMatchObject({ failing: expect.arrayContaining(['no-secrets']) });
    expect(board.rows.find((row) => row.name === 'dies')?.cause).toContain('--token [REDACTED:custom]');
    expect(texts['board.html']).toContain('Secret values are shown as $TOKEN');
  }, 240_000);
});
