// A stdio MCP transport that spawns the server and records every frame in and out, its stderr and its exit.
import { newMarker, RUN_MARKER, terminateTree, track, TERMINATE_GRACE_MS, type TrackedServer } from './process-tree.js';
import { HandshakeTimeout, startupFailure, STDOUT_START_CHARS, stdoutSighting, type StartupEnd } from './startup.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, type Stream } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { CapLog, formatSize, ownCopy, ownTail } from './caps.js';
import type { StdioTarget } from '../target/target.js';
import { deliver, MAX_LINE_CHARS, messagesOf, type ExitInfo, type Interceptor, type TargetFacts, type VariantExchange, type WireTransport } from './wire.js';
import { frameText, type Frame } from './frame.js';

export type FrameDirection = 'out' | 'in' | 'noise' | 'stderr' | 'exit' | 'spawn-error';

/** One thing that crossed the process boundary, with its time since the session started. */
export interface RecordedFrame {
  atMs: number;
  direction: FrameDirection;
  text: string;
}

/** The tail of the server's stderr kept for the report and start-up failures; the rest is read and dropped. */
export const STDERR_TAIL_CHARS = 64 * 1024;
/** Bytes queued for a server's stdin past which nothing more is written (a server that stopped reading). */
export const MAX_PENDING_WRITE_BYTES = 8 * 1024 * 1024;

export class RecordingStdioTransport implements WireTransport {
  readonly kind = 'stdio';
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Answers a raw request of ours; return true to keep the message from the SDK client. */
  intercept?: Interceptor;
  /** Called for every frame recorded (nothing is stored here). */
  onframe?: (frame: RecordedFrame) => void;
  /** Called for each stdout line that is not a JSON-RPC message. */
  onnoise?: (text: string) => void;

  /** The last STDERR_TAIL_CHARS characters the server wrote to stderr. */
  stderrText = '';
  exit: ExitInfo | null = null;
  spawnError: Error | null = null;

  private child?: ChildProcess;
  /** The server's process tree, ended at close (absent on Windows, and once ended). */
  private tree?: TrackedServer;
  private closing?: Promise<void>;
  private stdoutStart = '';
  private buffer = '';
  private discarding = false;
  /** Characters of the stdout line being dropped so far. */
  private discarded = 0;
  private stderrChars = 0;
  private stderrCapped = false;
  private readonly stderrStream = new PassThrough();
  private readonly startedAt: number;
  private readonly exited: Promise<ExitInfo>;
  private resolveExit!: (info: ExitInfo) => void;

  constructor(
    private readonly target: StdioTarget,
    startedAt = Date.now(),
    /** Where caps hit are counted (shared by every process of a session). */
    readonly caps = new CapLog(),
  ) {
    this.startedAt = startedAt;
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  /** Present so the SDK classifies this transport as stdio (a probe timeout then means "legacy server"). */
  get stderr(): Stream {
    return this.stderrStream;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== undefined && this.exit === null && this.spawnError === null;
  }

  /** A frame's exchange ends only when a barrier after it is answered: one stream carries every answer. */
  readonly hasPerRequestStream = false;
  /** A process that stopped answering is started anew. */
  readonly notRestarted = null;

  /** What the user gave the server: its arguments and working directory. */
  get targetFacts(): Pick<TargetFacts, 'userSupplied'> {
    return { userSupplied: { args: this.target.args ?? [], cwd: this.target.cwd ?? process.cwd() } };
  }

  restartFailure(reason: string): string {
    return `the server could not be restarted (${reason})`;
  }

  /** A process that exited during the era probe (some end at an unknown first request), or answered it in a way the client cannot use; not a silent one. */
  legacyMayWork(error: unknown): boolean {
    return !(error instanceof HandshakeTimeout) && this.spawnError === null && (this.exit !== null || stdoutSighting(this.stdoutHead).kind === 'json-rpc');
  }

  /** A process asks for no token. */
  refusedForWantOfToken(): boolean {
    return false;
  }

  async startupFailure(error: unknown, timeoutMs: number): Promise<string> {
    if (this.spawnError) return `could not start '${this.target.command}': ${this.spawnError.message}`;
    if (this.exit !== null) await this.whenDrained(); // its last words on stderr may trail its exit
    const message = error instanceof Error ? error.message : String(error);
    const end: StartupEnd =
      this.exit !== null ? { kind: 'exit', exit: this.exit }
      : error instanceof HandshakeTimeout || /timed? ?out/i.test(message) ? { kind: 'timeout', ms: timeoutMs }
      : { kind: 'error', message };
    return startupFailure(end, this.stdoutHead, this.stderrText);
  }

  /** Variants are requests that depart from what an HTTP client sends: a process has none. */
  sendVariant(): Promise<VariantExchange> {
    throw new Error('an HTTP probe was planned for a server not reached over HTTP');
  }

  /** The start of what the server wrote on stdout (at most STDOUT_START_CHARS, as written), for start-up failures. */
  get stdoutHead(): string {
    return this.stdoutStart;
  }

  async start(): Promise<void> {
    const marker = newMarker();
    const child = spawn(this.target.command, this.target.args ?? [], {
      cwd: this.target.cwd,
      // The marker is inherited by every process the server starts: close finds them even outside its group.
      env: { ...process.env, ...this.target.env, [RUN_MARKER]: marker },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group: a server started through a wrapper (sh -c, npx) is ended with all its children.
      detached: process.platform !== 'win32',
    });
    this.child = child;
    if (child.pid !== undefined && process.platform !== 'win32') this.tree = track(child.pid, marker);
    child.stdout!.on('data', (chunk: string) => {
      if (this.stdoutStart.length < STDOUT_START_CHARS) this.stdoutStart += chunk.slice(0, STDOUT_START_CHARS - this.stdoutStart.length);
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => this.onStdout(chunk));
    child.stderr!.setEncoding('utf8');
    // Read all of it (a full pipe would block the server), keep a tail; the PassThrough stays empty (nothing reads it).
    child.stderr!.on('data', (chunk: string) => this.onStderr(chunk));
    child.stdin!.on('error', () => {}); // EPIPE after the server died is reported through 'exit', not as a crash of ours
    child.on('error', (error) => {
      this.spawnError = error;
      this.record('spawn-error', error.message);
      this.finish({ exitCode: null, signal: null });
      this.onerror?.(error);
    });
    child.on('exit', (exitCode, signal) => {
      this.record('exit', `exit code ${exitCode ?? 'null'}, signal ${signal ?? 'null'}`);
      this.finish({ exitCode, signal });
    });
    await new Promise<void>((resolve) => {
      child.once('spawn', resolve);
      child.once('error', () => resolve());
    });
    if (this.spawnError) throw this.spawnError;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.sendRaw(JSON.stringify(message));
  }

  /**
   * Write one frame as it is, as a line (the newline is added here), for probes that need frames the SDK would never build. Returns false
   * when the frame was not written because MAX_PENDING_WRITE_BYTES are already queued for a server that does not read
   * its stdin: its answer will never come. A frame queued behind a full pipe waits for 'drain' inside Node's stream;
   * the caller's timeout bounds that wait.
   */
  sendRaw(frame: Frame): boolean {
    if (this.onframe) this.record('out', frameText(frame));
    const stdin = this.child?.stdin;
    if (!this.running || !stdin?.writable) return true; // the exit is reported as 'closed' by whoever waits
    const length = frame.length + 1;
    if (stdin.writableLength > 0 && stdin.writableLength + length > MAX_PENDING_WRITE_BYTES) {
      this.caps.hit('stdin', length, (times, amount) =>
        `server stdin: ${formatSize(MAX_PENDING_WRITE_BYTES)} were already queued for a server that stopped reading, so ${times} frame(s) (${formatSize(amount)}) were not sent and their calls count as unanswered`);
      return false;
    }
    if (typeof frame === 'string') stdin.write(frame + '\n');
    else {
      // One writev: the long strings' bytes go out as they are, encoded once for every frame that holds them.
      stdin.cork();
      for (const part of frame.parts) stdin.write(part);
      stdin.write('\n');
      stdin.uncork();
    }
    return true;
  }

  /** Nothing to release on stdio: a frame is written and done. */
  release(): void {}

  /** Resolves when the process has exited (or failed to spawn). */
  whenExited(): Promise<ExitInfo> {
    return this.exited;
  }

  /** Resolves once the server's stdout and stderr are read to their end, or after `ms` (a child of it may hold them open). */
  whenDrained(ms = 250): Promise<void> {
    const child = this.child;
    if (!child || (child.exitCode === null && child.signalCode === null && this.spawnError === null)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      if (child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false) done();
      else child.once('close', done);
    });
  }

  /**
   * End the server and everything it started: its group, its descendants and every process carrying its marker
   * (SIGTERM, then SIGKILL after a short grace), even when the server itself has already exited.
   */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    if (this.tree) await terminateTree(this.tree);
    else if (this.running) {
      child.kill('SIGTERM'); // Windows: no process groups or signals, only the process itself
      const killer = setTimeout(() => child.kill('SIGKILL'), TERMINATE_GRACE_MS);
      await this.exited;
      clearTimeout(killer);
    }
    // Killed by now; the exit event follows (bounded, so a process stuck in the kernel cannot hold close up).
    if (this.spawnError === null) await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, TERMINATE_GRACE_MS).unref())]);
    child.stdout?.destroy();
    child.stderr?.destroy();
  }

  private onStderr(chunk: string): void {
    this.stderrChars += chunk.length;
    this.stderrText += chunk;
    // Trimmed once it is twice the tail, so the copy costs O(1) per character written.
    if (this.stderrText.length > 2 * STDERR_TAIL_CHARS) this.stderrText = ownTail(this.stderrText, STDERR_TAIL_CHARS);
    if (this.stderrChars > STDERR_TAIL_CHARS && !this.stderrCapped) {
      this.stderrCapped = true;
      this.caps.hit('stderr', 0, () => `server stderr: only its last ${formatSize(STDERR_TAIL_CHARS)} were kept (it wrote more; the rest was read and dropped)`);
    }
    this.record('stderr', chunk);
  }

  private onStdout(chunk: string): void {
    // Only the new chunk can hold the next newline: scanning the whole buffer each time is quadratic on long lines.
    let newline = chunk.indexOf('\n');
    if (newline < 0) {
      if (this.discarding) {
        this.discarded += chunk.length;
        return;
      }
      this.buffer += chunk;
      if (this.buffer.length > MAX_LINE_CHARS) {
        this.record('noise', `${ownCopy(this.buffer, 200)}… [a stdout line longer than ${formatSize(MAX_LINE_CHARS)}, dropped]`);
        this.discarded = this.buffer.length;
        this.buffer = '';
        this.discarding = true; // until the next newline
      }
      return;
    }
    while (newline >= 0) {
      if (this.discarding) this.endDiscarding(this.discarded + newline);
      const line = this.discarding ? '' : (this.buffer + chunk.slice(0, newline)).replace(/\r$/, '');
      this.discarding = false;
      this.buffer = '';
      chunk = chunk.slice(newline + 1);
      if (line.trim() !== '') this.onLine(line);
      newline = chunk.indexOf('\n');
    }
    this.buffer = chunk;
  }

  /** A dropped stdout line ended: counted, once per line, in the cap log. */
  private endDiscarding(chars: number): void {
    this.discarded = 0;
    this.caps.hit('stdout-line', chars, (times, amount) =>
      `server stdout: ${times} line(s) longer than ${formatSize(MAX_LINE_CHARS)} (${formatSize(amount)} in all) were dropped unread; a call they answered counts as unanswered`);
  }

  private onLine(line: string): void {
    const messages = messagesOf(line);
    if (messages === null) {
      this.record('noise', line);
      return;
    }
    if (this.onframe) this.record('in', line);
    deliver(this, messages, line.length, this.caps);
  }

  private record(direction: FrameDirection, text: string): void {
    if (direction === 'noise') this.onnoise?.(text);
    this.onframe?.({ atMs: Date.now() - this.startedAt, direction, text });
  }

  private finish(info: ExitInfo): void {
    if (this.exit !== null) return;
    this.exit = info;
    if (this.discarding) this.endDiscarding(this.discarded);
    else if (this.buffer.trim() !== '') this.onLine(this.buffer);
    this.buffer = '';
    this.discarding = false;
    this.stderrStream.end();
    this.resolveExit(info);
    this.onclose?.();
  }
}
