// A static file server on loopback for e2e tests: serves the repository (test/fixtures, dist,
// node_modules for vendor builds) plus per-test routes (inline pages, custom headers such as CSP).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** A route answers one path: a page body with headers, or a function of the request. */
export type Route =
  | { body: string; type?: string; headers?: Record<string, string>; status?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface StaticServer {
  /** Origin, e.g. http://127.0.0.1:43210 */
  origin: string;
  /** Absolute URL for a path on this server. */
  url(path: string): string;
  /** Adds or replaces a route; returns its URL. */
  route(path: string, route: Route): string;
  /** Extra headers for every file under a path prefix (e.g. a CSP). */
  headersFor(prefix: string, headers: Record<string, string>): void;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 with an ephemeral port. */
export async function startStaticServer(options: { root?: string; host?: string } = {}): Promise<StaticServer> {
  const root = options.root ?? REPO_ROOT;
  const routes = new Map<string, Route>();
  const prefixHeaders: Array<[string, Record<string, string>]> = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = routes.get(url.pathname);
    if (typeof route === 'function') return route(req, res);
    if (route) {
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? TYPES['.html'], ...route.headers });
      return res.end(route.body);
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      const info = await stat(file);
      const target = info.isDirectory() ? join(file, 'index.html') : file;
      const body = await readFile(target);
      const extra: Record<string, string> = {};
      for (const [prefix, headers] of prefixHeaders) if (url.pathname.startsWith(prefix)) Object.assign(extra, headers);
      res.writeHead(200, {
        'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...extra,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, options.host ?? '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    origin,
    url: (path) => origin + (path.startsWith('/') ? path : `/${path}`),
    route(path, r) {
      routes.set(path, r);
      return origin + path;
    },
    headersFor(prefix, headers) {
      prefixHeaders.push([prefix, headers]);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
