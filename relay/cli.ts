// The `drop-in-page-agent` command line: `relay [--port n] [--host h] [--env-file f] [--prefix p]`.
// Reads .env, starts the relay, prints where it listens and what is missing; never prints the key.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRelayConfig, RelayConfigError, type RelayConfig } from './config.js';
import { EnvFileError, parseEnvFile } from './env-file.js';
import { describeHosts } from './host-check.js';
import { createConsoleLogger, type RelayLogger } from './logger.js';
import { describeProviders } from './providers.js';
import { RelayListenError, startRelayServer, type RunningRelay } from './server.js';

declare const __VERSION__: string;

/** What the CLI touches, injectable for tests. */
export interface CliIO {
  env: Record<string, string | undefined>;
  cwd: string;
  out(text: string): void;
  err(text: string): void;
  logger?: RelayLogger;
}

/** The CLI's outcome: an exit code, and the running relay when it started. */
export interface CliResult {
  exitCode: number;
  relay?: RunningRelay;
}

/** A command-line argument problem. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

const USAGE = `Usage: drop-in-page-agent relay [options]

Starts the LLM relay: browsers call it instead of the LLM, and it adds the API key server-side.

Options:
  --port <n>         port to listen on (default: RELAY_PORT or 8787; 0 picks a free port)
  --host <addr>      address to listen on (default: RELAY_HOST or 127.0.0.1; 0.0.0.0 for all)
  --env-file <path>  read variables from this file (default: ./.env when it exists)
  --prefix <path>    serve under a path prefix, e.g. /api/llm (default: the root)
  -h, --help         show this help
  -v, --version      show the version

Environment (or .env): LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_ALLOWED_MODELS,
RELAY_ALLOWED_ORIGINS, RELAY_ALLOW_NO_ORIGIN, RELAY_HOSTS, RELAY_MAX_BODY_BYTES,
RELAY_MAX_TOKENS, RELAY_MAX_N, RELAY_ALLOWED_FIELDS, RELAY_TOKEN_SECRET,
RELAY_TOKEN_SECRET_PREVIOUS, RELAY_TOKEN_MAX_TTL_SECONDS, RELAY_VERIFY_URL,
RELAY_VERIFY_TIMEOUT_SECONDS, RELAY_DAILY_TOKENS_PER_CLIENT, RELAY_DAILY_TOKENS,
RELAY_BUDGET_MAX_CLIENTS,
RELAY_HEADERS_TIMEOUT_SECONDS, RELAY_BODY_TIMEOUT_SECONDS, RELAY_RATE_LIMIT,
RELAY_RATE_WINDOW_SECONDS, RELAY_TIMEOUT_SECONDS, RELAY_TRUST_PROXY. See docs/relay.md.`;

/** Runs the command line; `args` excludes `node` and the script path. */
export async function runCli(args: string[], io: CliIO): Promise<CliResult> {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.out(USAGE);
    return { exitCode: command === undefined ? 1 : 0 };
  }
  if (command === '-v' || command === '--version') {
    io.out(__VERSION__);
    return { exitCode: 0 };
  }
  if (command !== 'relay') {
    io.err(`Unknown command "${command}". The commands are "relay" and "run" (see docs/node.md).\n\n${USAGE}`);
    return { exitCode: 1 };
  }
  try {
    return await runRelay(rest, io);
  } catch (error) {
    if (error instanceof CliUsageError) io.err(`${error.message}\n\n${USAGE}`);
    else if (error instanceof EnvFileError || error instanceof RelayConfigError || error instanceof RelayListenError) {
      io.err(`drop-in-page-agent relay: ${error.message}`);
    } else throw error;
    return { exitCode: 1 };
  }
}

async function runRelay(args: string[], io: CliIO): Promise<CliResult> {
  const flags = parseFlags(args);
  if (flags.help) {
    io.out(USAGE);
    return { exitCode: 0 };
  }
  const env = withEnvFile(io, flags.envFile);
  const config = loadRelayConfig(env);
  const port = parsePort(flags.port ?? env.RELAY_PORT ?? '8787');
  const host = flags.host ?? env.RELAY_HOST ?? '127.0.0.1';
  const logger = io.logger ?? createConsoleLogger();
  const relay = await startRelayServer({ port, host, prefix: flags.prefix, config, logger });
  io.out(banner(relay, config, host));
  return { exitCode: 0, relay };
}

interface Flags {
  port?: string;
  host?: string;
  envFile?: string;
  prefix?: string;
  help?: boolean;
}

function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  const names: Record<string, keyof Omit<Flags, 'help'>> = { '--port': 'port', '--host': 'host', '--env-file': 'envFile', '--prefix': 'prefix' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') {
      flags.help = true;
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = names[name];
    if (!key) throw new CliUsageError(`Unknown option "${name}".`);
    const value = inline ?? args[++i];
    if (value === undefined || value === '') throw new CliUsageError(`Option ${name} needs a value.`);
    flags[key] = value;
  }
  return flags;
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new CliUsageError(`The port must be a number from 0 to 65535, got "${raw}".`);
  return Number(raw);
}

/** The environment with .env values filled in where the environment has none. */
function withEnvFile(io: CliIO, explicit: string | undefined): Record<string, string | undefined> {
  const path = resolve(io.cwd, explicit ?? '.env');
  if (!existsSync(path)) {
    if (explicit) throw new CliUsageError(`The env file ${path} does not exist.`);
    return io.env;
  }
  const values = parseEnvFile(readFileSync(path, 'utf8'), explicit ?? '.env');
  const merged = { ...io.env };
  for (const [key, value] of Object.entries(values)) if (merged[key] === undefined) merged[key] = value;
  return merged;
}

function banner(relay: RunningRelay, config: RelayConfig, host: string): string {
  const origins = config.allowedOrigins === '*' ? 'any origin (RELAY_ALLOWED_ORIGINS=*)' : ['its own origin', ...config.allowedOrigins].join(', ');
  const noOrigin = config.allowNoOrigin ? 'requests without Origin forwarded (RELAY_ALLOW_NO_ORIGIN)' : 'requests without Origin refused';
  const models = config.allowedModels.length ? `${config.model} (default; allowed: ${config.allowedModels.join(', ')})` : `${config.model ?? '-'} (pinned)`;
  const lines = [
    `drop-in-page-agent relay ${__VERSION__} listening on ${relay.url}`,
    `  upstream  ${config.baseURL ?? '(not set)'}`,
    `  model     ${models}`,
    `  key       ${config.apiKey ? 'set (never logged)' : 'not set'}`,
    `  hosts     ${describeHosts(config, host)}`,
    `  origins   ${origins}; ${noOrigin}`,
    `  limits    ${config.rateLimit.max ? `${config.rateLimit.max} requests per ${config.rateLimit.windowMs / 1000} s per client` : 'no rate limit'}, body ≤ ${config.maxBodyBytes} bytes, upstream timeout ${config.timeoutMs / 1000} s`,
    `  deadlines headers within ${config.headersTimeoutMs / 1000} s, body within ${config.bodyTimeoutMs / 1000} s`,
    `  requests  ${config.body.maxTokens ? `max_tokens ≤ ${config.body.maxTokens}` : 'no output cap'}, n ≤ ${config.body.maxN}, ${config.body.extraFields === '*' ? 'every field forwarded' : `standard fields${config.body.extraFields.length ? ` and ${config.body.extraFields.join(', ')}` : ''} only`}`,
    `  clients   ${describeAuth(config)}`,
    `  budgets   ${describeBudgets(config)}`,
    `  health    ${relay.url}/health`,
    `  use it    <script src=".../page-agent.iife.js" data-base-url="${relay.url}" data-model="${config.model ?? 'default'}"></script>`,
  ];
  if (config.problem) lines.push('', `NOT CONFIGURED: ${config.problem}`, 'Chat requests are answered with this explanation until you restart with:', describeProviders());
  return lines.join('\n');
}

function describeAuth(config: RelayConfig): string {
  const ways: string[] = [];
  if (config.auth.tokenSecrets.length) ways.push(`relay tokens (RELAY_TOKEN_SECRET, at most ${config.auth.tokenMaxTtlSeconds} s)`);
  if (config.auth.verifyURL) ways.push(`sessions checked at ${new URL(config.auth.verifyURL).host} (RELAY_VERIFY_URL)`);
  return ways.length ? `signed in: ${ways.join(' or ')}` : 'anyone allowed by host and origin (no RELAY_TOKEN_SECRET or RELAY_VERIFY_URL)';
}

function describeBudgets(config: RelayConfig): string {
  const { perClient, total } = config.budget;
  const parts: string[] = [];
  if (perClient) parts.push(`${perClient} tokens per client per day`);
  if (total) parts.push(`${total} tokens per day in all`);
  return parts.length ? parts.join(', ') : 'none (RELAY_DAILY_TOKENS_PER_CLIENT, RELAY_DAILY_TOKENS)';
}
