// A server command line with a secret in every form, through the real target resolution, grading, assembly and output
// step (a hand-written answer that echoes the command line stands in for the server): no format, replay command or
// scoreboard shows any secret or any part of one, and each shows $NAME where the value was.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { chooseServers } from '../../src/config/servers.js';
import { mergeOptions } from '../../src/config/merge.js';
import { enabledRules, Grader } from '../../src/grade/grade.js';
import { settingsOf } from '../../src/lint.js';
import { RULES } from '../../rules/index.js';
import { PROBES } from '../../probes/index.js';
import { assembleReport } from '../../src/report/assemble.js';
import { settle } from '../../src/report/gate.js';
import type { Report } from '../../src/report/model.js';
import { FORMATS, printable, quote, redactAlso, render, renderMany, safe } from '../../src/cli/output.js';
import { formatBoard, boardOfOne, rowOf, type Board } from '../../src/board/board.js';
import { formatBoardHtml } from '../../src/board/html.js';
import type { SecretOptions } from '../../src/matchers/secrets.js';
import { exchange, session } from '../helpers/exchange.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';
import { ENV_FLAGS, SERVER_ARGS, expectNoSecret } from '../helpers/command-line-secrets.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The report of one lint of that command line, whose server echoed its arguments and environment in an error. */
function lintedReport(): { report: Report; patterns: string[] } {
  const command = ['node', 'fixtures/hostile/echoes-command-line.mjs', ...SERVER_ARGS];
  const [choice] = chooseServers(command, { env: ENV_FLAGS }, undefined, { env: {}, cwd: ROOT });
  const options = { ...mergeOptions(choice, { seed: 7 }), replayPrefix: ['mcp-errlint'] };
  const settings = settingsOf(options, 7);
  const rules = enabledRules(RULES, settings.profile, options.rules, options.ruleOptions);
  const echo = `argv ${SERVER_ARGS.join(' ')}; ${ENV_FLAGS.join('; ')}`;
  const answered = exchange({ probe: 'wrong-type', tool: 'lookup_user', args: { email: 7 }, isError: true, text: `Invalid argument 'email'.\n    at main (${echo})` });
  const graded = new Grader(rules, { session: session(), profile: settings.profile }).grade(answered);
  const report = settle(
    assembleReport({
      options,
      settings,
      rules,
      probes: PROBES,
      server: { serverInfo: { name: 'echoes-command-line' }, facts: session(), restarts: 0, stderr: `starting with ${echo}\n`, limits: [] },
      allTools: [{ name: 'lookup_user', inputSchema: { type: 'object' } }],
      tools: [{ name: 'lookup_user', inputSchema: { type: 'object' } }],
      run: { exchanges: [{ ...answered, applies: graded.applies }], hits: graded.hits, skips: [], sent: 1 },
      clock: { started: 0, probingFrom: 0, tailFrom: 0 },
    }),
  );
  const patterns = [...(((options.ruleOptions?.['no-secrets'] ?? {}) as SecretOptions).extraPatterns ?? []).map(String), ...(options.redactPatterns ?? [])];
  return { report, patterns };
}

describe('a command line holding secrets in every form', () => {
  const { report, patterns } = lintedReport();
  redactAlso(patterns);

  it('shows the command with $NAME where each secret was, and names the variables', () => {
    expect(report.server.command).toEqual([
      'node', 'fixtures/hostile/echoes-command-line.mjs',
      '--token', '$TOKEN',
      '--api-key=$API_KEY',
      '-Client_Secret', '$CLIENT_SECRET',
      '--header', 'Authorization: Bearer $AUTHORIZATION',
      '--upstream', 'https://$URL_USER:$URL_PASSWORD@api.example.test/v1?api_key=$API_KEY_2&sig=$SIG&page=2',
      '--password', '$PASSWORD',
      '--tokenizer', 'gpt2-xl', '--author', 'ada-lovelace',
    ]);
    expect(report.server.secretVariables).toEqual(['TOKEN', 'API_KEY', 'CLIENT_SECRET', 'AUTHORIZATION', 'URL_USER', 'URL_PASSWORD', 'API_KEY_2', 'SIG', 'PASSWORD', 'ECHO_API_TOKEN', 'ECHO_REGION']);
    expect(reportSchemaErrors(JSON.parse(render(report, 'json', false)))).toEqual([]);
  });

  it('replays with every secret read from the environment', () => {
    const replays = report.findings.map((f) => f.replay);
    expect(replays.length).toBeGreaterThan(0);
    for (const replay of replays) {
      expect(replay).toContain(
        `-e "ECHO_API_TOKEN=$ECHO_API_TOKEN" -e "ECHO_REGION=$ECHO_REGION" -- node fixtures/hostile/echoes-command-line.mjs --token "$TOKEN" "--api-key=$API_KEY" -Client_Secret "$CLIENT_SECRET" --header "Authorization: Bearer $AUTHORIZATION" --upstream "https://$URL_USER:$URL_PASSWORD@api.example.test/v1?api_key=$API_KEY_2&sig=$SIG&page=2" --password "$PASSWORD" --tokenizer gpt2-xl --author ada-lovelace`,
      );
    }
  });

  it('catches the echoed secrets: no-secrets finds them, and the report shows them redacted', () => {
    expect(report.findings.map((f) => f.ruleId)).toContain('no-secrets');
    expect(report.server.stderrTail).toContain('--token [REDACTED:custom]');
    expect(report.server.stderrTail).toContain('--password [REDACTED:custom]');
    expect(report.server.stderrTail).toContain('ECHO_REGION=[REDACTED:custom]');
  });

  it.each(FORMATS)('%s: no secret, and the placeholders and the note where the values were', (format) => {
    const text = render(report, format, false);
    expectNoSecret({ [format]: text });
    expect(text).toMatch(/\$TOKEN|\\u0024TOKEN/);
    // JSON names the variables in server.secretVariables; every other format says it in words.
    if (format === 'sarif') expect(sarifProblems(text)).toEqual([]);
    if (format === 'json') expect(JSON.parse(text).server.secretVariables).toContain('TOKEN');
    else expect(text).toMatch(/Secret values are shown as \$TOKEN, \$API\\?_KEY/);
    // Several servers in one document: each section the same.
    expectNoSecret({ [`${format} of many`]: renderMany([{ name: 'a', report }, { name: 'b', failure: `could not start: ${SERVER_ARGS.join(' ')}` }], format, false) });
  });

  it('stderr: a message quoting the command line or the server shows no secret', () => {
    const line = `mcp-errlint: could not lint: the server exited (server stderr: "argv ${SERVER_ARGS.join(' ')}; ${ENV_FLAGS.join('; ')}")`;
    expectNoSecret({ quote: quote(line), safe: safe(line, 'text') });
  });

  it('the scoreboard: its JSON, markdown, stylish and HTML show no secret', () => {
    const cause = `the server exited with code 1 (server stderr: "fatal: cannot start with argv ${SERVER_ARGS.join(' ')}")`;
    const board: Board = { ...boardOfOne(printable(report), 'servers.json'), servers: 2 };
    board.rows.push(rowOf('crashes', 1, 2, 10, undefined, cause));
    const { checks: _, ...detail } = printable(report);
    expectNoSecret({
      json: safe(formatBoard(board, 'json'), 'json'),
      markdown: safe(formatBoard(board, 'markdown'), 'text'),
      stylish: safe(formatBoard(board, 'stylish'), 'text'),
      html: safe(formatBoardHtml(board, new Map([[0, detail]])), 'text'),
    });
    expect(formatBoardHtml(board, new Map([[0, detail]]))).toContain('Secret values are shown as $TOKEN');
  });
});
