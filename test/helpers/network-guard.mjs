// Loaded into every test process and every CLI a test starts (vitest setupFiles; NODE_OPTIONS=--import in runCli): a
// TCP connection to anything but this machine's loopback throws before a packet leaves. Tests talk to 127.0.0.1 only.
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '::ffff:127.0.0.1']);
const connect = net.Socket.prototype.connect;

net.Socket.prototype.connect = function guardedConnect(...args) {
  // Node calls connect([options, callback]) internally, or connect(options), or connect(port, host).
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  // A TCP connection names a port (a Unix socket or pipe names only a path; http's own options carry `path` too).
  const tcp = options.port !== undefined && options.port !== null;
  if (tcp && !LOOPBACK.has(options.host ?? 'localhost')) {
    throw new Error(`network guard: a test tried to connect to ${options.host}:${options.port}; tests only talk to 127.0.0.1`);
  }
  return connect.apply(this, args);
};
