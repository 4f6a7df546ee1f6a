// `mcp --http`: the MCP server over Streamable HTTP on 127.0.0.1, at /mcp. One client session at a
// time (a second one is refused until the first ends); Host and Origin headers are checked so a web
// page cannot reach the server through the browser (DNS rebinding).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { NodeRunError } from '../errors.js';
import { createMcpServer, type McpServerOptions } from './mcp-server.js';
import { loadMcpSdk } from './sdk.js';

/** A listening HTTP server: its URL and close(). */
export interface McpHttpServer {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function jsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Reads a JSON body (at most 4 MB); undefined with a 400 answer sent when it is not JSON. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      jsonError(res, 413, 'The request body is larger than 4 MB.');
      return { ok: false };
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    jsonError(res, 400, 'Parse error: the request body is not JSON.');
    return { ok: false };
  }
}

const isInitialize = (body: unknown) => (Array.isArray(body) ? body : [body]).some((message) => (message as { method?: unknown })?.method === 'initialize');

/** Serves MCP on http://127.0.0.1:port/mcp; a NodeRunError (usage) when the port is taken. */
export async function serveMcpOverHttp(options: McpServerOptions, port: number): Promise<McpHttpServer> {
  const { StreamableHTTPServerTransport } = await loadMcpSdk();
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  let session: { transport: StreamableHTTPServerTransport; close(): Promise<void> } | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/mcp') return jsonError(res, 404, 'Not found: the MCP endpoint is /mcp.');
    // A browser page may only reach us from the same local origin (the SDK checks Host too).
    const origin = req.headers.origin;
    if (origin && !hosts.some((host) => origin === `http://${host}`)) return jsonError(res, 403, `Origin ${origin} may not use this MCP server.`);
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJson(req, res);
      if (!read.ok) return;
      body = read.body;
    }
    const id = req.headers['mcp-session-id'];
    if (req.method === 'POST' && !id && isInitialize(body)) {
      if (session) return jsonError(res, 409, 'Another MCP client is connected to this server; close it first (one client at a time).');
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableDnsRebindingProtection: true,
        allowedHosts: hosts,
      });
      const created = await createMcpServer(options);
      const current = { transport, close: created.close };
      session = current;
      transport.onclose = () => {
        if (session === current) session = undefined;
      };
      await created.server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (!session || id !== session.transport.sessionId) return jsonError(res, id ? 404 : 400, id ? 'Unknown or ended MCP session; initialize again.' : 'No MCP session: send initialize first.');
    return session.transport.handleRequest(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.(`HTTP request failed: ${(error as Error).message}`);
      if (!res.headersSent) jsonError(res, 500, 'Internal error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new NodeRunError('usage', `--port ${port} is in use; choose another with --port.`) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await session?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
