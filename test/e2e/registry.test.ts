// mcp-errlint scoreboard --registry on fixtures/registry/registry.json: one entry per class, each launched as a client
// would (a stand-in npx first on PATH, no uvx), a remote answering 401 and one on a closed port, both on 127.0.0.1;
// --resume takes a server's report from the folder instead of linting it again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020Module from 'ajv/dist/2020.js';
import { interop } from '../../src/util/interop.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import type { Board } from '../../src/board/board.js';

const Ajv2020 = interop(Ajv2020Module);
const validBoard = new Ajv2020({ allErrors: true }).compile(JSON.parse(readFileSync('schema/board.schema.json', 'utf8')));

const REGISTRY = 'fixtures/registry/registry.json';
/** The stand-in npx, then node (the stand-in's interpreter): no uvx, docker or dnx. */
const PATH = [join(ROOT, 'fixtures', 'registry', 'bin'), dirname(process.execPath)].join(delimiter);
const NAME = 'io.github.errlint-fixtures';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('mcp-errlint scoreboard --registry', () => {
  let unauthorized: Server;
  let authPort: number;
  let closedPort: number;
  beforeAll(async () => {
    unauthorized = createServer((_, res) => res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end());
    authPort = await listen(unauthorized);
    // A port that was just free: nothing listens on it once this server is closed.
    const closed = createServer();
    closedPort = await listen(closed);
    await new Promise((done) => closed.close(done));
  });
  afterAll(() => new Promise<void>((done) => unauthorized.close(() => done())));

  it('gives each entry its grade or its class, counts them, names the wrong entry, and lints each name and remote once', async () => {
    const dir = tempDir('errlint-registry-');
    const run = await runCli(
      ['scoreboard', '--registry', REGISTRY, '--seed', '1', '--jobs', '4', '--deadline', '60s', '-f', 'json', '-q', '--out-dir', dir,
        '--env', `${NAME}/needs-token*:port=${authPort}`, '--env', `${NAME}/closed-port:port=${closedPort}`, '--', '--runs', '1'],
      { env: { PATH } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`mcp-errlint: error: ${REGISTRY}: entry 10 (${NAME}/broken): packages[0].identifier: required`);
    const board = JSON.parse(run.stdout) as Board;
    expect(validBoard(board), JSON.stringify(validBoard.errors)).toBe(true);
    const byName = Object.fromEntries(board.rows.map((row) => [row.name.replace(`${NAME}/`, ''), row]));
    // The older version (isLatest false) and the mirror of needs-token (same host and path) are not on the board.
    expect(Object.keys(byName).sort()).toEqual(['broken', 'closed-port', 'exits-at-once', 'hangs', 'needs-key', 'needs-token', 'not-published', 'python-server', 'well-behaved']);
    expect(byName['well-behaved']).toMatchObject({ rank: 1, grade: expect.stringMatching(/^(A\+|A|B|C|D|F)$/) });
    expect(byName['well-behaved'].class).toBeUndefined();
    // Launched as a client would (its variable's default given to its lint as -e): npx -y <package>@<version>.
    const report = JSON.parse(readFileSync(join(dir, byName['well-behaved'].report!), 'utf8')) as { server: { command: unknown } };
    expect(report.server.command).toEqual(['npx', '-y', '@errlint-fixtures/well-behaved@1.0.0']);
    const classes = Object.fromEntries(board.rows.filter((row) => row.class).map((row) => [row.name.replace(`${NAME}/`, ''), row.class]));
    expect(classes).toEqual({
      'needs-key': 'needs-config',
      'needs-token': 'needs-auth',
      'closed-port': 'unreachable',
      'python-server': 'unsupported-runtime',
      'not-published': 'install-failed',
      hangs: 'timed-out',
      'exits-at-once': 'could-not-start',
      broken: 'invalid-entry',
    });
    // A class is never a grade, nor ranked.
    expect(board.rows.filter((row) => row.class).every((row) => row.grade === null && row.rank === null)).toBe(true);
    expect(byName['needs-key'].cause).toMatch(/no value for environment variable ERRLINT_FIXTURE_API_KEY/);
    expect(byName['python-server'].cause).toBe("'uvx' is not on PATH");
    expect(byName['needs-token'].report).toMatch(/-io\.github\.errlint-fixtures-needs-token\.json$/);
    expect(board.counts).toEqual({ graded: 1, incomplete: 0, classes: { 'needs-config': 1, 'needs-auth': 1, unreachable: 1, 'unsupported-runtime': 1, 'install-failed': 1, 'timed-out': 1, 'could-not-start': 1, 'invalid-entry': 1 } });
    // Servers never started leave no report; the board and the linted servers' reports are there.
    expect(readdirSync(dir).sort()).toEqual(['001-io.github.errlint-fixtures-well-behaved.json', '007-io.github.errlint-fixtures-needs-token.json', 'board.json']);
  });

  it('--resume: a server whose report is in the folder is not linted again; markdown counts the rows by class', async () => {
    const dir = tempDir('errlint-registry-resume-');
    // A report no lint of the fixture would write (grade C, 42): the row can only come from this file.
    const report = { score: { grade: 'C', score: 42, defects: [] }, coverage: { toolsProbed: 1, toolsListed: 1 }, summary: { error: 0, warning: 0, note: 0 }, gate: { passed: true, failures: [] }, durationMs: 1234 };
    writeFileSync(join(dir, '017-io.github.errlint-fixtures-well-behaved.json'), JSON.stringify(report));
    const run = await runCli(['scoreboard', '--registry', REGISTRY, '--name', '*/well-behaved', '--name', '*/needs-key', '--seed', '1', '--resume', dir, '-f', 'markdown'], { env: { PATH } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('\n1 graded · 1 needs-config\n');
    expect(run.stdout).toContain('| 1 | io.github.errlint-fixtures/well-behaved | C | 42.0 | 1/1 | – | — | 1.2 s |');
    expect(run.stdout).toMatch(/\| – \| io\.github\.errlint-fixtures\/needs-key \| – .* needs-config: no value for environment variable ERRLINT\\_FIXTURE\\_API\\_KEY/);
    expect(JSON.parse(readFileSync(join(dir, 'board.json'), 'utf8')).rows[0].report).toBe('017-io.github.errlint-fixtures-well-behaved.json');
  });

  it('refuses a flag that goes with --registry on a list file', async () => {
    const withFile = await runCli(['scoreboard', 'fixtures/scoreboard/servers.json', '--package-type', 'npm']);
    expect(withFile.code).toBe(2);
    expect(withFile.stderr).toContain('--package-type goes with --registry');
  });
});
