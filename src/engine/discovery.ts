// RFC 9728 discovery as an MCP client makes it, for the auth probe: the resource_metadata a 401's challenge names, else the well-known URIs.
import type { Delivery } from '../probe-case.js';
import type { Discovery, Exchange } from '../exchange.js';
import type { RawExchange, Session } from '../session/session.js';
import { bearerChallenge } from '../matchers/bearer.js';

type MetadataDelivery = Extract<Delivery, { kind: 'metadata' }>;

/**
 * Send the challenge (a request without a token); GET the metadata its 401 names when that is on the server's origin
 * (a client asks nothing else then), else each well-known path until one answers 200. A resource_metadata elsewhere is
 * never asked (mcp-errlint talks to the server's origin only): the well-known paths are, for what they show.
 */
export async function discover(session: Session, { challenge, wellKnown }: MetadataDelivery): Promise<RawExchange & Pick<Exchange, 'discovery'>> {
  const refusal = await session.variant(challenge);
  const named = bearerChallenge(refusal.http?.headers?.['www-authenticate'])?.resource_metadata;
  const discovery: Discovery = { challenge: { status: refusal.http?.status ?? 0, ...(named !== undefined ? { resourceMetadata: named } : {}) }, tried: [] };
  const get = async (path: string, via: Discovery['tried'][number]['via']) => {
    const raw = await session.variant({ method: 'GET', path, headers: { authorization: null, accept: 'application/json' } });
    discovery.tried.push({ path, via, status: raw.http?.status ?? 0 });
    return raw;
  };
  let last: RawExchange | undefined;
  const server = session.facts.url;
  // A resource_metadata that is no URL at all leaves a client where none was named: at the well-known paths.
  if (named !== undefined && server !== undefined && URL.canParse(named, server)) {
    const url = new URL(named, server);
    if (url.origin === new URL(server).origin) last = await get(`${url.pathname}${url.search}`, 'resource_metadata');
    else discovery.foreign = url.href;
  }
  if (last === undefined) {
    for (const path of wellKnown) {
      last = await get(path, 'well-known');
      if (last.http?.status === 200) break;
    }
  }
  return { ...(last ?? refusal), discovery };
}
