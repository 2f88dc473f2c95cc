// One reading of an answer, shared by every rule: what kind of answer it is, its texts and error surfaces, its metadata,
// and what we sent. Each part is worked out on first use and kept, so no rule reads the answer again.
import type { Exchange } from '../exchange.js';
import type { SessionFacts } from '../session/types.js';
import {
  answerKind,
  errorCode,
  errorSurfaces,
  errorText,
  httpAnswer,
  isProtocolProbe,
  requestedToolName,
  resultText,
  textItems,
  type AnswerKind,
  type ErrorSurface,
} from '../matchers/surface.js';
import { extractMetadata, type ErrorMetadata, type MetadataOptions } from '../matchers/metadata.js';
import { argumentNames, nonJsonArguments, sentMalformedJson, sentObjectValue, sentStrings, sentText, targetNames } from '../matchers/sent.js';
import type { LeakOptions } from '../matchers/leaks.js';
import { methodOf } from './exchange.js';
import { environmentOf, guidanceOf, type Guidance } from '../diagnose/guidance.js';
import type { Diagnosis } from '../diagnose/diagnosis.js';
import { lastWordOf } from '../diagnose/names.js';

/** What every reading of a run shares: the session, and the metadata field names the user added (one setting for all rules). */
export interface ReadingSettings {
  session: SessionFacts;
  metadata: MetadataOptions;
  /** The names of the tools the server listed. */
  toolNames: readonly string[];
}

/** A part not worked out yet (undefined is a value some parts take). */
const UNREAD = Symbol('unread');

export class Reading {
  #kind: AnswerKind | undefined;
  #code: number | undefined | typeof UNREAD = UNREAD;
  #textItems: { index: number; text: string }[] | undefined;
  #resultText: string | undefined;
  #errorText: string | undefined;
  #surfaces: readonly ErrorSurface[] | undefined;
  #modelText: string | undefined;
  #surfaceText: string | undefined;
  #metadata: ErrorMetadata | undefined;
  #sentText: string | undefined;
  #sentStrings: string[] | undefined;
  #argumentNames: string[] | undefined;
  #sentObject: boolean | undefined;
  #sentMalformedJson: boolean | undefined;
  #requestedTool: string | undefined;
  #guidance: Guidance | undefined | typeof UNREAD = UNREAD;
  #environment: Diagnosis['environment'] | typeof UNREAD = UNREAD;

  constructor(
    readonly exchange: Exchange,
    private readonly settings: ReadingSettings,
  ) {}

  get session(): SessionFacts {
    return this.settings.session;
  }

  /** success, tool-error, protocol-error, timeout, closed, silent or http. */
  get kind(): AnswerKind {
    return (this.#kind ??= answerKind(this.exchange));
  }

  /** A tool error (isError result) or a JSON-RPC error. */
  get isError(): boolean {
    return this.kind === 'tool-error' || this.kind === 'protocol-error';
  }

  /** The server answered (a result or a JSON-RPC error), as opposed to a timeout, silence or a closed connection. */
  get answered(): boolean {
    return this.exchange.outcome.kind === 'result' || this.exchange.outcome.kind === 'error';
  }

  /** An answer whose texts the leak rules read: an error answer, or an HTTP answer without a JSON-RPC message. */
  get leaksCanShow(): boolean {
    return this.isError || this.kind === 'http';
  }

  /** A probe of the protocol itself (a malformed tools/call, a bad frame, a notification): the protocol rules grade it. */
  get protocolProbe(): boolean {
    return isProtocolProbe(this.exchange);
  }

  /** A well-formed tools/call request of ours (not a raw frame, a batch or another method). */
  /** The JSON-RPC method we sent (null for a raw frame that names none). */
  get method(): string | null {
    return methodOf(this.exchange);
  }

  get toolCall(): boolean {
    const request = this.exchange.request;
    return !Array.isArray(request) && request.method === 'tools/call' && !this.protocolProbe;
  }

  /** The JSON-RPC error code when it is an integer; undefined otherwise (the string "-32602" is not -32602). */
  get code(): number | undefined {
    if (this.#code === UNREAD) this.#code = errorCode(this.exchange);
    return this.#code;
  }

  /** The text items of a result's content, with their index. */
  get textItems(): readonly { index: number; text: string }[] {
    return (this.#textItems ??= textItems(this.exchange));
  }

  /** The joined text content of a result ('' when there is none). */
  get resultText(): string {
    return (this.#resultText ??= this.#textItems === undefined ? resultText(this.exchange) : this.#textItems.map((i) => i.text).join('\n'));
  }

  /** What a reader sees first in an error: the text content of a tool error, or error.message. */
  get errorText(): string {
    return (this.#errorText ??= errorText(this.exchange));
  }

  /** The texts of an error answer, each with where it came from ([] for success, timeout, closed). */
  get surfaces(): readonly ErrorSurface[] {
    return (this.#surfaces ??= errorSurfaces(this.exchange));
  }

  /** What the model reads of an error: every surface but `_meta`, joined. */
  get modelText(): string {
    return (this.#modelText ??= this.surfaces
      .filter((s) => s.where !== '_meta')
      .map((s) => s.text)
      .join('\n'));
  }

  /** Every error surface, joined. */
  get surfaceText(): string {
    return (this.#surfaceText ??= this.surfaces.map((s) => s.text).join('\n'));
  }

  /** What the answer gives an agent to act on (undefined: nothing), as the repair agent reads it. */
  get guidance(): Guidance | undefined {
    if (this.#guidance === UNREAD) this.#guidance = guidanceOf(this.exchange, this.settings.toolNames, this.settings.metadata, undefined, targetNames(this.exchange.case.target));
    return this.#guidance;
  }

  /** Where the answer puts the fault outside the call (an upstream, a program, a setting), as the repair agent reads it. */
  get environment(): Diagnosis['environment'] {
    if (this.#environment === UNREAD) this.#environment = environmentOf(this.exchange, this.settings.toolNames, this.settings.metadata);
    return this.#environment;
  }

  /** Structured error metadata (rulebook §5), with the field names the user added. */
  get metadata(): ErrorMetadata {
    return (this.#metadata ??= extractMetadata(this.exchange, this.settings.metadata));
  }

  /** "HTTP 500 text/html" for an HTTP answer without a JSON-RPC message ('' otherwise). */
  get httpAnswer(): string {
    return httpAnswer(this.exchange);
  }

  /** The tool name we asked for in tools/call. */
  get requestedTool(): string {
    return (this.#requestedTool ??= requestedToolName(this.exchange));
  }

  /** Everything we put on the wire, as scan text. */
  get sentText(): string {
    return (this.#sentText ??= sentText(this.exchange));
  }

  /** Every string value we sent in params. */
  get sentStrings(): readonly string[] {
    return (this.#sentStrings ??= sentStrings(this.exchange));
  }

  /** Names of the arguments the probe is about (those it targets, and the keys we sent): any answer may echo them. */
  get argumentNames(): readonly string[] {
    return (this.#argumentNames ??= argumentNames(this.exchange));
  }

  /** Did we send an object as a value ("[object Object]" may then be ours)? */
  get sentObject(): boolean {
    return (this.#sentObject ??= sentObjectValue(this.exchange));
  }

  /** Was our frame not JSON at all (a parse error then describes it)? */
  get sentMalformedJson(): boolean {
    return (this.#sentMalformedJson ??= sentMalformedJson(this.exchange));
  }

  /**
   * Leak-matcher options that know what in an answer may be ours rather than the server's internals: what we sent, and
   * what the user gave the server. Each part is read only when a match needs it (most answers have no match at all).
   */
  leakOptions(own: Pick<LeakOptions, 'extraPatterns' | 'allowedHosts'> = {}): LeakOptions {
    return new OwnInput(this, own);
  }
}

/** LeakOptions whose knowledge of our own input comes from the reading, on demand. */
class OwnInput implements LeakOptions {
  readonly extraPatterns?: LeakOptions['extraPatterns'];
  readonly allowedHosts?: LeakOptions['allowedHosts'];
  readonly userSupplied?: LeakOptions['userSupplied'];

  constructor(
    private readonly reading: Reading,
    own: Pick<LeakOptions, 'extraPatterns' | 'allowedHosts'>,
  ) {
    this.extraPatterns = own.extraPatterns;
    this.allowedHosts = own.allowedHosts;
    this.userSupplied = reading.session.userSupplied;
  }

  /** What we sent, and the server's own URL (the user gave it: the metadata of an HTTP server names it, rightly). */
  get sent(): string {
    const { url } = this.reading.session;
    return url === undefined ? this.reading.sentText : `${this.reading.sentText}\n${url}`;
  }

  get sentValues(): readonly string[] {
    return this.reading.sentStrings;
  }

  get sentObject(): boolean {
    return this.reading.sentObject;
  }

  get sentMalformedJson(): boolean {
    return this.reading.sentMalformedJson;
  }

  get argumentNames(): readonly string[] {
    return this.reading.argumentNames;
  }

  /** Each argument whose string value we sent is not JSON, by its key and by the last word of a compound key ("headers"). */
  get jsonInputNames(): readonly string[] {
    return [...new Set(nonJsonArguments(this.reading.exchange).flatMap((key) => [key, lastWordOf(key)].filter((name) => name.length >= 4)))];
  }
}
