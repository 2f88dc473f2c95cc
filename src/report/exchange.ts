// The `stylish` format of a replay (--path): the one input sent again, what came back, and each rule's verdict on it; no score.
import { Chalk } from 'chalk';
import type { Report } from './model.js';
import type { RepairRecord } from '../exchange.js';
import { plural, terminalSafe } from '../util/text.js';
import { eraText, quietText } from './verdict.js';

export interface ExchangeOptions {
  color: boolean;
}

/** A report whose `replay` is set, as the exchanges of that input: a finding is read where it was found. */
export function formatExchange(report: Report & Required<Pick<Report, 'replay'>>, options: ExchangeOptions): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const mark = { pass: c.green('✔'), error: c.red('✖'), warning: c.yellow('⚠'), note: c.blue('ℹ') };
  const paint = { error: c.red, warning: c.yellow, note: c.blue };
  const { server, replay } = report;
  const serverLabel = [server.serverInfo.name, server.serverInfo.version].filter(Boolean).join(' ') || server.name;
  const out: string[] = [];
  out.push(c.bold(`${report.tool.name} ${report.tool.version}`) + ` · ${terminalSafe(serverLabel)} · protocol ${server.protocolVersion} (${eraText(server.era)}) · ${server.transport}`);
  out.push(c.bold(`Replay of ${terminalSafe(replay.tool)} · ${replay.probe} · path ${replay.path}`) + c.dim(` · seed ${report.settings.seed} · profile ${report.settings.profile}`));
  out.push('');
  if (replay.exchanges.length === 0) out.push(c.yellow(`⚠ Nothing was sent: ${terminalSafe(nothingSent(report))}.`), '');
  const counts = { error: 0, warning: 0, note: 0, passed: 0 };
  for (const [index, exchange] of replay.exchanges.entries()) {
    const heading = replay.exchanges.length > 1 ? `${index + 1}/${replay.exchanges.length} ` : '';
    out.push(c.underline(`${heading}${terminalSafe(exchange.label)}`));
    out.push(`  ${c.dim('sent:  ')} ${terminalSafe(exchange.request)}`);
    out.push(`  ${c.dim('got:   ')} ${terminalSafe(exchange.response)}`);
    out.push(`  ${c.dim('answer:')} ${terminalSafe(exchange.answer)}`);
    for (const verdict of exchange.verdicts) {
      if (verdict.passed) {
        counts.passed++;
        out.push(`  ${mark.pass} ${c.green('pass'.padEnd(7))} ${verdict.ruleId}`);
      } else {
        counts[verdict.severity]++;
        out.push(`  ${mark[verdict.severity]} ${paint[verdict.severity](verdict.severity.padEnd(7))} ${c.bold(verdict.ruleId)}  ${terminalSafe(verdict.message)}`);
      }
    }
    if (exchange.verdicts.length === 0) out.push(c.dim('  no rule applies to this exchange'));
    if (exchange.repair) out.push(...repairLines(exchange.repair, c));
    out.push('');
  }
  out.push(`${plural(counts.passed, 'pass', 'passes')} · ${paint.error(plural(counts.error, 'error'))}, ${paint.warning(plural(counts.warning, 'warning'))}, ${paint.note(plural(counts.note, 'note'))}`);
  const quiet = quietText(report);
  if (quiet) out.push(c.dim(quiet));
  if (report.interrupted) out.push(c.yellow(`⚠ The replay was cut short: ${terminalSafe(report.interrupted.message)}.`));
  return out.join('\n') + '\n';
}

/** Why a replay sent nothing: what the run skipped for the tool, else what the report knows of it (a tool it does not list is refused before any run). */
function nothingSent({ replay, skips, tools }: Report & Required<Pick<Report, 'replay'>>): string {
  const why = [...new Set(skips.filter((skip) => skip.tool === replay.tool).map((skip) => skip.reason))];
  if (why.length > 0) return why.join('; ');
  const tool = tools.find((entry) => entry.name === replay.tool);
  if (tool?.calls === 'none') return 'the safety policy sends this tool no call (a destructive or task-only tool, or --read-only); the flags of a finding\'s replay command say what it needs';
  return 'no input of this probe kind has this path for this tool (compare --seed, --tool, --probe and --path with the finding\'s replay command)';
}

/** The repair agent's attempt: how it ended, then each try (what it understood, the call it made, the answer). */
function repairLines(repair: RepairRecord, c: InstanceType<typeof Chalk>): string[] {
  const ended = repair.recovered ? c.green('recovered') : repair.result === 'undetermined' ? c.yellow('undetermined') : c.red('not recoverable');
  const lines = [`  ${c.dim('repair agent:')} ${ended}${repair.attempt ? c.dim(` at try ${repair.attempt}`) : ''} · ${terminalSafe(repair.verdict)}`];
  for (const [index, step] of repair.steps.entries()) {
    const call = step.call ? `called ${terminalSafe(JSON.stringify(step.call.arguments))}${step.schema ? ` (schema: ${step.schema})` : ''}` : 'no call';
    const sent = step.notSent ? ` · ${terminalSafe(step.notSent)}` : step.answer ? ` → ${terminalSafe(step.answer)}` : '';
    lines.push(c.dim(`    ${index + 1}. ${terminalSafe(step.understood)} · ${call}${step.waitedMs ? ` after ${step.waitedMs} ms` : ''}${sent}`));
  }
  return lines;
}
