// Reading a refused call's answer: every format reader in turn (structured first, prose last), culprits merged, then offered tools, transient, final and a fault outside the call.
import type { AnswerView, CallView, Culprit, Diagnosis } from './diagnosis.js';
import type { FormatReader } from './culprit.js';
import { specificity } from './culprit.js';
import { metadataReader } from './formats/metadata.js';
import { zodV3Reader } from './formats/zod-v3.js';
import { zodV4Reader } from './formats/zod-v4.js';
import { valibotReader } from './formats/valibot.js';
import { ajvReader } from './formats/ajv.js';
import { pydanticV2Reader } from './formats/pydantic-v2.js';
import { jsonschemaPyReader } from './formats/jsonschema-py.js';
import { goSdkReader } from './formats/go-sdk.js';
import { rustRmcpReader } from './formats/rust-rmcp.js';
import { nodeArgsReader } from './formats/node-args.js';
import { tsSdkReader } from './formats/ts-sdk.js';
import { fastmcpReader } from './formats/fastmcp.js';
import { mcpFrameworkReader } from './formats/mcp-framework.js';
import { httpStatusReader } from './formats/http-status.js';
import { proseReader } from './formats/prose.js';
import { sqlReader } from './formats/sql.js';
import { suggestedTools } from './suggested-tools.js';
import { transientFromMetadata, transientFromText } from './transient.js';
import { finalFromMetadata, finalFromText } from './final.js';
import { environmentFrom } from './environment.js';

const MAX_TEXT = 16_384;

/** The readers in FORMATS order: structured metadata, the libraries' formats, the SDK wrappers, prose last. */
export const READERS: readonly FormatReader[] = [metadataReader, zodV3Reader, zodV4Reader, valibotReader, ajvReader, pydanticV2Reader, jsonschemaPyReader, goSdkReader, rustRmcpReader, sqlReader, nodeArgsReader, tsSdkReader, fastmcpReader, mcpFrameworkReader, httpStatusReader, proseReader];

/** One culprit per path: the most specific (a named problem, then the most it says is expected); on a tie, the earlier reader's. */
export function mergeCulprits(found: readonly Culprit[]): Culprit[] {
  const best = new Map<string, Culprit>();
  for (const c of found) {
    const key = JSON.stringify(c.path);
    const held = best.get(key);
    if (held === undefined || specificity(c) > specificity(held)) best.set(key, c);
  }
  return [...best.values()];
}

/** What the answer says: the arguments it singles out, the tools it offers, whether the failure is passing or final. */
export function diagnose(whole: AnswerView, call: CallView): Diagnosis {
  // An error message is short: past this a text is content (a file, a page), and the readers' patterns need not scan it all.
  // Its start and its end are kept: an answer that echoes a long value says what is wrong with it after the echo.
  const answer = { ...whole, texts: whole.texts.map((t) => (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT / 2)} … ${t.slice(-MAX_TEXT / 2)}` : t)) };
  const found: Culprit[] = [];
  const claimed = new Set<number>();
  for (const reader of READERS) {
    // Prose reads only the texts no other format recognised (a jsonschema dump, n8n's arg list are not prose).
    const view = reader === proseReader ? { ...answer, texts: answer.texts.filter((_, i) => !claimed.has(i)) } : answer;
    const reading = reader.read(view, call);
    found.push(...reading.culprits);
    for (const i of reading.claimed) claimed.add(i);
  }
  const culprits = mergeCulprits(found);
  const located = culprits.length > 0;
  const prose = answer.texts.filter((_, i) => !claimed.has(i));

  // Metadata outranks words; among words, a stated delay makes a failure passing, else a refusal makes it final.
  // Metadata that says both (a transient category, retryable false) is taken at its "do not retry".
  const metaFinal = finalFromMetadata(answer, located);
  let transient = metaFinal ? undefined : transientFromMetadata(answer, located);
  let final = metaFinal;
  if (!transient && !final && !located) {
    const textTransient = transientFromText(prose);
    const textFinal = finalFromText(prose, call);
    if (textTransient && (textTransient.afterSeconds !== undefined || !textFinal)) transient = textTransient;
    else final = textFinal;
  }
  const environment = located ? undefined : environmentFrom(answer.texts, call);
  return { culprits, suggestedTools: suggestedTools(answer, call, prose), ...(transient ? { transient } : {}), ...(final ? { final } : {}), ...(environment ? { environment } : {}) };
}
