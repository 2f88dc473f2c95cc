// An MCP transport over HTTP that records every exchange: Streamable HTTP (a POST per message, answered with JSON or an
// SSE stream) and the legacy HTTP+SSE transport (a GET event stream that names the POST endpoint), with the fallback
// from the first to the second that MCP clients perform. Only the URL given is ever contacted: redirects are not followed.
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createParser } from 'eventsource-parser';
import { PROTOCOL_VERSION_META_KEY, SdkErrorCode, SdkHttpError, type JSONRPCMessage, type TransportSendOptions } from '@modelcontextprotocol/client';
import { CapLog, formatSize, ownCopy } from './caps.js';
import type { HttpTarget } from '../target/target.js';
import { deliver, keepBounded, MAX_LINE_CHARS, messagesOf, type ExitInfo, type HttpFacts, type Interceptor, type TargetFacts, type VariantAnswer, type VariantExchange, type WireTransport } from './wire.js';
import type { HttpVariant } from '../probe-case.js';
import type { ThrottleEvent } from '../exchange.js';
import { exhaustedFor, MAX_THROTTLE_WAIT_MS, MAX_THROTTLED_RESENDS, Throttle, throttleWait } from './throttle.js';
import { frameText, type Frame } from './frame.js';
import { MODERN_ERA_SINCE, versionAtLeast } from '../protocol-version.js';
import { httpOutcome, httpRefusal, mediaType } from './refusal.js';
import { httpStartupFailure } from './startup.js';
import { decoyAuthorization } from '../matchers/bearer.js';

/** The most kept of a body that is no JSON-RPC message (an HTML error page): enough to quote and to scan for leaks. */
export const MAX_OTHER_BODY_CHARS = 16 * 1024;
/** Response headers kept in the facts of an exchange (x-powered-by: the framework that answered, for the causes stage). */
const KEPT_HEADERS = ['retry-after', 'www-authenticate', 'location', 'allow', 'ratelimit', 'ratelimit-policy', 'ratelimit-reset', 'x-ratelimit-reset', 'x-powered-by'];
/** Statuses on which a client falls back from Streamable HTTP to the legacy HTTP+SSE transport (spec, backward compatibility). */
const FALLBACK_STATUSES = new Set([400, 404, 405]);
/** Why a Streamable HTTP session ended when the server answered 404 to the session id it issued. */
const LOST_SESSION = 'the server no longer knows the session it issued (HTTP 404 for its Mcp-Session-Id)';
/** How long a DELETE that ends a legacy session may take at close. */
const DELETE_TIMEOUT_MS = 1000;

/** What a POST came back with, as soon as its head is read (the body is read on, and delivered, in the background). */
interface Posted {
  facts: HttpFacts;
  headers: IncomingMessage['headers'];
  /** The body's text (its start when it is no JSON-RPC message), for a refusal's message and the fallback, once read. */
  text: Promise<string>;
  /** Set when the answer was a throttle, waited out before the message is resent. */
  throttled?: ThrottleEvent;
}

export class RecordingHttpTransport implements WireTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  intercept?: Interceptor;
  onnoise?: (text: string) => void;
  /** Called when the head of the answer to the frame sent with `tag` is read. */
  onresponse?: (tag: string, facts: HttpFacts) => void;
  onsettled?: (tag: string, facts: HttpFacts, messages: number, orphans: Record<string, unknown>[]) => void;
  /** The frame sent with `tag` waits `ms` before it is sent (again): the server asked the run to slow down. */
  onthrottled?: (tag: string, ms: number) => void;
  /** The server asked for more waiting than the run's budget allows: the run must stop, for this reason. */
  onthrottledout?: (reason: string) => void;

  readonly stderrText = '';
  readonly stdoutHead = '';
  readonly spawnError = null;
  exit: ExitInfo | null = null;
  sessionId?: string;

  private mode: 'http' | 'sse';
  private protocolVersion?: string;
  /** Legacy HTTP+SSE: where messages are POSTed, from the stream's `endpoint` event. */
  private endpoint?: URL;
  private stream?: ClientRequest;
  private closed = false;
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly open = new Map<string, ClientRequest>();
  /** Frames waiting out a pause the server asked for, by tag: releasing one stops its wait. */
  private readonly holding = new Map<string, () => void>();

  private readonly untagged = new Set<ClientRequest>();
  private readonly exited: Promise<ExitInfo>;
  private resolveExit!: (info: ExitInfo) => void;

  constructor(
    private readonly target: HttpTarget,
    readonly caps = new CapLog(),
    /** How long the legacy event stream may take to name its endpoint. */
    private readonly endpointTimeoutMs = 10_000,
    /** The pace the server asked for, and what it cost: kept across the sessions of one run. */
    readonly throttle = new Throttle(),
  ) {
    this.url = new URL(target.url);
    this.mode = target.transport === 'sse' ? 'sse' : 'http';
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true });
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  get kind(): 'http' | 'sse' {
    return this.mode;
  }

  /** Streamable HTTP answers each request on its own response (the SDK aborts it instead of sending a cancellation). */
  get hasPerRequestStream(): boolean {
    return this.mode === 'http';
  }

  get running(): boolean {
    return !this.closed && this.exit === null;
  }

  /** The resource's URL (without query, fragment or credentials), whether (and how) a token was given, whether a session was issued. */
  get targetFacts(): Pick<TargetFacts, 'sessionIssued' | 'url' | 'authorized' | 'decoyAuthorization'> {
    const url = new URL(this.target.url);
    [url.search, url.hash, url.username, url.password] = ['', '', '', ''];
    const authorization = this.authorization;
    return {
      ...(this.sessionId !== undefined ? { sessionIssued: true } : {}),
      url: url.href,
      ...(authorization !== undefined ? { authorized: true, decoyAuthorization: decoyAuthorization(authorization) } : {}),
    };
  }

  /** A server at a URL is not ours to restart; only a session it lost is started anew, as the spec tells a client to. */
  get notRestarted(): string | null {
    if (this.exit?.lostSession) return null;
    return `the server at ${this.target.url} stopped answering${this.exit?.error ? ` (${this.exit.error})` : ''}; a server reached over HTTP is not restarted`;
  }

  restartFailure(reason: string): string {
    return `the server lost the session it issued, and a new one could not be started (${reason})`;
  }

  /** The client's own era probe already falls back to initialize: a retry would only repeat the failure. */
  legacyMayWork(): boolean {
    return false;
  }

  /** The handshake was refused with 401 (the SDK's error, or ours, anywhere in the chain of causes) and the user gave no token. */
  refusedForWantOfToken(error: unknown): boolean {
    if (this.authorization) return false;
    for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
      if (cause instanceof SdkHttpError && cause.status === 401) return true;
    }
    return false;
  }

  async startupFailure(error: unknown, timeoutMs: number): Promise<string> {
    return httpStartupFailure(this.target.url, error, timeoutMs);
  }

  /** The user's Authorization header value, whatever case they wrote its name in. */
  private get authorization(): string | undefined {
    return Object.entries(this.target.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  }

  async start(): Promise<void> {
    if (this.mode === 'sse') await this.openStream();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /** The SDK client's messages (the handshake): a refusal is thrown as the SDK's own transport throws it. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const text = JSON.stringify(message);
    const initialize = 'method' in message && message.method === 'initialize' && 'id' in message;
    let posted = await this.post(text, undefined, options?.requestSignal);
    if (initialize && this.mode === 'http' && this.target.transport !== 'http' && FALLBACK_STATUSES.has(posted.facts.status)) {
      const body = await posted.text;
      if (!isJsonRpcError(body)) {
        const refusal = httpRefusal(posted.facts, body);
        await this.openStream().catch((error: unknown) => {
          throw new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Streamable HTTP was refused (${refusal}), and the legacy HTTP+SSE transport failed too: ${error instanceof Error ? error.message : String(error)}`, {
            status: posted.facts.status,
            text: body,
          });
        });
        posted = await this.post(text, undefined, options?.requestSignal);
      }
    }
    const { facts, headers } = posted;
    if (facts.status === 0) throw new Error(`could not reach ${this.url.href}: ${facts.error}`);
    if (initialize && facts.status < 300 && typeof headers['mcp-session-id'] === 'string') this.sessionId = headers['mcp-session-id'];
    if (facts.status >= 300) {
      const body = await posted.text;
      throw new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${httpRefusal(facts, body)}`, { status: facts.status, text: body });
    }
  }

  /** A raw frame of ours; its facts and its end are told through onresponse and onsettled under `tag`. */
  sendRaw(frame: Frame, tag?: string): boolean {
    if (!this.running) return true; // whoever waits is told the server is gone
    void this.post(frameText(frame), tag);
    return true;
  }

  release(tag: string): void {
    this.holding.get(tag)?.();
    const request = this.open.get(tag);
    this.open.delete(tag);
    request?.destroy();
  }

  whenExited(): Promise<ExitInfo> {
    return this.exited;
  }

  whenDrained(): Promise<void> {
    return Promise.resolve();
  }

  /** Abort whatever is open, end a legacy session (DELETE, best effort), and let no socket outlive the run. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.throttle.end();
    for (const request of [...this.open.values(), ...this.untagged]) request.destroy();
    this.open.clear();
    this.untagged.clear();
    this.stream?.destroy();
    if (this.sessionId !== undefined && this.mode === 'http') await this.deleteSession().catch(() => {});
    this.agent.destroy();
    this.onclose?.();
  }

  /** The request headers of one message: ours, the user's, the session's, and those the 2026-07-28 era derives from the body. */
  private headersFor(text: string): Record<string, string> {
    const headers: Record<string, string> = {
      ...this.target.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
    const request = typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as Record<string, unknown>) : undefined;
    const initialize = request?.method === 'initialize';
    if (this.sessionId !== undefined && !initialize && this.mode === 'http') headers['mcp-session-id'] = this.sessionId;
    const params = typeof request?.params === 'object' && request.params !== null && !Array.isArray(request.params) ? (request.params as Record<string, unknown>) : undefined;
    const claimed = (params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
    const version = typeof claimed === 'string' ? claimed : initialize ? undefined : this.protocolVersion;
    if (version !== undefined && versionAtLeast(version, '2025-06-18')) headers['mcp-protocol-version'] = version;
    if (version !== undefined && versionAtLeast(version, MODERN_ERA_SINCE) && typeof request?.method === 'string') {
      headers['mcp-method'] = headerValue(request.method);
      const name = ['tools/call', 'prompts/get'].includes(request.method) ? params?.name : request.method === 'resources/read' ? params?.uri : undefined;
      if (typeof name === 'string') headers['mcp-name'] = headerValue(name);
    }
    return headers;
  }

  /**
   * POST one message once any pause the server asked for is over; resolves when the answer's head is read, and its
   * body is read on and delivered as it comes. A throttled answer (429, 503 with Retry-After) is waited out and the
   * message resent; the answer finally kept carries the throttled ones before it.
   */
  private async post(text: string, tag?: string, signal?: AbortSignal, throttled: ThrottleEvent[] = []): Promise<Posted> {
    const pause = this.throttle.pauseMs;
    if (pause > 0) {
      if (tag !== undefined) this.onthrottled?.(tag, pause);
      const waited = await this.throttle.wait((cancel) => tag !== undefined && this.holding.set(tag, cancel));
      if (tag !== undefined) this.holding.delete(tag);
      if (!waited || this.closed) return { facts: { status: 0, contentType: null, body: 'empty', error: 'not sent: given up while the server asked to wait' }, headers: {}, text: Promise.resolve('') };
    }
    const posted = await this.postOnce(text, tag, signal, throttled);
    return posted.throttled ? this.post(text, tag, signal, [...throttled, posted.throttled]) : posted;
  }

  /** One POST of a message; a throttled answer is not told to anyone: it resolves with what it asked for. */
  private postOnce(text: string, tag: string | undefined, signal: AbortSignal | undefined, throttled: ThrottleEvent[]): Promise<Posted> {
    const target = this.mode === 'sse' ? this.endpoint! : this.url;
    return new Promise((resolve) => {
      const facts: HttpFacts = { status: 0, contentType: null, body: 'empty', ...(throttled.length > 0 ? { throttled } : {}) };
      const orphans: Record<string, unknown>[] = [];
      let text$: (value: string) => void = () => {};
      const bodyText = new Promise<string>((done) => (text$ = done));
      let settled = false;
      const settle = (messages: number, body?: string) => {
        if (settled) return;
        settled = true;
        if (tag !== undefined) {
          const released = this.open.get(tag) !== request;
          this.open.delete(tag);
          if (!released) this.onsettled?.(tag, facts, messages, orphans);
        } else this.untagged.delete(request);
        text$(facts.text ?? body ?? '');
      };
      let request: ClientRequest;
      try {
        request = (target.protocol === 'https:' ? https : http).request(target, { method: 'POST', agent: this.agent, headers: this.headersFor(text) }, (response) => {
          if (response.statusCode === 404 && this.carriesSession(text)) return this.lostSession(response, facts, settle, () => resolve({ facts, headers: response.headers, text: bodyText }));
          const event = this.throttled(response, throttled.length);
          if (event === undefined) return this.answered(response, facts, tag, settle, () => resolve({ facts, headers: response.headers, text: bodyText }), orphans);
          // Waited out and resent, unless nobody waits for it any more; either way this answer is not the one kept.
          response.resume();
          const released = tag !== undefined && this.open.get(tag) !== request;
          if (tag !== undefined) this.open.delete(tag);
          else this.untagged.delete(request);
          resolve(released ? { facts: { ...facts, error: 'released while throttled' }, headers: {}, text: Promise.resolve('') } : { facts, headers: response.headers, text: Promise.resolve(''), throttled: event });
        });
      } catch (error) {
        // Refused before anything was sent (a header Node will not write): the exchange failed, nothing waits on it.
        facts.error = error instanceof Error ? error.message : String(error);
        resolve({ facts, headers: {}, text: bodyText });
        if (tag !== undefined) this.onsettled?.(tag, facts, 0, []);
        return;
      }
      if (tag !== undefined) this.open.set(tag, request);
      else this.untagged.add(request);
      signal?.addEventListener('abort', () => request.destroy(), { once: true });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (facts.status === 0) {
          facts.error = error.code ?? error.message;
          resolve({ facts, headers: {}, text: bodyText });
        }
        settle(0);
      });
      request.end(text);
    });
  }

  /** The head of an answer is read: its facts are told, then its body is read on. */
  private answered(response: IncomingMessage, facts: HttpFacts, tag: string | undefined, settle: (messages: number) => void, headRead: () => void, orphans: Record<string, unknown>[]): void {
    facts.status = response.statusCode ?? 0;
    facts.contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null;
    keepHeaders(response, facts);
    // An answer that says the rate-limit window is used up paces the run before the server has to refuse anything.
    const exhausted = facts.status < 400 ? exhaustedFor(response.headers) : undefined;
    if (exhausted !== undefined && exhausted <= MAX_THROTTLE_WAIT_MS) this.throttle.hold(exhausted);
    if (tag !== undefined) this.onresponse?.(tag, facts);
    headRead();
    this.readBody(response, facts, settle, undefined, orphans);
  }

  /**
   * Read one answer's body: an SSE stream or a JSON body gives messages (to the session, or to `sink`); anything else is
   * kept (its start) as text.
   */
  private readBody(response: IncomingMessage, facts: HttpFacts, settle: (messages: number, body?: string) => void, sink?: (found: Record<string, unknown>[]) => void, orphans?: Record<string, unknown>[]): void {
    response.setEncoding('utf8');
    let messages = 0;
    const take = (data: string): boolean => {
      const found = messagesOf(data);
      if (found === null) return false;
      messages += found.length;
      if (sink) {
        keepBounded(found, data.length, this.caps);
        sink(found);
        return true;
      }
      // An error whose id is null, in the answer to one POST, answers that POST (middleware refuses before it reads an id).
      orphans?.push(...found.filter((message) => message.id === null && typeof message.error === 'object'));
      deliver(this, found, data.length, this.caps);
      return true;
    };
    if (mediaType(facts.contentType) === 'text/event-stream') {
      facts.body = 'sse';
      const parser = createParser({
        maxBufferSize: MAX_LINE_CHARS,
        onEvent: (event) => {
          if ((event.event ?? 'message') === 'message' && !take(event.data)) this.onnoise?.(event.data);
        },
        onError: (error) => {
          if (error.type !== 'max-buffer-size-exceeded') return;
          this.caps.hit('sse-event', 0, (times) => `answers: ${times} SSE event(s) longer than ${formatSize(MAX_LINE_CHARS)} were dropped unread; a call they answered counts as unanswered`);
          response.destroy();
        },
      });
      response.on('data', (chunk: string) => parser.feed(chunk));
    } else {
      let body = '';
      let dropped = 0;
      response.on('data', (chunk: string) => {
        if (body.length + chunk.length <= MAX_LINE_CHARS) body += chunk;
        else dropped += chunk.length;
      });
      response.on('end', () => {
        if (dropped > 0) {
          this.caps.hit('http-body', dropped, (times, amount) => `answers: ${times} HTTP bodies longer than ${formatSize(MAX_LINE_CHARS)} (${formatSize(amount)} beyond) were dropped unread`);
          facts.body = 'other';
          facts.text = ownCopy(body, MAX_OTHER_BODY_CHARS);
        } else if (body.trim() === '') facts.body = 'empty';
        else if (take(body)) facts.body = 'json';
        else {
          facts.body = 'other';
          facts.text = ownCopy(body, MAX_OTHER_BODY_CHARS);
        }
        // The body as read, a JSON-RPC one too: a refusal's message and the fallback decision need it.
        settle(messages, body);
      });
    }
    response.on('end', () => settle(messages));
    response.on('close', () => {
      if (!response.complete) facts.error ??= 'the connection closed before the answer was complete';
      settle(messages);
    });
    response.on('error', () => settle(messages));
  }

  /**
   * One request that departs on purpose from what a client sends, on its own beside the session: its answer goes to
   * the caller, never to the session. `text` is a POST's body; `id` ends the wait once a message answers it. A session
   * the answer opened (an initialize that should have been refused) is ended at once.
   */
  async variant(request: Omit<HttpVariant, 'message' | 'body'> & { text?: string; id?: string }, timeoutMs: number, resends = 0): Promise<VariantAnswer> {
    if (!(await this.throttle.wait())) return { facts: { status: 0, contentType: null, body: 'empty', error: 'the transport closed' }, messages: [] };
    // Legacy HTTP+SSE without an endpoint (its stream was refused: no token): the URL given.
    const base = this.endpoint ?? this.url;
    const target = request.path === undefined ? base : new URL(request.path, base);
    if (target.origin !== this.url.origin) throw new Error(`a probe asked for ${target.origin}; mcp-errlint only talks to ${this.url.origin}`);
    const headers = lowerCased(request.method === 'POST' ? this.headersFor(request.text ?? '') : this.streamHeaders());
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    return new Promise((resolve) => {
      const facts: HttpFacts = { status: 0, contentType: null, body: 'empty' };
      const messages: Record<string, unknown>[] = [];
      let done = false;
      const finish = (timedOut = false) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.untagged.delete(call);
        call.destroy();
        resolve({ facts, messages, ...(timedOut ? { timedOut: true as const } : {}) });
      };
      const timer = setTimeout(() => finish(true), timeoutMs);
      let call: ClientRequest;
      try {
        call = (target.protocol === 'https:' ? https : http).request(target, { method: request.method, agent: this.agent, headers }, (response) => {
          if (this.throttled(response, resends) !== undefined) {
            response.resume();
            done = true;
            clearTimeout(timer);
            this.untagged.delete(call);
            return resolve(this.variant(request, timeoutMs, resends + 1));
          }
          facts.status = response.statusCode ?? 0;
          facts.contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null;
          keepHeaders(response, facts);
          const opened = response.headers['mcp-session-id'];
          if (typeof opened === 'string' && opened !== this.sessionId) void this.deleteSession(opened);
          // A GET that opens an event stream has said all a probe asks: the stream itself is not read.
          if (request.method === 'GET' && mediaType(facts.contentType) === 'text/event-stream') {
            facts.body = 'sse';
            return finish();
          }
          this.readBody(response, facts, () => finish(), (found) => {
            messages.push(...found);
            if (request.id !== undefined && found.some((m) => m.id === request.id && ('result' in m || 'error' in m))) finish();
          });
        });
      } catch (error) {
        facts.error = error instanceof Error ? error.message : String(error);
        clearTimeout(timer);
        return resolve({ facts, messages });
      }
      this.untagged.add(call);
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (facts.status === 0) facts.error = error.code ?? error.message;
        finish();
      });
      call.end(request.method === 'POST' ? request.text : undefined);
    });
  }

  /** A variant as the session keeps it: its answer's facts and messages, and what it came to when no message answers it. */
  async sendVariant(request: Omit<HttpVariant, 'message' | 'body'> & { text?: string; id?: string }, timeoutMs: number): Promise<VariantExchange> {
    const { facts, messages, timedOut } = await this.variant(request, timeoutMs);
    return { facts: { http: facts }, messages, outcome: timedOut && facts.status === 0 ? { kind: 'timeout' } : httpOutcome(facts) };
  }

  /** The headers of a GET or DELETE of ours: the user's, the session's, the era's version. */
  private streamHeaders(): Record<string, string> {
    const headers: Record<string, string> = { ...this.target.headers, accept: 'text/event-stream' };
    if (this.sessionId !== undefined && this.mode === 'http') headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined && versionAtLeast(this.protocolVersion, '2025-06-18')) headers['mcp-protocol-version'] = this.protocolVersion;
    return headers;
  }

  /** Whether a POST of this body carries the session id the server issued (every request but initialize, once one was). */
  private carriesSession(text: string): boolean {
    return this.sessionId !== undefined && this.mode === 'http' && !/"method"\s*:\s*"initialize"/.test(text);
  }

  /**
   * The server answered 404 to the session it issued: it no longer knows it (MCP: the client must start a new session
   * with initialize). The answer is no answer to the request; the connection counts as ended, so that the run starts a
   * new session and the server-survives rule reports the loss.
   */
  private lostSession(response: IncomingMessage, facts: HttpFacts, settle: (messages: number) => void, headRead: () => void): void {
    facts.status = 404;
    facts.contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null;
    facts.lostSession = true;
    facts.error = LOST_SESSION;
    keepHeaders(response, facts);
    headRead();
    // Its body (often a JSON-RPC error under our id) is kept as text, never delivered: the request was not handled.
    this.readBody(response, facts, (messages) => {
      settle(messages);
      this.finish({ exitCode: null, signal: null, error: LOST_SESSION, lostSession: true });
    }, () => {});
  }

  /**
   * The throttle an answer is (counted, and the run paused for its wait), or undefined when it is an answer to keep: no
   * throttle, or one past what the run waits for, which ends the run (onthrottledout) and is graded as it came.
   */
  private throttled(response: IncomingMessage, resends: number): ThrottleEvent | undefined {
    const status = response.statusCode ?? 0;
    const waitMs = throttleWait(status, response.headers, resends);
    if (waitMs === undefined) return undefined;
    const retryAfter = typeof response.headers['retry-after'] === 'string' ? response.headers['retry-after'] : undefined;
    if (waitMs > MAX_THROTTLE_WAIT_MS || resends >= MAX_THROTTLED_RESENDS) {
      const why = waitMs > MAX_THROTTLE_WAIT_MS ? `asked to wait ${Math.round(waitMs / 1000)} s (HTTP ${status}), more than the ${MAX_THROTTLE_WAIT_MS / 1000} s mcp-errlint waits at once` : `throttled one request ${resends + 1} times in a row (HTTP ${status})`;
      const before = this.throttle.answers > 0 ? `, after ${this.throttle.answers} throttled answer(s) and ${Math.round(this.throttle.waitedMs / 1000)} s waited` : '';
      this.onthrottledout?.(`the server rate-limited the run past its budget: it ${why}${before}`);
      return undefined;
    }
    this.throttle.answers++;
    this.throttle.hold(waitMs);
    return { status, ...(retryAfter !== undefined ? { retryAfter } : {}), waitMs };
  }

  /** Legacy HTTP+SSE: open the event stream and wait for the `endpoint` event that says where to POST. */
  private openStream(): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (why: string, status?: number) => {
        clearTimeout(timer);
        request.destroy();
        // A refusal keeps its status, as the SDK's own errors do (the session tells a 401 from the rest).
        reject(status === undefined ? new Error(why) : new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, why, { status, text: '' }));
      };
      const timer = setTimeout(() => fail(`no endpoint event on the event stream within ${Math.round(this.endpointTimeoutMs / 1000)} s`), this.endpointTimeoutMs);
      const headers = { ...this.target.headers, accept: 'text/event-stream' };
      const request = (this.url.protocol === 'https:' ? https : http).request(this.url, { method: 'GET', agent: this.agent, headers }, (response) => {
        const type = mediaType(typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null);
        if (response.statusCode !== 200 || type !== 'text/event-stream') {
          response.resume();
          return fail(`GET ${this.url.pathname} answered HTTP ${response.statusCode}${type ? ` ${type}` : ''}, not an event stream`, response.statusCode);
        }
        response.setEncoding('utf8');
        const parser = createParser({
          maxBufferSize: MAX_LINE_CHARS,
          onEvent: (event) => {
            if (event.event === 'endpoint' && this.endpoint === undefined) {
              // Thrown here, an invalid URL would escape the stream's data handler as an uncaught exception.
              if (!URL.canParse(event.data.trim(), this.url.href)) return fail('the event stream named an endpoint that is no URL');
              const endpoint = new URL(event.data.trim(), this.url);
              // Only the server given: an endpoint elsewhere is refused, not followed.
              if (endpoint.origin !== this.url.origin) return fail(`the event stream named an endpoint on another origin (${endpoint.origin}); mcp-errlint only talks to ${this.url.origin}`);
              this.endpoint = endpoint;
              this.mode = 'sse';
              clearTimeout(timer);
              resolve();
            } else if ((event.event ?? 'message') === 'message') {
              const found = messagesOf(event.data);
              if (found === null) this.onnoise?.(event.data);
              else deliver(this, found, event.data.length, this.caps);
            }
          },
        });
        response.on('data', (chunk: string) => parser.feed(chunk));
        const ended = () => {
          if (this.endpoint === undefined) return fail('the event stream ended before it named an endpoint');
          if (!this.closed) this.finish({ exitCode: null, signal: null, error: 'the event stream closed' });
        };
        response.on('end', ended);
        response.on('close', ended);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (this.endpoint === undefined) fail(`could not reach ${this.url.href}: ${error.code ?? error.message}`);
        else if (!this.closed) this.finish({ exitCode: null, signal: null, error: error.code ?? error.message });
      });
      this.stream = request;
      request.end();
    });
  }

  /** End a legacy Streamable HTTP session (the spec's DELETE); a server that allows none answers 405, which is fine. */
  private deleteSession(sessionId = this.sessionId!): Promise<void> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { ...this.streamHeaders(), 'mcp-session-id': sessionId };
      delete headers.accept;
      const request = (this.url.protocol === 'https:' ? https : http).request(this.url, { method: 'DELETE', agent: this.agent, headers, timeout: DELETE_TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => resolve());
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.end();
    });
  }

  /** The server can no longer be reached (its event stream ended): whoever waits is told so. */
  private finish(info: ExitInfo): void {
    if (this.exit !== null) return;
    this.exit = info;
    this.resolveExit(info);
    this.onclose?.();
  }
}

/** The response headers a rule may read, into the facts of its exchange. */
function keepHeaders(response: IncomingMessage, facts: HttpFacts): void {
  const kept = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (typeof response.headers[name] === 'string' ? [[name, response.headers[name] as string]] : [])));
  if (Object.keys(kept).length > 0) facts.headers = kept;
}

/** Headers by lower-case name, so that a probe can replace or leave out one whatever case the user wrote it in. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A body that is a JSON-RPC error: a server that speaks MCP refused the message (no transport fallback then). */
function isJsonRpcError(body: string): boolean {
  const messages = messagesOf(body);
  return messages !== null && messages.some((m) => 'error' in m);
}

/** A header value as the 2026-07-28 transport sends it: as is when it is plain visible ASCII, else in the Base64 sentinel form. */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !(value.startsWith('=?base64?') && value.endsWith('?='));
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
