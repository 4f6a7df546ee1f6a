// A standalone relay server on node:http: listen, report the bound URL, close cleanly, and turn
// listen failures (port in use, no permission) into errors that name the port.
import { createServer, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRelayConfig, type RelayConfig } from './config.js';
import { createRelayListener, type MountOptions } from './mount.js';

/** The server could not listen; the message names the host and port and says what to do. */
export class RelayListenError extends Error {
  override name = 'RelayListenError';
  constructor(
    readonly port: number,
    readonly host: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** How often node:http looks for connections past their header or request deadline. */
const CHECK_INTERVAL_MS = 1000;

/** A running relay. */
export interface RunningRelay {
  server: Server;
  /** Base URL clients use, e.g. http://127.0.0.1:8787 (plus the prefix). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts a relay server on `host:port` (port 0 picks a free one). */
export async function startRelayServer(
  options: MountOptions & { port: number; host?: string; portHint?: string },
): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1';
  const config = options.config ?? loadRelayConfig(options.env ?? process.env);
  const server = createServer(relayServerOptions(config), createRelayListener({ ...options, config, listenHost: options.listenHost ?? host }));
  await listen(server, options.port, host, options.portHint);
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port,
    url: `http://${shownHost}:${port}${options.prefix && options.prefix !== '/' ? options.prefix.replace(/\/+$/, '') : ''}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * node:http server options that close slow clients: headers within `headersTimeoutMs`, the whole
 * request within headers + body time (the handler answers a slow body itself, earlier), checked
 * every second rather than Node's default 30 s.
 */
export function relayServerOptions(config: Pick<RelayConfig, 'headersTimeoutMs' | 'bodyTimeoutMs'>): ServerOptions {
  return {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.headersTimeoutMs + config.bodyTimeoutMs,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}

/**
 * Listens, rejecting with a RelayListenError that names the port when it cannot; `portHint` says
 * how to choose another port (e.g. "--port <n>").
 */
export function listen(server: Server, port: number, host: string, portHint = '--port <n>'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(new RelayListenError(port, host, error.code, listenMessage(error, port, host, portHint)));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function listenMessage(error: NodeJS.ErrnoException, port: number, host: string, hint: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use on ${host}. Stop the program using it, or choose another port (${hint}).`;
    case 'EACCES':
      return `No permission to listen on port ${port} on ${host}. Ports below 1024 need privileges; choose a port such as 8787 (${hint}).`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${host}:${port}: this machine has no such address. Use 127.0.0.1 or 0.0.0.0.`;
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`;
  }
}
