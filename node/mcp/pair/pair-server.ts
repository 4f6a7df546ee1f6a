// The pairing endpoint of `mcp --pair` on 127.0.0.1: GET /pair.js and the WebSocket at /pair. A tab
// pairs with the current code, from the origin its browser stamps, alone, once the user accepts in
// the page; then every message carries the pairing's secret. Knows nothing of MCP.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import { NodeRunError } from '../../errors.js';
import { PairingCodes, REFUSAL_TEXT, type PairingCode } from './pairing-codes.js';
import { pairScript, pairSnippet } from './pair-script.js';

/** The largest message a page may send (a page_read of a very large page). */
const MAX_MESSAGE = 32 * 1024 * 1024;
/** How long a connection may take to say hello. */
const HELLO_TIMEOUT_MS = 10_000;
/** How long the user may take to accept or decline in the page (a pending pairing blocks others). */
const DECISION_TIMEOUT_MS = 120_000;

/** WebSocket close codes the page sees with the refusal text. */
const CLOSE = { refused: 4403, ended: 4000, protocol: 4400 } as const;

/** A paired tab as the server sees it: where it is, calls into it, and its end. */
export interface PairedTab {
  readonly origin: string;
  url: string;
  title: string;
  /** Set once the tab went away (closed, left, disconnected): why. */
  readonly gone: string | undefined;
  /** Sends a call; resolves with the page's reply, or rejects with a PairGoneError. */
  call(method: string, args: unknown[]): Promise<unknown>;
  /** Ends the pairing from the server's side. */
  close(reason: string): void;
}

/** The tab went away before it replied: why, and whether the call had begun acting. */
export class PairGoneError extends Error {
  constructor(
    message: string,
    /** How the page left (`pagehide` with the destination it was going to, or a closed connection). */
    readonly leaving: { reason: 'pagehide' | 'dispose' | 'closed' | 'server'; destination?: string },
  ) {
    super(message);
    this.name = 'PairGoneError';
  }
}

/** What the pairing server tells its owner. */
export interface PairServerEvents {
  /** A line for the terminal (codes, snippets, who paired, refusals). */
  log(line: string): void;
  /** The client name, approval policy and language a pairing page uses. */
  describe(): { client: string; approval?: 'risky' | 'all'; language?: string };
  /** A tab paired. */
  onPaired(tab: PairedTab): void;
  /** The paired tab went away (closed, navigated, disconnected, ended by the server). */
  onGone(tab: PairedTab, reason: string): void;
  /** A remote action began acting in the page (after approval). */
  onActing(): void;
  /** The user pressed Stop in the paired tab's panel. */
  onStop(): void;
}

/** A listening pairing server. */
export interface PairServer {
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** The current code (a fresh one when it expired) and the snippet that pairs with it. */
  offer(): PairingCode & { snippet: string };
  close(): Promise<void>;
}

/** A paired tab with the socket's side of it: replies coming in, and the end. */
type LiveTab = PairedTab & { reply(id: unknown, message: Record<string, unknown>): void; settle(error: PairGoneError): void };

const isLocalHost = (host: string | undefined, port: number) => host === `127.0.0.1:${port}` || host === `localhost:${port}`;

/** The origin of an Origin header a page could have sent (http or https), or undefined. */
function pageOrigin(header: string | undefined): string | undefined {
  if (!header || header === 'null') return undefined;
  try {
    const url = new URL(header);
    return /^https?:$/.test(url.protocol) && url.origin === header ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the pairing server on 127.0.0.1:port (0: any free port); a NodeRunError (usage) when the port is taken. */
export async function startPairServer(port: number, events: PairServerEvents, codes = new PairingCodes()): Promise<PairServer> {
  const { WebSocketServer } = await import('ws');
  let live: { tab: PairedTab; socket: WebSocket } | undefined;
  let actual = port;
  let lastShown = '';

  const offer = () => {
    const current = codes.current();
    return { ...current, snippet: pairSnippet(`http://127.0.0.1:${actual}/pair.js`, current.code) };
  };
  // Tells the terminal the code whenever it is new.
  const announce = () => {
    const current = offer();
    if (current.code === lastShown && !current.fresh) return;
    lastShown = current.code;
    events.log(`pairing code ${current.code} (valid 2 minutes). To pair a tab that has the page agent, run this in its DevTools console:\n  ${current.snippet}`);
  };

  const wss: WebSocketServer = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (!isLocalHost(req.headers.host, actual)) return void res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden: wrong Host.');
    if (req.method === 'GET' && path === '/pair.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'cross-origin-resource-policy': 'cross-origin' });
      return void res.end(pairScript(`ws://127.0.0.1:${actual}/pair`));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: this server serves /pair.js and the pairing WebSocket at /pair.');
  });

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const origin = pageOrigin(req.headers.origin);
    // Only a web page (its browser sets Origin) on this machine's loopback name may connect.
    if (path !== '/pair' || !isLocalHost(req.headers.host, actual) || !origin) {
      events.log(`refused a pairing connection${origin ? '' : ' without a web page Origin'}${path !== '/pair' ? ` to ${path}` : ''}.`);
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nOnly a web page may pair, at /pair.');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, origin));
  });

  const refuse = (ws: WebSocket, message: string) => {
    events.log(`refused a pairing: ${message}`);
    ws.send(JSON.stringify({ type: 'refused', message }));
    ws.close(CLOSE.refused, message.slice(0, 120));
  };

  const accept = (ws: WebSocket, origin: string) => {
    let claim: number | undefined;
    let url = '';
    let tab: LiveTab | undefined;
    let leaving: PairGoneError['leaving'] = { reason: 'closed' };
    const helloTimer = setTimeout(() => refuse(ws, 'no hello from the page in time.'), HELLO_TIMEOUT_MS);
    let decisionTimer: ReturnType<typeof setTimeout> | undefined;
    ws.on('message', (data, isBinary) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(isBinary ? '' : String(data)) as Record<string, unknown>;
        if (!message || typeof message !== 'object') throw new Error('not an object');
      } catch {
        return refuse(ws, 'a message from the page was not JSON.');
      }
      if (claim === undefined) {
        clearTimeout(helloTimer);
        if (message.type !== 'hello') return refuse(ws, 'the page must say hello first.');
        // The origin the page declares must be the one its browser stamped on the connection.
        if (message.origin !== origin) return refuse(ws, `the page says it is ${String(message.origin)} but its browser says ${origin}; refused.`);
        const claimed = codes.claim(message.code);
        if ('refused' in claimed) {
          refuse(ws, REFUSAL_TEXT[claimed.refused]);
          if (claimed.refused !== 'busy') announce();
          return;
        }
        claim = claimed.id;
        url = typeof message.url === 'string' && message.url.startsWith(`${origin}/`) ? message.url : origin;
        events.log(`${url} asks to pair; accept it in the page's panel if its code is ${String(message.code)}.`);
        ws.send(JSON.stringify({ type: 'confirm', ...events.describe() }));
        decisionTimer = setTimeout(() => refuse(ws, 'the pairing was not accepted in the page within 2 minutes.'), DECISION_TIMEOUT_MS);
        return;
      }
      if (!tab) {
        clearTimeout(decisionTimer);
        if (message.type === 'accept') {
          const secret = codes.accept(claim);
          if (!secret) return refuse(ws, 'the pairing is no longer pending.');
          tab = pairedTab(ws, origin, url, () => leaving, () => (leaving = { reason: 'server' }));
          live = { tab, socket: ws };
          ws.send(JSON.stringify({ type: 'paired', secret }));
          events.log(`paired with ${origin} (${tab.url || 'the tab'}).`);
          events.onPaired(tab);
          return;
        }
        if (message.type === 'decline') {
          events.log(`the pairing was declined in the page${message.message ? `: ${String(message.message)}` : ''}.`);
          return void ws.close(CLOSE.ended, 'declined');
        }
        return refuse(ws, 'the page must accept or decline the pairing first.');
      }
      // Paired: every message carries the secret; one that does not ends the pairing.
      if (!codes.isSecret(claim, message.secret)) {
        events.log('a message without the pairing secret arrived; the pairing ended.');
        return void ws.close(CLOSE.protocol, 'missing or wrong pairing secret');
      }
      if (message.type === 'reply') tab.reply(message.id, message);
      else if (message.type === 'acting') events.onActing();
      else if (message.type === 'stop') events.onStop();
      else if (message.type === 'bye') {
        const destination = typeof message.destination === 'string' && /^https?:/.test(message.destination) ? message.destination : undefined;
        leaving = message.reason === 'dispose' ? { reason: 'dispose' } : { reason: 'pagehide', destination };
      }
    });
    ws.on('close', () => {
      clearTimeout(helloTimer);
      clearTimeout(decisionTimer);
      if (claim !== undefined) codes.release(claim);
      // A code pairs once: after a declined or unfinished pairing the terminal shows the next one.
      if (!tab) return void (claim !== undefined && announce());
      if (live?.socket === ws) live = undefined;
      const why = {
        pagehide: leaving.destination ? `the tab left for ${leaving.destination}` : 'the tab was closed or left',
        dispose: 'the user closed the remote panel in the page',
        server: 'the server ended it',
        closed: 'the connection closed',
      }[leaving.reason];
      tab.settle(new PairGoneError(why, leaving));
      events.log(`the pairing with ${tab.url || origin} ended: ${why}.`);
      events.onGone(tab, why);
      announce();
    });
    ws.on('error', () => undefined);
  };

  /** The paired tab over its socket: numbered calls and their replies. */
  const pairedTab = (ws: WebSocket, origin: string, url: string, leaving: () => PairGoneError['leaving'], endedByServer: () => void): LiveTab => {
    const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
    let next = 0;
    let gone: string | undefined;
    return {
      origin,
      url,
      title: '',
      get gone() {
        return gone;
      },
      call(method: string, args: unknown[]) {
        if (gone) return Promise.reject(new PairGoneError(gone, leaving()));
        const id = ++next;
        return new Promise<unknown>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          ws.send(JSON.stringify({ type: 'call', id, method, args }));
        });
      },
      reply(id: unknown, message: Record<string, unknown>) {
        const waiting = typeof id === 'number' ? pending.get(id) : undefined;
        if (!waiting) return;
        pending.delete(id as number);
        if (typeof message.error === 'string') waiting.reject(new Error(message.error));
        else waiting.resolve(message.value);
      },
      settle(error: PairGoneError) {
        gone = error.message;
        for (const waiting of pending.values()) waiting.reject(error);
        pending.clear();
      },
      close(reason: string) {
        endedByServer();
        ws.close(CLOSE.ended, reason.slice(0, 120));
      },
    };
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new NodeRunError('usage', `--pair-port ${port} is in use; choose another with --pair-port.`) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  actual = (server.address() as AddressInfo).port;
  announce();
  return {
    origin: `http://127.0.0.1:${actual}`,
    offer,
    async close() {
      live?.tab.close('The MCP server is shutting down.');
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
