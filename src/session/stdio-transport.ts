// A stdio MCP transport that spawns the server and records every frame in and out, its stderr and its exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, type Stream } from 'node:stream';
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client';

export type FrameDirection = 'out' | 'in' | 'noise' | 'stderr' | 'exit' | 'spawn-error';

/** One thing that crossed the process boundary, with its time since the session started. */
export interface Frame {
  atMs: number;
  direction: FrameDirection;
  text: string;
}

export interface StdioTarget {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface ExitInfo {
  exitCode: number | null;
  signal: string | null;
}

/** Messages the transport hands to a side channel instead of the SDK client (our raw requests' answers). */
export type Interceptor = (message: Record<string, unknown>) => boolean;

const MAX_STDERR_CHARS = 256 * 1024;
/** A stdout line longer than this is no JSON-RPC message we can use: it is recorded as noise and dropped. */
const MAX_LINE_CHARS = 32 * 1024 * 1024;

export class RecordingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Answers a raw request of ours; return true to keep the message from the SDK client. */
  intercept?: Interceptor;
  /** Called for every frame recorded, after it is stored. */
  onframe?: (frame: Frame) => void;

  stderrText = '';
  exit: ExitInfo | null = null;
  spawnError: Error | null = null;

  private child?: ChildProcess;
  private buffer = '';
  private discarding = false;
  private readonly stderrStream = new PassThrough();
  private readonly startedAt: number;
  private readonly exited: Promise<ExitInfo>;
  private resolveExit!: (info: ExitInfo) => void;

  constructor(private readonly target: StdioTarget, startedAt = Date.now()) {
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

  async start(): Promise<void> {
    const child = spawn(this.target.command, this.target.args, {
      cwd: this.target.cwd,
      env: { ...process.env, ...this.target.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group: a server started through a wrapper (sh -c, npx) is ended with all its children.
      detached: process.platform !== 'win32',
    });
    this.child = child;
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => this.onStdout(chunk));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (this.stderrText.length < MAX_STDERR_CHARS) this.stderrText += chunk;
      this.stderrStream.write(chunk);
      this.record('stderr', chunk);
    });
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
    this.sendRaw(JSON.stringify(message) + '\n');
  }

  /** Write bytes as they are (one frame per call), for probes that need frames the SDK would never build. */
  sendRaw(text: string): void {
    this.record('out', text.endsWith('\n') ? text.slice(0, -1) : text);
    if (!this.running || !this.child!.stdin!.writable) return;
    this.child!.stdin!.write(text);
  }

  /** Resolves when the process has exited (or failed to spawn). */
  whenExited(): Promise<ExitInfo> {
    return this.exited;
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child && this.exit === null && this.spawnError === null) {
      child.stdin?.end();
      this.signal('SIGTERM');
      const killer = setTimeout(() => this.signal('SIGKILL'), 2000);
      await this.exited;
      clearTimeout(killer);
    }
    if (child) this.signal('SIGKILL'); // children of a wrapper that exited may still hold the pipes
    child?.stdout?.destroy();
    child?.stderr?.destroy();
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') this.child!.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }

  private onStdout(chunk: string): void {
    // Only the new chunk can hold the next newline: scanning the whole buffer each time is quadratic on long lines.
    let newline = chunk.indexOf('\n');
    if (newline < 0) {
      if (this.discarding) return;
      this.buffer += chunk;
      if (this.buffer.length > MAX_LINE_CHARS) {
        this.record('noise', `${this.buffer.slice(0, 200)}… [a stdout line longer than ${MAX_LINE_CHARS} characters, dropped]`);
        this.buffer = '';
        this.discarding = true; // until the next newline
      }
      return;
    }
    while (newline >= 0) {
      const line = this.discarding ? '' : (this.buffer + chunk.slice(0, newline)).replace(/\r$/, '');
      this.discarding = false;
      this.buffer = '';
      chunk = chunk.slice(newline + 1);
      if (line.trim() !== '') this.onLine(line);
      newline = chunk.indexOf('\n');
    }
    this.buffer = chunk;
  }

  private onLine(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.record('noise', line);
      return;
    }
    // A JSON log line ({"level":30,"msg":...}) is an object but no JSON-RPC message: it is noise too.
    const isObject = (value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && ['jsonrpc', 'id', 'method', 'result', 'error'].some((key) => key in value);
    // A batch answer is an array of responses: each is handled like a message of its own.
    const messages = Array.isArray(message) && message.length > 0 && message.every(isObject) ? message : [message];
    if (!messages.every(isObject)) {
      this.record('noise', line);
      return;
    }
    this.record('in', line);
    for (const one of messages as Record<string, unknown>[]) {
      if (!this.intercept?.(one)) this.onmessage?.(one as JSONRPCMessage);
    }
  }

  private record(direction: FrameDirection, text: string): void {
    this.onframe?.({ atMs: Date.now() - this.startedAt, direction, text });
  }

  private finish(info: ExitInfo): void {
    if (this.exit !== null) return;
    this.exit = info;
    if (this.buffer.trim() !== '') this.onLine(this.buffer);
    this.buffer = '';
    this.stderrStream.end();
    this.resolveExit(info);
    this.onclose?.();
  }
}
