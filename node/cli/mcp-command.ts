// `drop-in-page-agent mcp`: an MCP server (stdio, or Streamable HTTP with --http) that lets an
// external agent (Claude Desktop, Cursor, VS Code) read and operate pages in a Chromium it launches,
// or (--pair) in a tab of the user's own browser they pair with a code. Runs until the client
// disconnects (stdio), or until Ctrl+C; the browser (or the pairing server) closes on every path.
import type { Readable, Writable } from 'node:stream';
import { EXIT, NodeRunError } from '../errors.js';
import { openBrowserHost, startUrl, type BrowserHost, type BrowserHostOptions } from '../mcp/browser-host.js';
import { serveMcpOverHttp } from '../mcp/http-host.js';
import type { McpHost } from '../mcp/mcp-host.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { startPairedHost } from '../mcp/pair/paired-host.js';
import { loadMcpSdk } from '../mcp/sdk.js';
import { parseOrigins } from '../tools/origin-policy.js';
import { type FlagKind, intFlag, languageFlag, parseArgs } from './args.js';
import { environmentWithEnvFile, readLlmSettings, type LlmSettings } from './llm-settings.js';
import type { CliIO } from './main.js';

declare const __VERSION__: string;

export const MCP_USAGE = `Usage: drop-in-page-agent mcp [options]

An MCP server for external agents (Claude Desktop, Cursor, VS Code): it launches Chromium and offers
page_read, click, type, select, scroll, scroll_to_text, press_key, hover, navigate and tabs, plus
page_task when a model is configured here. Speaks MCP over stdio, or Streamable HTTP with --http.
With --pair it launches nothing: it drives a tab of your own browser (a page with the page agent
script) that you pair with the code and snippet it prints here.

Options:
  --url <url>                  the first page (default: a blank tab)
  --headless                   no browser window (default: a window the user sees)
  --approval <off|risky|all>   ask the user in the page before risky actions (default) or every action, or never
  --allowed-origins <list>     origins pages may be opened on (comma-separated; --url's is always allowed)
  --pair                       pair a tab you have open instead of launching Chromium
  --pair-port <n>              the pairing server's port on 127.0.0.1 (default 8932)
  --http                       serve Streamable HTTP on 127.0.0.1 instead of stdio
  --port <n>                   the HTTP port (default 8931)
  --storage-state <file>       a Playwright storage-state file to start logged in
  --max-steps <n>              model calls per page_task (default 40)
  --language <en-US|zh-CN>     the agent's language
  --base-url, --model, --api-key, --env-file
                               the model for page_task (default: LLM_BASE_URL, LLM_MODEL, LLM_API_KEY);
                               without one, page_task is not offered
  -h, --help                   show this help

See docs/mcp.md for client configuration and the threat model.`;

const MCP_FLAGS: Record<string, FlagKind> = {
  url: 'value',
  headless: 'boolean',
  approval: 'value',
  'allowed-origins': 'list',
  http: 'boolean',
  pair: 'boolean',
  'pair-port': 'value',
  port: 'value',
  'storage-state': 'value',
  'max-steps': 'value',
  language: 'value',
  'base-url': 'value',
  model: 'value',
  'api-key': 'value',
  'env-file': 'value',
};

/** The streams stdio MCP runs over (tests pass their own). */
export interface McpStreams {
  stdin: Readable;
  stdout: Writable;
}

/** The model for page_task: none when nothing is configured, else checked settings. */
function optionalLlm(flags: Record<string, unknown>, env: Record<string, string | undefined>): LlmSettings | undefined {
  const given = [flags['base-url'], flags.model, env.LLM_BASE_URL, env.LLM_MODEL].some((value) => typeof value === 'string' && value.trim() !== '');
  return given ? readLlmSettings({ baseURL: flags['base-url'] as string, model: flags.model as string, apiKey: flags['api-key'] as string }, env) : undefined;
}

/** Reads the options; a NodeRunError (usage or config) names a bad one. */
export function readMcpOptions(
  args: string[],
  io: Pick<CliIO, 'env' | 'cwd'>,
): { help: true } | { help?: false; host: BrowserHostOptions; http?: { port: number }; pair?: { port: number } } {
  const { flags, positionals } = parseArgs(args, MCP_FLAGS, 'mcp');
  if (flags.help) return { help: true };
  if (positionals.length) throw new NodeRunError('usage', `mcp takes no positional arguments, got "${positionals.join(' ')}".`);
  const approval = (flags.approval as string | undefined) ?? 'risky';
  if (approval !== 'off' && approval !== 'risky' && approval !== 'all') throw new NodeRunError('usage', `--approval must be off, risky or all, got "${approval}".`);
  const language = languageFlag(flags.language);
  if (flags.port !== undefined && !flags.http) throw new NodeRunError('usage', '--port needs --http (stdio has no port).');
  if (flags['pair-port'] !== undefined && !flags.pair) throw new NodeRunError('usage', '--pair-port needs --pair.');
  if (flags.pair) {
    const launchOnly = ['url', 'headless', 'allowed-origins', 'storage-state'].filter((name) => flags[name] !== undefined);
    if (launchOnly.length) throw new NodeRunError('usage', `--pair drives a tab of your own browser; --${launchOnly[0]} is for the browser mcp launches.`);
  }
  startUrl(flags.url as string | undefined);
  const env = environmentWithEnvFile(io.env, io.cwd, flags['env-file'] as string | undefined);
  return {
    host: {
      headed: !flags.headless,
      url: flags.url as string | undefined,
      approval,
      allowedOrigins: parseOrigins((flags['allowed-origins'] as string[] | undefined) ?? []),
      language,
      storageState: flags['storage-state'] as string | undefined,
      llm: optionalLlm(flags, env),
      maxSteps: intFlag(flags['max-steps'], 'max-steps', 1, 200),
      env,
    },
    http: flags.http ? { port: intFlag(flags.port, 'port', 1, 65535) ?? 8931 } : undefined,
    pair: flags.pair ? { port: intFlag(flags['pair-port'], 'pair-port', 1, 65535) ?? 8932 } : undefined,
  };
}

/** Runs the `mcp` command until the client goes away or the signal aborts; resolves to the exit code. */
export async function mcpCommand(args: string[], io: CliIO, streams?: McpStreams): Promise<number> {
  const options = readMcpOptions(args, io);
  if (options.help) {
    io.out(MCP_USAGE);
    return EXIT.success;
  }
  const log = (line: string) => io.progress.write(`drop-in-page-agent mcp: ${line}\n`);
  let host: Promise<McpHost> | undefined;
  const { llm, maxSteps, language, approval } = options.host;
  const paired = options.pair ? await startPairedHost({ port: options.pair.port, approval, llm, maxSteps, language, log }) : undefined;
  if (paired) host = Promise.resolve(paired);
  const openHost = (client: string): Promise<McpHost> => {
    if (paired) {
      paired.setClient(client);
      return Promise.resolve(paired);
    }
    if (!host) {
      host = openBrowserHost(options.host, client).then((opened: BrowserHost) => {
        log(`Chromium is open (${options.host.headed ? 'headed' : 'headless'}) for ${client}; approval: ${options.host.approval}.`);
        return opened;
      });
      host.catch(() => (host = undefined));
    }
    return host;
  };
  const serverOptions = { openHost, withTask: !!options.host.llm, version: __VERSION__, log };
  try {
    if (options.http) {
      const http = await serveMcpOverHttp(serverOptions, options.http.port);
      log(`listening on ${http.url} (Streamable HTTP)${options.host.llm ? '' : '; no model configured, so page_task is not offered'}.`);
      await waitForAbort(io.signal);
      await http.close();
    } else {
      const { StdioServerTransport } = await loadMcpSdk();
      const { server, close } = await createMcpServer(serverOptions);
      const stdin = streams?.stdin ?? process.stdin;
      const ended = new Promise<void>((resolve) => {
        stdin.once('end', resolve);
        stdin.once('close', resolve);
        server.onclose = () => resolve();
        io.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      const transport = new StdioServerTransport(stdin, streams?.stdout ?? process.stdout);
      await server.connect(transport);
      // A line that is not a JSON-RPC message: said in the terminal, and answered as JSON-RPC says (id null).
      server.onerror = (error) => {
        log(`a message from the client could not be read: ${error.message.split('\n')[0]}`);
        if (error instanceof SyntaxError || /JSON|parse|invalid_union|Invalid input/i.test(error.message)) {
          const reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: not a JSON-RPC message (${error.message.split('\n')[0].slice(0, 200)})` } };
          void transport.send(reply as unknown as Parameters<typeof transport.send>[0]).catch(() => undefined);
        }
      };
      if (!options.host.llm) log('no model configured (LLM_BASE_URL, LLM_MODEL), so page_task is not offered.');
      await ended;
      await close();
    }
  } finally {
    const opened = await host?.catch(() => undefined);
    await opened?.close();
  }
  return io.signal?.aborted ? EXIT.interrupted : EXIT.success;
}

function waitForAbort(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
