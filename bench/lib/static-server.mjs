// A loopback HTTP server for bench suites: per-path routes (generated pages) and the repository's
// files (dist/, node_modules vendor builds). Ephemeral port, closed by the runner.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.css': 'text/css' };

/** Starts the server; `route(path, body, type?)` adds a page and returns its URL. */
export async function startStaticServer(root) {
  const routes = new Map();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes.get(path);
    if (route) {
      res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' });
      return res.end(route.body);
    }
    const file = normalize(join(root, decodeURIComponent(path)));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: (path) => origin + path,
    route(path, body, type = TYPES['.html']) {
      routes.set(path, { body, type });
      return origin + path;
    },
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}
