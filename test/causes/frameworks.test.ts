// The framework files of the causes stage on findings captured from real servers (test/data/frameworks/README.md): who
// is sighted, at which version, and which mechanism explains which finding; servers on other frameworks are not named.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CauseInput, FrameworkSighting } from '../../src/causes/cause.js';
import { FRAMEWORKS } from '../../src/causes/frameworks/index.js';
import { compareVersions, formatRange, intersect } from '../../src/causes/frameworks/version-range.js';
import type { Finding } from '../../src/report/model.js';

const DATA = join(import.meta.dirname, '..', 'data', 'frameworks');

/** A captured run: what the causes stage is given of it. */
function captured(name: string): CauseInput {
  const run = JSON.parse(readFileSync(join(DATA, `${name}.json`), 'utf8')) as CauseInput & { findings: Finding[] };
  return { serverInfo: run.serverInfo, transport: run.transport, protocolVersion: run.protocolVersion, findings: run.findings };
}

const RUNS = readdirSync(DATA).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));

function sightings(input: CauseInput): Record<string, FrameworkSighting> {
  return Object.fromEntries(FRAMEWORKS.flatMap((framework) => {
    const sighting = framework.sight(input);
    return sighting ? [[framework.id, sighting]] : [];
  }));
}

/** Each finding's explanation as `rule/messageId → mechanism id`: the first mechanism of a sighted framework, in FRAMEWORKS order. */
function explained(input: CauseInput): Record<string, string[]> {
  const seen = sightings(input);
  const out: Record<string, Set<string>> = {};
  for (const finding of input.findings) {
    const key = `${finding.ruleId}/${finding.messageId}`;
    for (const framework of FRAMEWORKS) {
      const sighting = seen[framework.id];
      const mechanism = sighting && framework.mechanisms.find((m) => m.explains(finding, sighting));
      if (mechanism) {
        (out[key] ??= new Set()).add(mechanism.id);
        break;
      }
    }
  }
  return Object.fromEntries(Object.entries(out).map(([key, ids]) => [key, [...ids].sort()]));
}

/** Whether a version satisfies a range as formatRange writes it (">=a <b", "<b", ">=a", "N.x"). */
function satisfies(version: string, range: string): boolean {
  const major = /^(\d+)\.x$/.exec(range);
  if (major) return version.split('.')[0] === major[1];
  return range.split(' ').every((part) => {
    const bound = /^(>=|<)(\d+\.\d+\.\d+)$/.exec(part);
    if (!bound) throw new Error(`not a range this test reads: ${range}`);
    const d = compareVersions(version, bound[2]);
    return bound[1] === '>=' ? d >= 0 : d < 0;
  });
}

describe('the corpus\'s SDK versions are attributed as their answers show them', () => {
  // Each row: a corpus server, the SDK version it really runs (corpus/node_modules), and the range its answers tell.
  const rows: Array<[run: string, installed: string, range: string]> = [
    ['corpus-memory', '1.30.0', '>=1.30.0 <2.0.0'], // zod 4's issues, McpServer's "… at <path>" refusal, prefixed: 1.30.0 (#1503)
    ['corpus-hello-world', '1.30.0', '>=1.30.0 <2.0.0'], // the app's zod 3 issues in 1.30's "Required at a" form
    ['corpus-knowledge-graph', '1.0.1', '<1.23.0'], // zod 3's issue list of the request: before the SDK's schemas moved to zod 4 (#1040)
    ['corpus-postgres', '1.0.1', '<1.23.0'],
    ['corpus-system-monitor', '2.0.0', '>=1.23.0'], // only the request's zod 4 issues: 1.23 or later, 1.x or 2.x
    ['corpus-mongodb', '2.0.0', '2.x'], // McpServer's refusal without 1.x's "MCP error -32602:" prefix
    ['corpus-n8n', '1.30.0', '>=1.23.0'],
    ['sdk-1.20.2', '1.20.2', '<1.23.0'],
    ['sdk-1.25.3', '1.25.3', '>=1.23.0 <1.30.0'], // the prefixed refusal with zod's JSON issue list: 1.21 to 1.29
    ['server-2.4.0', '2.4.0', '2.x'],
  ];
  it.each(rows)('%s (on %s): %s', (run, installed, range) => {
    const sighting = sightings(captured(run))['mcp-typescript-sdk'];
    expect(sighting).toMatchObject({ name: 'MCP TypeScript SDK', version: range });
    expect(satisfies(installed, sighting!.version!)).toBe(true);
    expect(sighting!.evidence).not.toBe('');
  });
});

describe('sightings: each captured server is named by the frameworks it runs on, and by no other', () => {
  const expected: Record<string, string[]> = {
    'corpus-memory': ['mcp-typescript-sdk'],
    'corpus-hello-world': ['mcp-typescript-sdk'],
    'corpus-knowledge-graph': ['mcp-typescript-sdk'],
    'corpus-postgres': ['mcp-typescript-sdk'],
    'corpus-system-monitor': ['mcp-typescript-sdk'],
    'corpus-mongodb': ['mcp-typescript-sdk'],
    // n8n writes "Error executing tool …" itself, the Python SDK's FastMCP's words: not enough to name the Python SDK.
    'corpus-n8n': ['mcp-typescript-sdk'],
    'sdk-1.20.2': ['mcp-typescript-sdk'],
    'sdk-1.25.3': ['mcp-typescript-sdk'],
    'server-2.4.0': ['mcp-typescript-sdk'],
    'fastmcp-ts-4.20.16': ['fastmcp-typescript', 'mcp-typescript-sdk'], // fastmcp runs on @modelcontextprotocol/sdk 1.x
    'python-sdk-2.3.0': ['mcp-python-sdk'],
    'fastmcp-py-4.0.10': ['fastmcp-python'],
    'fastmcp-py-4.0.10-masked': ['fastmcp-python'],
    'express-development': ['express', 'mcp-typescript-sdk'],
    'express-production': ['express', 'mcp-typescript-sdk'],
    'html-500': [], // an HTML 500 that is not finalhandler's, on node:http: no Express; no answer of the SDK's own either
  };
  it('covers every captured run', () => expect(Object.keys(expected).sort()).toEqual([...RUNS].sort()));
  it.each(Object.entries(expected))('%s → %j', (run, ids) => {
    expect(Object.keys(sightings(captured(run))).sort()).toEqual([...ids].sort());
  });

  it('names Express by its header, and finalhandler alone by its page', () => {
    const development = captured('express-development');
    expect(sightings(development).express).toMatchObject({ name: 'Express', evidence: 'X-Powered-By: Express; finalhandler\'s HTML error page' });
    const withoutHeader = { ...development, findings: development.findings.map((f) => (f.http ? { ...f, http: { ...f.http, headers: {} } } : f)) };
    expect(sightings(withoutHeader).express).toMatchObject({ name: 'finalhandler (the default error handler of Express and Connect)', evidence: 'finalhandler\'s HTML error page' });
    expect(sightings(withoutHeader).express!.version).toBeUndefined();
  });

  it('tells fastmcp (TypeScript) 3.1.0 and later by the sentence it added to its refusal', () => {
    expect(sightings(captured('fastmcp-ts-4.20.16'))['fastmcp-typescript']).toMatchObject({ version: '>=3.1.0' });
  });
});

describe('mechanisms: which one explains which finding', () => {
  const expected: Record<string, Record<string, string[]>> = {
    'corpus-memory': {
      'unknown-tool/toolErrorResult': ['mcp-typescript-sdk/unknown-tool-as-result'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
      'request-refusal/internalCode': ['mcp-typescript-sdk/request-schema-internal-error'],
      'resource-not-found/wrongCode': ['mcp-typescript-sdk/malformed-uri-internal-error'],
    },
    'corpus-knowledge-graph': {
      'error-channel/internalErrorOnInvalidInput': ['mcp-typescript-sdk/handler-exception-internal-error'],
      'no-internal-details/leak': ['mcp-typescript-sdk/handler-exception-internal-error'],
      'recovery-hint/noArgumentHint': ['mcp-typescript-sdk/handler-exception-internal-error'],
      'agent-recovers/validation': ['mcp-typescript-sdk/handler-exception-internal-error'],
      'unknown-tool/wrongCode': ['mcp-typescript-sdk/handler-exception-internal-error'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
    },
    'sdk-1.25.3': {
      'unknown-tool/toolErrorResult': ['mcp-typescript-sdk/unknown-tool-as-result'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
    },
    // 2.x answers an unknown tool with -32602 (no finding), and its tool's TypeError is an isError result: the app's, not the SDK's.
    'server-2.4.0': {},
    'fastmcp-ts-4.20.16': {
      'error-channel/invalidParamsSince2025_11_25': ['fastmcp-typescript/validation-as-protocol-error'],
      'unknown-tool/wrongCode': ['fastmcp-typescript/unknown-tool-method-not-found'],
      'no-internal-details/leak': ['fastmcp-typescript/execution-failed-passthrough'],
      'error-size-bounded/tooLarge': ['fastmcp-typescript/execution-failed-passthrough'],
      'recovery-hint/noNextStep': ['fastmcp-typescript/execution-failed-passthrough'],
      'recovery-hint/noRequestHint': ['fastmcp-typescript/completion-refusal-internal-error'],
      'request-refusal/internalCode': ['fastmcp-typescript/completion-refusal-internal-error', 'mcp-typescript-sdk/request-schema-internal-error'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
    },
    'python-sdk-2.3.0': { 'unknown-tool/toolErrorResult': ['mcp-python-sdk/unknown-tool-as-result'] },
    'fastmcp-py-4.0.10': {
      'error-size-bounded/tooLarge': ['fastmcp-python/exception-details'],
      'unknown-tool/toolErrorResult': ['fastmcp-python/unknown-tool-as-result'],
    },
    'fastmcp-py-4.0.10-masked': {
      'agent-recovers/business': ['fastmcp-python/masked-errors'],
      'recovery-hint/noArgumentHint': ['fastmcp-python/masked-errors'],
      'recovery-hint/noNextStep': ['fastmcp-python/masked-errors'],
      'unknown-tool/toolErrorResult': ['fastmcp-python/unknown-tool-as-result'],
    },
    'express-development': {
      'no-stack-trace/stackTrace': ['express/development-error-page'],
      'no-internal-details/leak': ['express/development-error-page'],
      'http-status/serverError': ['express/html-error-page'],
      'unknown-tool/toolErrorResult': ['mcp-typescript-sdk/unknown-tool-as-result'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
    },
    // Production: the same 500 page without its stack, and no leak to explain.
    'express-production': {
      'http-status/serverError': ['express/html-error-page'],
      'unknown-tool/toolErrorResult': ['mcp-typescript-sdk/unknown-tool-as-result'],
      'malformed-request/internalError': ['mcp-typescript-sdk/request-schema-internal-error'],
    },
    'html-500': {},
  };
  it.each(Object.entries(expected))('%s', (run, byFinding) => {
    expect(explained(captured(run))).toEqual(byFinding);
  });

  it('a finding is explained by at most one mechanism of a framework', () => {
    for (const run of RUNS) {
      const input = captured(run);
      const seen = sightings(input);
      for (const framework of FRAMEWORKS) {
        const sighting = seen[framework.id];
        if (!sighting) continue;
        for (const finding of input.findings) {
          const ids = framework.mechanisms.filter((m) => m.explains(finding, sighting)).map((m) => m.id);
          expect(ids.length, `${run}: ${finding.ruleId}/${finding.messageId} → ${ids.join(', ')}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('every mechanism explains some captured finding, and says its fix in one sentence with its source', () => {
    const used = new Set(RUNS.flatMap((run) => Object.values(explained(captured(run))).flat()));
    for (const framework of FRAMEWORKS) {
      for (const mechanism of framework.mechanisms) {
        expect(mechanism.id.startsWith(`${framework.id}/`)).toBe(true);
        expect(used.has(mechanism.id), `${mechanism.id} explains no captured finding`).toBe(true);
        expect(mechanism.source).toMatch(/^https:\/\/\S+$/);
        expect(mechanism.summary).not.toMatch(/\n/);
        expect(mechanism.fix).toMatch(/^[A-Z][^\n]*\.$/);
        expect(mechanism.fix.slice(0, -1)).not.toMatch(/\.\s+[A-Z]/); // one sentence
      }
    }
  });
});

describe('version ranges', () => {
  it('intersects what the clues say, and tells nothing when they contradict each other', () => {
    expect(formatRange(intersect([{ major: 1, min: '1.21.0' }, { below: '1.30.0' }, { min: '1.23.0' }]))).toBe('>=1.23.0 <1.30.0');
    expect(formatRange(intersect([{ major: 2 }, { min: '1.23.0' }]))).toBe('2.x');
    expect(formatRange(intersect([{ major: 1 }, { below: '1.23.0' }]))).toBe('>=1.0.0 <1.23.0');
    expect(intersect([{ major: 1 }, { major: 2 }])).toBeUndefined();
    expect(intersect([{ min: '1.30.0' }, { below: '1.23.0' }])).toBeUndefined();
    expect(formatRange(intersect([]))).toBeUndefined();
  });
});
