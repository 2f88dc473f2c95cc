// One reading of an answer, shared by every rule: what kind of answer it is, its texts and error surfaces, its metadata,
// and what we sent. Each part is worked out on first use and kept, so no rule reads the answer again.
import type { Exchange, SessionFacts } from '../types.js';
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
import { argumentNames, sentMalformedJson, sentObjectValue, sentStrings, sentText } from '../matchers/sent.js';
import type { LeakOptions } from '../matchers/leaks.js';

/** What every reading of a run shares: the session, and the metadata field names the user added (one setting for all rules). */
export interface ReadingSettings {
  session: SessionFacts;
  metadata: MetadataOptions;
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
  #ownInput: LeakOptions | undefined;
  #requestedTool: string | undefined;

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

  /** Names of the arguments the probe is about (those it targets, and the keys we sent). */
  get argumentNames(): readonly string[] {
    return (this.#argumentNames ??= argumentNames(this.exchange));
  }

  /** What in an answer may be ours rather than the server's internals, as leak-matcher options. */
  get ownInput(): LeakOptions {
    const { userSupplied } = this.settings.session;
    return (this.#ownInput ??= {
      sent: this.sentText,
      sentValues: this.sentStrings,
      sentObject: sentObjectValue(this.exchange),
      sentMalformedJson: sentMalformedJson(this.exchange),
      argumentNames: this.argumentNames,
      ...(userSupplied !== undefined ? { userSupplied } : {}),
    });
  }
}
