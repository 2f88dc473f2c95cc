// Does the answer put the fault in the server's surroundings rather than in the call: an upstream it could not reach, a
// program it runs that is missing or did not start, a credential or setting the operator has not given? No change to the
// call fixes that: an agent stops and tells the user, and a lint measures its own sandbox, not the server.
import { findConfigurationMarker, findCredentialName, findRuntimeMarker, findUpstreamMarker } from '../matchers/phrases.js';
import type { CallView, Diagnosis, EnvironmentFault } from './diagnosis.js';
import { knownPaths, looseName, looseSpelling, sentValues } from './names.js';

/**
 * Does the marker name an argument the tool declares or the call sent ("API key is required" to a tool taking `api_key`)?
 * A credential is named whole (`apiKey`, `openai_api_key` for "API key"), or by its last word at the top level (`token`
 * for "access token"): a nested `key`, a browser action's keyboard key, is no API key.
 */
function namesArgument(marker: string, call: CallView): boolean {
  const credential = findCredentialName(marker);
  return knownPaths(call).some((path) => {
    const leaf = path[path.length - 1];
    if (leaf.length < 3 || /^\d+$/.test(leaf)) return false;
    const named = new RegExp(`(?<![\\w$-])${looseSpelling(leaf)}(?![\\w$-])`, 'i').test(marker);
    return credential === null ? named : looseName(leaf).includes(looseName(credential).replace(/s$/, '')) || (named && path.length === 1);
  });
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** Does `text` hold `value` as a whole, not inside a longer word (the "table" we sent is not in Chrome's channel 'stable')? */
function quotesWhole(text: string, value: string): boolean {
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    if (!WORD_CHARACTER.test(text[i - 1] ?? '') && !WORD_CHARACTER.test(text[i + value.length] ?? '')) return true;
  }
  return false;
}

/**
 * The fault an answer that locates no argument puts in the server's surroundings, with the words that say so; undefined
 * when it puts none there. A missing program or setting counts only where the answer quotes nothing the call sent and
 * names no argument of the tool: "Package 'x' is not installed" for the x we sent, "Invalid api_key" for a declared
 * `api_key`, are about the call.
 */
export function environmentFrom(texts: readonly string[], call: CallView): Diagnosis['environment'] {
  const found = (kind: EnvironmentFault, find: (text: string) => string | null, applies: (text: string, marker: string) => boolean = () => true) => {
    for (const text of texts) {
      const marker = find(text);
      if (marker !== null && applies(text, marker)) return { kind, marker };
    }
    return undefined;
  };
  const sent = sentValues(call.arguments, []).flatMap(([, v]) => (typeof v === 'string' && v.trim().length >= 4 ? [v.trim().toLowerCase()] : []));
  const aboutTheSetup = (text: string, marker: string) => !namesArgument(marker, call) && !sent.some((s) => quotesWhole(text.toLowerCase(), s));
  return found('upstream', findUpstreamMarker) ?? found('runtime', findRuntimeMarker, aboutTheSetup) ?? found('configuration', findConfigurationMarker, aboutTheSetup);
}
