// The guard every test runs under: a connection beyond loopback throws, in this process and in every CLI a test starts.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

describe('network guard', () => {
  it('throws on a connection to anything but loopback, before a packet leaves', () => {
    expect(() => net.connect({ host: '192.0.2.1', port: 9 })).toThrow(/network guard: a test tried to connect to 192\.0\.2\.1:9/);
    expect(() => net.connect(9, '198.51.100.7')).toThrow(/network guard/);
  });

  it('lets loopback through', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve, reject) => net.connect({ host: '127.0.0.1', port }, resolve).on('error', reject));
    server.close();
  });

  it('is loaded into the CLI a test starts', async () => {
    const run = await runCli(['--url', 'http://192.0.2.1:9/mcp']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/network guard: a test tried to connect to 192\.0\.2\.1:9/);
  });
});
