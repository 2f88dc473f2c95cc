// Published MCP servers (devDependencies) linted end to end; every asserted finding was checked by hand against the server's source.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import type { Report } from '../../src/report/model.js';

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const MEMORY = 'node_modules/@modelcontextprotocol/server-memory/dist/index.js';

/**
 * What @modelcontextprotocol/sdk 1.x itself does, so every server built on it gets (checked in sdk/dist/esm):
 * - an unknown tool: an isError result "MCP error -32602: Tool <name> not found" (server/mcp.js), a note; for the empty
 *   name that is "Tool  not found", which says all there is to say about "" (recovery-hint passes it);
 * - a malformed tools/call: the handler's zod parse throws, and shared/protocol.js answers any error without a numeric
 *   code as -32603 with the zod dump as message (malformed-request, warning); `params: []` fails JSONRPCMessageSchema in
 *   the stdio ReadBuffer and is dropped: no answer at all (malformed-request noAnswer, not a timely-response error);
 * - bad JSON, invalid request objects and a batch fail the same parse and are dropped: silence, a note (jsonrpc-conformance);
 * - "Tool <name> not found" names no tool the server has; an agent fixes a near-miss name from the tools/list it holds,
 *   so the repair agent leaves unknown tools out of its rate (issue 26) and the unknown-tool rule judges the answer.
 */
const SDK1_PROTOCOL_FINDINGS = [
  'note jsonrpc-conformance @ (server)',
  'note unknown-tool @ (server)',
  'warning malformed-request @ (server)',
];

/**
 * What SDK 1.x McpServer does on the other surfaces (issue 19; checked in sdk/dist/esm/server/mcp.js and shared/protocol.js):
 * - resources/read of a malformed URI: `new URL()` throws a TypeError that leaves as -32603 "Invalid URL" (resource-not-found, warning);
 * - resources/read without a uri, or with a numeric one: the request schema's zod parse throws, -32603 with the zod dump
 *   (request-refusal, warning), as for a malformed tools/call;
 * - a missing resource is -32602 "Resource <uri> not found" (accepted before 2026-07-28, which made it the rule);
 * - tools/list and resources/list ignore a cursor they never handed out and answer page one (request-refusal, a note);
 *   an undeclared capability's method is -32601, as it should be.
 */
const SDK1_RESOURCE_FINDINGS = ['warning resource-not-found @ (server)', 'warning request-refusal @ (server)'];

/** McpServer's tool errors (its own input validation, createToolError) are text only: no §5 metadata, a note per tool. */
const sdk1ToolErrorsWithoutMetadata = (tools: string[]) => tools.map((tool) => `note structured-error-metadata @ ${tool}`);

const pairs = (report: Report) => [...new Set(report.findings.map((f) => `${f.severity} ${f.ruleId} @ ${f.tool}`))].sort();

describe.concurrent('published servers', () => {
  it('@modelcontextprotocol/server-memory: its write tools get only schema-invalid inputs, nothing is stored, and only the SDK\'s own answers are flagged', async () => {
    const memoryFile = join(tempDir('errlint-memory-'), 'memory.jsonl');
    const { code, stdout } = await runCli(['--seed', '1', '--format', 'json', '--', 'node', MEMORY], { env: { MEMORY_FILE_PATH: memoryFile } });
    const report = JSON.parse(stdout) as Report;
    expect(report.schemaVersion).toBe(2);
    expect(report.server.protocolVersion).toBe('2025-11-25');
    expect(report.tools).toHaveLength(9);
    expect(pairs(report)).toEqual([...SDK1_PROTOCOL_FINDINGS, ...SDK1_RESOURCE_FINDINGS, 'note request-refusal @ (server)', ...sdk1ToolErrorsWithoutMetadata(['add_observations', 'create_entities', 'create_relations', 'open_nodes', 'search_nodes'])].sort());
    // Its delete_* tools declare destructiveHint: true: never called, listed as skipped.
    expect(report.skips.filter((s) => s.probe === '*').map((s) => s.tool).sort()).toEqual(['delete_entities', 'delete_observations', 'delete_relations']);
    // create_*/add_observations declare destructiveHint: false (writes): schema-invalid inputs only; the read tools get everything.
    expect(report.coverage).toMatchObject({ toolsListed: 9, toolsProbed: 6, incomplete: false });
    expect(report.tools.filter((t) => t.calls === 'invalid').map((t) => t.name).sort()).toEqual(['add_observations', 'create_entities', 'create_relations']);
    expect(report.tools.filter((t) => t.calls === 'all').map((t) => t.name).sort()).toEqual(['open_nodes', 'read_graph', 'search_nodes']);
    expect(existsSync(memoryFile)).toBe(false);
    // The SDK's zod validation names every field: an agent repairs each validation error; the write tools' repairs are
    // judged by the schema alone (never sent), the read tools' by the server.
    expect(report.recovery!.byCategory.validation).toMatchObject({ rate: 1 });
    expect(report.recovery!.byTool.create_entities).toMatchObject({ confirmed: 0 });
    expect(report.recovery!.byTool.search_nodes.confirmed).toBeGreaterThan(0);
    expect(code).toBe(0);
    // The SDK's -32603 for a malformed tools/call, resources/read params and a malformed URI (warnings): A by score (86.8;
    // its "Tool x not found" no longer costs it an agent-recovers warning: unknown tools are out of the rate, issue 26).
    expect(report.coverage.surfaces.find((s) => s.surface === 'resources')).toMatchObject({ available: '1 resource, 0 templates', status: 'probed' });
    expect(report.score.grade).toBe('A');
  });

  it('@modelcontextprotocol/server-everything (default timeout): no error-level finding for its by-design behaviour, the findings checked by hand', async () => {
    const { code, stdout } = await runCli(['--seed', '1', '--format', 'json', '--', 'node', EVERYTHING]);
    const report = JSON.parse(stdout) as Report;
    expect(report.tools).toHaveLength(13);
    // get-annotated-message {messageType: "error"} returns "Error: Operation failed", the sample it was asked for: no
    // no-error-as-success finding (the list is exact).
    expect(pairs(report)).toEqual(
      [
        ...SDK1_PROTOCOL_FINDINGS,
        ...SDK1_RESOURCE_FINDINGS,
        // prompts/get of args-prompt with a numeric city: the SDK's zod parse of the request, -32603 (prompt-contract).
        'warning prompt-contract @ (server)',
        // get-resource-reference's own "Invalid resourceId: 0. Must be a finite positive integer." carries no metadata either.
        ...sdk1ToolErrorsWithoutMetadata(['echo', 'get-annotated-message', 'get-resource-links', 'get-resource-reference', 'get-structured-content', 'get-sum', 'gzip-file-as-resource', 'trigger-long-running-operation']),
      ].sort(),
    );
    // trigger-long-running-operation works `duration` s (10 by default) and reports progress for our progressToken: it is
    // cancelled once seen alive past half the timeout, gets no timely-response finding, and no further valid input.
    expect(report.findings.filter((f) => f.ruleId === 'timely-response')).toEqual([]);
    expect(report.skips).toContainEqual(expect.objectContaining({ tool: 'trigger-long-running-operation', probe: 'positive', reason: expect.stringContaining('slow on valid input') }));
    // simulate-research-query needs task-augmented calls: skipped with its reason, not failed.
    expect(report.skips).toContainEqual(expect.objectContaining({ tool: 'simulate-research-query', probe: '*' }));
    // Its resources (7 and 2 templates), prompts (4), completions and logging are probed too (issue 19).
    expect(report.coverage.surfaces.filter((s) => s.status === 'probed').map((s) => s.surface)).toEqual(['tools', 'resources', 'prompts', 'completions', 'logging', 'server']);
    expect(report.coverage.surfaces.find((s) => s.surface === 'resources')!.available).toBe('7 resources, 2 templates');
    expect(report.findings.find((f) => f.ruleId === 'resource-not-found')!.method).toBe('resources/read');
    expect(report.findings.find((f) => f.ruleId === 'prompt-contract')!.method).toBe('prompts/get');
    // Warning rules, each on one or two units of 14 (tools, the server, resources, prompts, completions): A by score (86.2;
    // B at 84.6 while get-annotated-message's requested sample counted as a disguised error).
    expect(report.score.caps.map((c) => c.max)).toEqual(['A']);
    expect(report.score.grade).toBe('A');
    expect(code).toBe(0);
  });

  it('@modelcontextprotocol/server-everything over Streamable HTTP: its resources and prompts are probed there too', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server-everything did not start listening')), 20_000);
        const seen = (chunk: Buffer) => {
          if (/listening on port/i.test(chunk.toString())) clearTimeout(timer), resolve();
        };
        server.stdout.on('data', seen);
        server.stderr.on('data', seen);
      });
      const { stdout } = await runCli(['--seed', '1', '--format', 'json', '--url', `http://127.0.0.1:${port}/mcp`]);
      const report = JSON.parse(stdout) as Report;
      expect(report.server.transport).toBe('http');
      expect(report.coverage.surfaces.filter((s) => s.status === 'probed').map((s) => s.surface)).toEqual(['tools', 'resources', 'prompts', 'completions', 'logging', 'server']);
      expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(report.findings.find((f) => f.ruleId === 'resource-not-found')!.method).toBe('resources/read');
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    }
  });
});

/** A port on 127.0.0.1 that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
