// The entries of a registry: a file or the registry's list API, in the list format ({servers: [{server, _meta}],
// metadata: {nextCursor}}), as a plain array of server.json, or as one server.json.
import { existsSync, readFileSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { parseJson } from '../../util/json.js';

/** One entry as the registry lists it: its server.json (not yet checked) and the registry's metadata about it. */
export interface RegistryEntry {
  server: unknown;
  /** The list format's `_meta` beside the server (where `io.modelcontextprotocol.registry/official` says isLatest). */
  meta?: Record<string, unknown>;
}

/** Pages followed at most: a registry that never stops giving a cursor ends the read, not the machine. */
const MAX_PAGES = 1000;

/** The entries of one document, whichever of the three shapes it has. */
export function entriesOf(document: unknown, where: string): { entries: RegistryEntry[]; nextCursor?: string } {
  if (Array.isArray(document)) return { entries: document.map((server) => ({ server })) };
  if (typeof document !== 'object' || document === null) throw new UsageError(`${where}: expected a registry list ({"servers": [...]}), an array of server.json, or one server.json`);
  const doc = document as { servers?: unknown; metadata?: { nextCursor?: unknown } };
  if (!Array.isArray(doc.servers)) return { entries: [{ server: document }] };
  const entries = doc.servers.map((item): RegistryEntry => {
    // The list format wraps each server.json; a list of bare server.json is read as well.
    if (typeof item === 'object' && item !== null && 'server' in item) {
      const { server, _meta } = item as { server: unknown; _meta?: unknown };
      return { server, ...(typeof _meta === 'object' && _meta !== null ? { meta: _meta as Record<string, unknown> } : {}) };
    }
    return { server: item };
  });
  const cursor = doc.metadata?.nextCursor;
  return { entries, ...(typeof cursor === 'string' && cursor !== '' ? { nextCursor: cursor } : {}) };
}

function parsed(text: string, where: string): unknown {
  const result = parseJson(text);
  if (!result.ok) throw new UsageError(`${where}:${result.line}:${result.column}: ${result.message}`);
  return result.value;
}

/** The list API's address for a page: `<base>/v0.1/servers?version=latest&cursor=…` (a URL already naming the list is kept). */
export function pageUrl(base: string, cursor?: string): string {
  const url = new URL(base);
  if (!/\/v0\.1\/servers\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v0.1/servers`;
  if (!url.searchParams.has('version')) url.searchParams.set('version', 'latest');
  if (cursor !== undefined) url.searchParams.set('cursor', cursor);
  return url.href;
}

/** Every entry of a registry file, or of a registry's list API (an http(s) URL), following nextCursor to the last page. */
export async function readRegistry(source: string): Promise<RegistryEntry[]> {
  if (!/^https?:\/\//i.test(source)) {
    if (!existsSync(source)) throw new UsageError(`${source}: no such file`);
    const { entries } = entriesOf(parsed(readFileSync(source, 'utf8'), source), source);
    return entries;
  }
  const all: RegistryEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = pageUrl(source, cursor);
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new UsageError(`${url}: could not reach the registry: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`);
    }
    if (!response.ok) throw new UsageError(`${url}: the registry answered HTTP ${response.status}`);
    const { entries, nextCursor } = entriesOf(parsed(await response.text(), url), url);
    all.push(...entries);
    if (nextCursor === undefined || nextCursor === cursor) return all;
    cursor = nextCursor;
  }
  throw new UsageError(`${source}: still a next page after ${MAX_PAGES} pages`);
}
