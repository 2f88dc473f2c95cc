// Shared test data for the plan stage: input schemas shaped like real MCP tools, and a live tools/list from the bundled reference servers.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { JsonSchema } from '../../src/types.js';
import type { ToolInfo } from '../../src/session/types.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Schemas arbitraryFor must always satisfy (checked with ajv). */
export const VALID_GENERATION: Record<string, JsonSchema> = {
  'memory create_entities': {
    type: 'object',
    properties: {
      entities: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, observations: { type: 'array', items: { type: 'string' } } }, required: ['name'] },
      },
    },
    required: ['entities'],
  },
  'zod draft-07, additionalProperties false': {
    $schema: DRAFT_07,
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1 },
      recursive: { type: 'boolean', default: false },
      depth: { type: 'integer', minimum: 0, maximum: 10 },
    },
    required: ['path'],
    additionalProperties: false,
  },
  'pydantic optional with null default': {
    type: 'object',
    properties: {
      query: { title: 'Query', type: 'string' },
      limit: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], default: null, title: 'Limit' },
    },
    required: ['query'],
    title: 'searchArguments',
  },
  'numbers with bounds': {
    type: 'object',
    properties: {
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      port: { type: 'integer', minimum: 1, maximum: 65535 },
      step: { type: 'integer', multipleOf: 5, minimum: 3 },
      cents: { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 100 },
      negative: { type: 'number', maximum: -1e9 },
    },
    required: ['ratio', 'port', 'step', 'cents', 'negative'],
  },
  'strings with lengths, pattern and formats': {
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
      slug: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 12 },
      short: { type: 'string', minLength: 2, maxLength: 4 },
      when: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'time' },
      mail: { type: 'string', format: 'email' },
      link: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      ip: { type: 'string', format: 'ipv4' },
      host: { type: 'string', format: 'hostname' },
      custom: { type: 'string', format: 'not-a-known-format' },
    },
    required: ['code', 'slug', 'short', 'when', 'day', 'at', 'mail', 'link', 'id', 'ip', 'host', 'custom'],
  },
  'enum, const, nullable via type array': {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['fast', 'slow'] },
      version: { const: 2 },
      note: { type: ['string', 'null'] },
      mixed: { enum: ['a', 1, null, { deep: true }] },
      legacy: { type: 'string', nullable: true },
    },
    required: ['mode', 'version', 'note', 'mixed', 'legacy'],
  },
  'arrays: counts, uniqueness, 2020 tuple': {
    type: 'object',
    properties: {
      tags: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 3, uniqueItems: true },
      point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 },
      pair: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' } },
    },
    required: ['tags', 'point', 'pair'],
  },
  'draft-07 tuple with additionalItems': {
    $schema: DRAFT_07,
    type: 'object',
    properties: { range: { type: 'array', items: [{ type: 'integer' }, { type: 'integer' }], additionalItems: false, minItems: 2 } },
    required: ['range'],
  },
  'anyOf, oneOf and allOf': {
    type: 'object',
    properties: {
      target: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string' }, minItems: 1 }] },
      shape: {
        oneOf: [
          { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number', minimum: 0 } }, required: ['kind', 'r'] },
          { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number', minimum: 0 } }, required: ['kind', 'side'] },
        ],
      },
      both: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'integer' } }, required: ['b'] }] },
    },
    required: ['target', 'shape', 'both'],
  },
  'sibling anyOf of required sets': {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' } },
    anyOf: [{ required: ['id'] }, { required: ['name'] }],
  },
  '$ref to $defs and recursion': {
    type: 'object',
    $defs: {
      node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['label'] },
    },
    properties: { root: { $ref: '#/$defs/node' } },
    required: ['root'],
  },
  'draft-07 $ref to definitions': {
    $schema: DRAFT_07,
    definitions: { color: { type: 'string', enum: ['red', 'green'] } },
    type: 'object',
    properties: { fg: { $ref: '#/definitions/color' }, bg: { $ref: '#/definitions/color' } },
    required: ['fg'],
  },
  'map-like additionalProperties': {
    type: 'object',
    properties: { env: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 2 } },
    required: ['env'],
  },
  'min/maxProperties': {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
    minProperties: 2,
    maxProperties: 2,
  },
  'no type keyword': { properties: { q: { type: 'string' } }, required: ['q'] },
  'object without properties': { type: 'object' },
  'deeply nested': {
    type: 'object',
    properties: {
      a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'string', minLength: 3 } }, required: ['e'] } }, required: ['d'] } }, required: ['c'] } }, required: ['b'] },
    },
    required: ['a'],
  },
  'empty schema': {},
  'true schema': true,
};

/** Schemas real servers send that are broken or odd: planning must never throw on them. */
export const HOSTILE_SCHEMAS: unknown[] = [
  undefined,
  null,
  42,
  'object',
  [],
  false,
  { type: 'nonsense' },
  { type: 'object', properties: 5, required: 'a' },
  { type: 'object', properties: { a: 'not a schema', b: null, c: [] }, required: ['a', 'b', 'c', 'zzz'] },
  { $ref: '#' },
  { $ref: '#/$defs/missing' },
  { $ref: 'https://example.com/remote.json' },
  { type: 'object', properties: { a: { $ref: '#/properties/a' } }, required: ['a'] },
  { type: 'object', properties: { a: { type: 'string', pattern: '(unclosed' } }, required: ['a'] },
  { type: 'object', properties: { a: { type: 'string', pattern: '(?<=x)y' } }, required: ['a'] },
  { type: 'object', properties: { a: { type: 'integer', minimum: 5, maximum: 1 } }, required: ['a'] },
  { type: 'object', properties: { a: { type: 'string', minLength: 9, maxLength: 2 } }, required: ['a'] },
  { type: 'object', properties: { a: { allOf: 'x', anyOf: [], oneOf: {} } } },
  { type: 'object', properties: { a: { type: [] } }, required: ['a'] },
  { type: 'object', properties: { a: false }, required: ['a'] },
  { type: 'object', properties: { a: { nullable: true } } },
  JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}},"required":["__proto__","constructor"]}'),
  { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } } },
  { type: 'object', $id: 'https://example.com/same-id', properties: { x: { type: 'string' } } },
  { type: 'object', $id: 'https://example.com/same-id', properties: { x: { type: 'integer' } } },
];

/** Start a published reference server, list its tools over raw stdio JSON-RPC, and stop it. */
async function listTools(entry: string, args: string[] = []): Promise<ToolInfo[]> {
  const child = spawn(process.execPath, [entry, ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    return await new Promise<ToolInfo[]>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(() => reject(new Error(`no tools/list answer from ${entry}`)), 20_000);
      child.on('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        for (const line of buffer.split('\n').slice(0, -1)) {
          const message = JSON.parse(line) as { id?: number; result?: { tools: ToolInfo[] } };
          if (message.id === 2 && message.result) {
            clearTimeout(timer);
            resolve(message.result.tools);
          }
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
      });
      const send = (message: object) => child.stdin.write(JSON.stringify(message) + '\n');
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'errlint-test', version: '0' } } });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    });
  } finally {
    child.kill();
  }
}

export async function referenceServerTools(): Promise<ToolInfo[]> {
  const require = createRequire(import.meta.url);
  const entry = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
  const memory = await listTools(entry('@modelcontextprotocol/server-memory'));
  const everything = await listTools(entry('@modelcontextprotocol/server-everything'), ['stdio']);
  return [...memory, ...everything];
}
