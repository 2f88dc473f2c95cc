// Replay: how a finding's input is sent again, exactly, to the same server (starting the way the linter was started), and what a replay sent, got and was judged.
import type { ProfileName } from '../types.js';
import { UNKNOWN_PATH, type Graded } from '../engine/types.js';
import type { Exchange, RepairRecord } from '../exchange.js';
import type { LintOptions, ShownWord } from '../target/types.js';
import { formatMessage } from '../grade/rule.js';
import { templateOf } from '../grade/grade.js';
import { ruleById } from '../../rules/index.js';
import { describeAnswer, rawLineOf } from '../grade/exchange.js';
import { abbreviate } from '../util/text.js';
import type { ReplayedInput, ReplayVerdict } from './model.js';
import { isHttpTarget } from '../target/target.js';
import { DEFAULTS } from '../defaults.js';
import { shellQuote } from '../util/text.js';
import { shellWord, shownTarget } from '../target/command-secrets.js';
import { NPX_PREFIX } from './invocation.js';

/** A command that re-sends exactly this exchange's input to the same server, with the settings its verdict depends on. */
export function replayCommand(options: LintOptions, seed: number, timeoutMs: number, profile: ProfileName, exchange: Pick<Exchange, 'tool' | 'probe' | 'path'>): string {
  const args = [...(options.replayPrefix?.length ? options.replayPrefix : NPX_PREFIX), '--seed', String(seed), '--tool', exchange.tool, '--probe', exchange.probe];
  // A shrink candidate has no path of its own: the replay then re-runs that (tool, probe) with the same seed.
  if (exchange.path !== UNKNOWN_PATH) args.push('--path', exchange.path);
  if (timeoutMs !== DEFAULTS.timeoutMs) args.push('--timeout', String(timeoutMs));
  // The verdict depends on the profile and the rule levels in force: a replay carries them.
  if (profile !== DEFAULTS.profile) args.push('--profile', profile);
  for (const [id, level] of Object.entries(options.rules ?? {})) if (!options.configFile) args.push('--rule', `${id}=${level}`);
  if (options.protocolVersion) args.push('--protocol-version', options.protocolVersion);
  if (options.allowWrites) args.push('--allow-writes');
  if (options.allowDestructive) args.push('--allow-destructive');
  if (options.readOnly) args.push('--read-only');
  // The server needs a token: the replay gets a fresh one the same way (never this run's, which no output shows).
  if (options.oauthClientCredentials) args.push('--oauth-client-credentials', ...(options.oauthClientCredentials.scope ? ['--oauth-scope', options.oauthClientCredentials.scope] : []));
  if (options.configFile) args.push('--config', options.configFile);
  // A secret is read from the environment ("$TOKEN"): the report names the variables.
  return [...args.map(shellQuote), ...serverWords(options).map(shellWord)].join(' ');
}

/** The words that name the server on a command line: as the user gave them, else from the target (none when our config file names it). */
export function serverWords(options: LintOptions): readonly ShownWord[] {
  if (options.replayServer) return options.replayServer;
  if (options.configFile) return [];
  const { target } = options;
  const shown = options.shown ?? shownTarget(target);
  if (!isHttpTarget(target)) return ['--', ...shown];
  return ['--url', ...shown, ...(target.transport === 'sse' ? ['--transport', 'sse'] : [])];
}

/** How much of a replayed frame is kept: each string, and the whole frame's JSON. */
const REPLAY_STRING = 2000;
const REPLAY_FRAME = 8000;

/**
 * What a replay run (--path) sent and got: each exchange of the replayed input with every rule that applied to it,
 * passed or with what it found, and the repair agent's attempt. `graded` holds each exchange's latest grading (a
 * liveness check or the repair agent grades it again); `scrub` redacts as the findings are redacted.
 */
export function replayedInput(replay: NonNullable<LintOptions['replay']>, graded: ReadonlyMap<Exchange, Graded>, scrub: (text: string) => string): ReplayedInput {
  // Redact whole values first: abbreviating first could cut a token below the length its pattern needs.
  const scrubbed = (value: unknown): unknown => JSON.parse(scrub(JSON.stringify(value ?? null)));
  // The frames are what a replay is read for: longer than a finding's excerpt, still bounded (an oversized probe sends a megabyte).
  const frame = (value: unknown) => JSON.stringify(abbreviate(scrubbed(value), REPLAY_STRING)).slice(0, REPLAY_FRAME);
  const exchanges = [...graded].map(([exchange, { applies, hits }]) => {
    const verdicts = applies.flatMap((ruleId): ReplayVerdict[] => {
      const found = hits.filter((hit) => hit.ruleId === ruleId);
      if (found.length === 0) return [{ ruleId, passed: true }];
      return found.map((hit) => ({ ruleId, passed: false, severity: hit.severity, messageId: hit.messageId, message: scrub(formatMessage(templateOf(ruleById(ruleId)!, hit.messageId), hit.data)) }));
    });
    return {
      label: exchange.case.label,
      // A line that was no JSON as written (bad JSON, an HTTP body), never the session's { raw } wrapper.
      request: rawLineOf(exchange) !== undefined ? scrub(rawLineOf(exchange)!).slice(0, REPLAY_FRAME) : frame(exchange.request),
      response: frame(exchange.response ?? exchange.outcome),
      answer: scrub(describeAnswer(exchange)),
      verdicts,
      ...(exchange.repair ? { repair: scrubbed(exchange.repair) as RepairRecord } : {}),
    };
  });
  return { tool: replay.tool, probe: replay.probe, path: replay.path, exchanges };
}
