// --dry-run: the plan (tools × probes × inputs) for a server, printed without calling a single tool.
import { Session } from '../session/session.js';
import { PROBES } from '../../probes/index.js';
import { planBatches, selectTools } from '../plan/batches.js';
import { DEFAULTS } from '../defaults.js';
import { targetName } from '../target/target.js';
import { authorize } from '../target/oauth.js';
import type { LintOptions } from '../target/types.js';
import { plural, terminalSafe } from '../util/text.js';

export async function planRun(given: LintOptions): Promise<string> {
  const timeoutMs = given.timeoutMs ?? DEFAULTS.timeoutMs;
  const options = await authorize(given, { timeoutMs }); // listing the tools of a protected server needs its token too
  const session = await Session.open({ target: options.target, protocolVersion: options.protocolVersion, timeoutMs });
  try {
    const all = await session.listTools();
    const tools = selectTools(all, options.tools, options.toolGlobs);
    const runs = options.runs ?? DEFAULTS.runs;
    const { batches, skips } = planBatches(tools, all, {
      probes: PROBES.filter((p) => !options.probes || options.probes.includes(p.kind)),
      allowWrites: options.allowWrites ?? false,
      allowDestructive: options.allowDestructive ?? false,
      readOnly: options.readOnly ?? false,
      replay: options.replay,
      context: { facts: session.facts, surfaces: await session.listSurfaces() },
    });
    const lines = [`Plan for ${terminalSafe(options.name ?? session.serverInfo.name ?? targetName(options.target))} (protocol ${session.facts.protocolVersion}, ${plural(tools.length, 'tool')}, up to ${runs} random inputs per probe):`];
    let total = 0;
    for (const { tool, probe, plan } of batches) {
      total += plan.enumerated.length + (plan.arbitrary ? runs : 0);
      lines.push(`  ${terminalSafe(tool.name).padEnd(32)} ${probe.padEnd(22)} ${plan.enumerated.length} enumerated${plan.arbitrary ? ` + ${runs} random` : ''}`);
    }
    for (const skip of skips) lines.push(`  ${terminalSafe(skip.tool).padEnd(32)} ${skip.probe.padEnd(22)} skip: ${terminalSafe(skip.reason)}`);
    lines.push(`About ${total} requests (plus liveness checks and shrinking). Nothing was called.`);
    return lines.join('\n') + '\n';
  } finally {
    await session.close();
  }
}
