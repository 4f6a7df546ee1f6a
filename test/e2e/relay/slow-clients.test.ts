// Slow clients against the relay's default deadlines (#19): 20 connections that send their headers
// one byte a second, and 20 that send their body that way, are all closed by the relay (408).
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import { startRelayServer, type RunningRelay } from '../../../relay/server.js';
import { startMockLLMServer, type MockLLMServer } from '../../helpers/mock-llm-server.js';

const CONNECTIONS = 20;

let upstream: MockLLMServer;
const relays: RunningRelay[] = [];

beforeAll(async () => {
  upstream = await startMockLLMServer();
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  await upstream.close();
});

async function relayWith(env: Record<string, string> = {}): Promise<RunningRelay> {
  const config = loadRelayConfig({ LLM_BASE_URL: upstream.baseURL, LLM_API_KEY: 'sk-slow', LLM_MODEL: 'm', ...env });
  const relay = await startRelayServer({ port: 0, config });
  relays.push(relay);
  return relay;
}

interface SlowClient {
  /** Milliseconds from connecting until the relay closed the connection. */
  closedAfter: Promise<number>;
  /** What the relay wrote before closing. */
  received: () => string;
  /** Bytes the client managed to send. */
  sent: () => number;
}

/** Connects, writes `start` at once, then one byte of `drip` a second until the relay closes the socket. */
function slowClient(port: number, start: string, drip: string): SlowClient {
  const socket: Socket = connect(port, '127.0.0.1');
  const began = Date.now();
  let received = '';
  let sent = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (received += chunk));
  socket.on('connect', () => {
    socket.write(start);
    sent += start.length;
    timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) return;
      socket.write(drip[sent % drip.length]!);
      sent++;
    }, 1000);
  });
  const closedAfter = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - began);
    });
    // The relay resets a connection it drops mid-request; that is a close too.
    socket.on('error', () => {});
  });
  return { closedAfter, received: () => received, sent: () => sent };
}

describe('relay against slow clients', () => {
  it(`closes ${CONNECTIONS} connections that send headers one byte a second within the 10 s header deadline`, async () => {
    const relay = await relayWith();
    const clients = Array.from({ length: CONNECTIONS }, () =>
      slowClient(relay.port, 'POST /chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'),
    );
    const closed = await Promise.all(clients.map((c) => c.closedAfter));
    // Not before the default deadline (10 s), and within it plus node:http's 1 s check interval and scheduling slack.
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(9_500);
    expect(Math.max(...closed)).toBeLessThan(16_000);
    for (const client of clients) {
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(client.sent()).toBeGreaterThan(40);
    }
    expect(upstream.requests).toHaveLength(0);
  }, 60_000);

  it(`answers ${CONNECTIONS} connections that send their body one byte a second with 408 at the body deadline`, async () => {
    const relay = await relayWith({ RELAY_BODY_TIMEOUT_SECONDS: '3' });
    const head =
      'POST /chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const clients = Array.from({ length: CONNECTIONS }, () => slowClient(relay.port, head, '{"messages":[] '));
    const closed = await Promise.all(clients.map((c) => c.closedAfter));
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(2_900);
    expect(Math.max(...closed)).toBeLessThan(9_000);
    for (const client of clients) {
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(client.received()).toContain('"code":"body_timeout"');
      expect(client.received()).toContain('The request body did not arrive within 3 s (RELAY_BODY_TIMEOUT_SECONDS).');
    }
    expect(upstream.requests).toHaveLength(0);
  }, 60_000);

  it('still serves a normal client while slow ones hold connections', async () => {
    const relay = await relayWith();
    const slow = Array.from({ length: 5 }, () => slowClient(relay.port, 'POST /chat/completions HTTP/1.1\r\n', 'X-Slow: a\r\n'));
    const health = await fetch(`${relay.url}/health`);
    expect(health.status).toBe(200);
    await relay.close();
    await Promise.all(slow.map((c) => c.closedAfter));
  });
});
