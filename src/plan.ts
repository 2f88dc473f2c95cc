// --dry-run: the plan (tools × probes × inputs) for a server, printed without calling a single tool.
import { Session } from './session/session.js';
import { PROBES } from '../probes/index.js';
import { probeSafety } from './engine/safety.js';
import { DEFAULTS, type LintOptions } from './lint.js';
import { NO_TOOL, type ToolInfo } from './types.js';
import { terminalSafe } from './util/text.js';

export async function planRun(options: LintOptions): Promise<string> {
  const session = await Session.open({ target: options.target, protocolVersion: options.protocolVersion, timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs });
  try {
    const all = await session.listTools();
    const tools = options.tools ? all.filter((t) => options.tools!.includes(t.name)) : all;
    const probes = PROBES.filter((p) => !options.probes || options.probes.includes(p.kind));
    const runs = options.runs ?? DEFAULTS.runs;
    const flags = { allowWrites: options.allowWrites ?? false, allowDestructive: options.allowDestructive ?? false };
    const lines = [`Plan for ${terminalSafe(session.serverInfo.name ?? options.target.command)} (protocol ${session.facts.protocolVersion}, ${tools.length} tools, up to ${runs} random inputs per probe):`];
    let total = 0;
    const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
    for (const tool of [placeholder, ...tools]) {
      const rows: string[] = [];
      for (const probe of probes) {
        if ((probe.scope === 'server') !== (tool === placeholder)) continue;
        const unsafe = tool === placeholder ? null : probeSafety(tool, probe.kind, flags);
        const plan = unsafe ? { skip: unsafe } : probe.plan(tool, all);
        if ('skip' in plan) {
          rows.push(`    ${probe.kind.padEnd(22)} skip: ${plan.skip}`);
          continue;
        }
        const count = plan.enumerated.length + (plan.arbitrary ? runs : 0);
        total += count;
        rows.push(`    ${probe.kind.padEnd(22)} ${plan.enumerated.length} enumerated${plan.arbitrary ? ` + ${runs} random` : ''}`);
      }
      if (rows.length) lines.push(`  ${terminalSafe(tool.name)}`, ...rows);
    }
    lines.push(`About ${total} tools/call requests (plus liveness checks and shrinking). Nothing was called.`);
    return lines.join('\n') + '\n';
  } finally {
    await session.close();
  }
}
