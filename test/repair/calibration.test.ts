// The repair agent against an agent's own judgment (issue 26, rulebook §9): 340 refused calls recorded from the corpus
// and the fixtures (test/data/recovery-calibration/items.json, scripts/recovery-calibration.mjs), each judged blind by an
// LLM acting as the agent, seeing only what a client shows a model (judgments.json). Every item is replayed through the
// agent offline (a call it makes is not sent: the schema judges it), and its outcome is held against the judgment.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repairCall, type AgentSettings } from '../../src/repair/agent.js';
import { callPolicy } from '../../src/plan/safety.js';
import type { ProbeKind } from '../../src/types.js';
import { NO_TOOL } from '../../src/plan/types.js';
import type { Exchange, RepairRecord } from '../../src/exchange.js';
import type { ToolInfo } from '../../src/session/types.js';

interface Item {
  id: string;
  server: string;
  probe: ProbeKind;
  label: string;
  expect: Exchange['case']['expect'];
  mustRefuse?: boolean;
  call: { name: string; arguments: unknown };
  outcome: Exchange['outcome'];
  http?: Exchange['http'];
  responseCut?: number;
  tool: ToolInfo | null;
  toolNames: string[];
  policyFlags: { allowWrites: boolean; allowDestructive: boolean; readOnly: boolean };
}

interface Judgment {
  id: string;
  verdict: 'recover' | 'cannot' | 'unsure';
  reason: string;
}

const data = (file: string) => JSON.parse(readFileSync(new URL(`../data/recovery-calibration/${file}`, import.meta.url), 'utf8')) as unknown;

/**
 * The calibration set (corpus and fixtures, 36 servers), and the hold-out: 155 refused calls from 8 published servers
 * outside the corpus, collected and judged blind after the agent was built, before any fix it led to.
 */
const SETS = [
  { name: 'calibration set', items: 'items.json', judgments: 'judgments.json', minItems: 300, minServers: 10, categories: ['validation', 'unknown-tool', 'transient', 'business'] },
  { name: 'hold-out', items: 'holdout-items.json', judgments: 'holdout-judgments.json', minItems: 150, minServers: 8, categories: ['validation', 'unknown-tool', 'business'] },
];

/** The refused exchange as the run recorded it. */
function exchangeOf(item: Item): Exchange {
  const params = { name: item.call.name, arguments: item.call.arguments };
  return {
    seq: 1,
    tool: item.tool?.name ?? NO_TOOL,
    probe: item.probe,
    case: { name: item.call.name, arguments: item.call.arguments, expect: item.expect, label: item.label, ...(item.mustRefuse ? { mustRefuse: true } : {}) },
    path: '',
    request: { jsonrpc: '2.0', id: 1, method: 'tools/call', params },
    outcome: item.outcome,
    elapsedMs: 0,
    ...(item.http ? { http: item.http } : {}),
    ...(item.responseCut ? { responseCut: item.responseCut } : {}),
    ...(item.tool ? { inputSchema: item.tool.inputSchema, inputProperties: Object.keys((item.tool.inputSchema as { properties?: object }).properties ?? {}) } : {}),
  };
}

/** The agent's decision on one item, offline: what it would send is judged by the schema alone. */
async function decide(item: Item): Promise<RepairRecord> {
  const settings: AgentSettings = { attempts: 3, toolNames: item.toolNames, maxWaitMs: 5_000, backoffMs: 1_000, wait: async () => {} };
  const tool = item.tool ?? undefined;
  const policy = tool === undefined ? { level: 'none' as const, reason: 'no such tool' } : callPolicy(tool, item.policyFlags);
  return repairCall({ exchange: exchangeOf(item), tool, policy }, async () => ({ notSent: 'offline: the calibration replays recorded answers' }), settings);
}

describe.each(SETS)('the repair agent against an agent’s own judgment: the $name', async (set) => {
  const items = data(set.items) as Item[];
  const judgments = new Map((data(set.judgments) as Judgment[]).map((j) => [j.id, j]));
  const decided = await Promise.all(items.map(async (item) => ({ item, record: await decide(item), judgment: judgments.get(item.id)! })));

  it('has a judgment for every item, from enough servers and every category it covers', () => {
    expect(items.length).toBeGreaterThanOrEqual(set.minItems);
    expect(decided.every((d) => d.judgment !== undefined)).toBe(true);
    expect(new Set(items.map((i) => i.server)).size).toBeGreaterThanOrEqual(set.minServers);
    expect(new Set(decided.map((d) => d.record.category))).toEqual(new Set(set.categories));
  });

  // Judged: the agent decided (recovered or not recoverable) and so did the judge. Undetermined is out, as in the rate.
  const judged = decided.filter((d) => d.record.result !== 'undetermined' && d.judgment.verdict !== 'unsure');
  const agrees = (d: (typeof decided)[number]) => (d.record.result === 'recovered') === (d.judgment.verdict === 'recover');

  it.skipIf(!process.env.CALIBRATION_PRINT)('prints every decision against its judgment (CALIBRATION_PRINT=1)', () => {
    for (const d of decided) console.log([set.name === 'hold-out' ? 'H' : 'C', d.item.id, d.record.category, d.record.result, d.record.outOfRate ?? '', d.record.cause ?? '', d.judgment.verdict, agrees(d) ? 'agree' : 'DIFF', d.record.verdict.slice(0, 140), d.judgment.reason.slice(0, 140)].join('\t'));
  });

  it('agrees with the judge on at least 90% of the decisions both made', () => {
    const agreed = judged.filter(agrees).length;
    expect(agreed / judged.length, judged.filter((d) => !agrees(d)).map((d) => `${d.item.id}: agent ${d.record.result} (${d.record.verdict}), judge ${d.judgment.verdict} (${d.judgment.reason})`).join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('is never lenient: no call it counts as recovered that the judge could not recover', () => {
    const lenient = decided.filter((d) => d.record.result === 'recovered' && d.judgment.verdict === 'cannot');
    expect(lenient.map((d) => `${d.item.id}: ${d.record.verdict} / judge: ${d.judgment.reason}`)).toEqual([]);
  });

  it('leaves at most 15% undetermined, and never an answer the judge found empty of anything', () => {
    const undetermined = decided.filter((d) => d.record.result === 'undetermined' && d.record.outOfRate === undefined);
    expect(undetermined.length / decided.length).toBeLessThanOrEqual(0.15);
  });
});
