#!/usr/bin/env node
// The demo server (`npm run demo`): serves demo/ and dist/ and mounts the LLM relay at /api/llm on
// the same origin, so the pages hold no key. PORT (default 5173) and HOST (default 127.0.0.1).
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = join(ROOT, 'demo');
const DIST = join(ROOT, 'dist');
const RELAY_PREFIX = '/api/llm';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** A startup problem with a message for the terminal (exit code 1). */
export class DemoStartError extends Error {
  name = 'DemoStartError';
}

/** Maps a URL path to a file under demo/ or dist/, or undefined when it would leave them. */
function fileFor(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const [base, rest] = decoded.startsWith('/dist/') ? [DIST, decoded.slice('/dist/'.length)] : [DEMO, decoded.slice(1)];
  const file = normalize(join(base, rest));
  return file === base || file.startsWith(base + sep) ? file : undefined;
}

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Serves a file. In demo pages `data-model="default"` becomes the relay's real model name, so the
 * client applies that model's request quirks (the relay would pin the model anyway).
 */
async function serveStatic(req, res, model) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const { pathname } = new URL(req.url ?? '/', 'http://demo.invalid');
  let file = fileFor(pathname);
  try {
    if (!file) throw new Error('outside');
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    let body = await readFile(file);
    if (model && file.startsWith(DEMO + sep) && extname(file) === '.html') {
      const escaped = model.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
      body = Buffer.from(body.toString('utf8').replaceAll('data-model="default"', `data-model="${escaped}"`));
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    const hint = pathname.startsWith('/dist/') ? ' The bundle is built by `npm run build` (npm run demo runs it).' : '';
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}.${hint}`);
  }
}

/** The environment with values from `<cwd>/.env` filled in where the environment has none. */
function readEnv(relay, env, cwd) {
  const file = join(cwd, '.env');
  if (!existsSync(file)) return env;
  const values = relay.parseEnvFile(readFileSync(file, 'utf8'), file);
  const merged = { ...env };
  for (const [key, value] of Object.entries(values)) if (merged[key] === undefined) merged[key] = value;
  return merged;
}

/**
 * Starts the demo server. Resolves to `{ url, server, config, close }`; rejects with a
 * DemoStartError whose message is meant for the terminal.
 */
export async function startDemoServer({ env = process.env, cwd = process.cwd(), logger } = {}) {
  const relayFile = join(DIST, 'relay.mjs');
  if (!existsSync(relayFile)) {
    throw new DemoStartError(`${relayFile} is missing. Build first: \`npm run build\` (or just \`npm run demo\`, which builds).`);
  }
  const relay = await import(pathToFileURL(relayFile).href);
  let config;
  try {
    config = relay.loadRelayConfig(readEnv(relay, env, cwd));
  } catch (error) {
    if (error instanceof relay.EnvFileError || error instanceof relay.RelayConfigError) throw new DemoStartError(error.message);
    throw error;
  }
  const port = env.PORT === undefined || env.PORT === '' ? 5173 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new DemoStartError(`PORT must be a number from 0 to 65535, got "${env.PORT}".`);
  const host = env.HOST || '127.0.0.1';

  // The relay's header and body deadlines apply to the whole demo server (slow clients are closed).
  const server = createServer(relay.relayServerOptions(config), (req, res) => {
    serveStatic(req, res, config.problem ? undefined : config.model).catch(() => res.destroy());
  });
  relay.mountRelay(server, { prefix: RELAY_PREFIX, config, listenHost: host, logger: logger ?? relay.createConsoleLogger('relay') });
  try {
    await relay.listen(server, port, host, 'PORT=<n> npm run demo');
  } catch (error) {
    if (error instanceof relay.RelayListenError) throw new DemoStartError(error.message);
    throw error;
  }
  const bound = server.address().port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/`,
    server,
    config,
    relay,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The text printed at start: where to go and whether an LLM is configured. */
function banner(demo) {
  const { config, relay, url } = demo;
  const lines = [`Demo: ${url}`, `  relay  ${url.replace(/\/$/, '')}${RELAY_PREFIX} (same origin; the key stays on this server)`];
  if (!existsSync(join(DIST, 'page-agent.iife.js'))) lines.push('  WARNING: dist/page-agent.iife.js is missing; run `npm run build`.');
  if (config.problem) {
    lines.push('', `No LLM configured: ${config.problem}`, 'The pages load, and the agent answers every task with this explanation until you restart with:', relay.describeProviders(), '', 'e.g. a .env file in the repository root:', '  LLM_BASE_URL=https://api.openai.com/v1', '  LLM_MODEL=gpt-4.1-mini', '  LLM_API_KEY=sk-...');
  } else {
    lines.push(`  model  ${config.model} via ${new URL(config.baseURL).host}${config.apiKey ? '' : ' (no key)'}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const demo = await startDemoServer();
    console.log(banner(demo));
    const stop = () => demo.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (!(error instanceof DemoStartError)) throw error;
    console.error(`demo: ${error.message}`);
    process.exitCode = 1;
  }
}
