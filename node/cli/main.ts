// The Node commands of the `drop-in-page-agent` command line: `run`, `test` and `mcp`. The relay's own
// command stays in relay/cli.ts; bin/drop-in-page-agent.mjs picks one by the first argument.
import { EXIT, NodeRunError } from '../errors.js';
import type { ProgressStream } from './progress.js';
import { mcpCommand } from './mcp-command.js';
import { runCommand } from './run-command.js';
import { testCommand } from './test-command.js';

/** What the commands touch, injectable for tests. */
export interface CliIO {
  env: Record<string, string | undefined>;
  cwd: string;
  /** The result (stdout). */
  out(text: string): void;
  /** Progress and messages (stderr). */
  progress: ProgressStream;
  /** Aborted on Ctrl+C: the run stops and the browser closes. */
  signal?: AbortSignal;
}

/** The commands this module runs. */
export const NODE_COMMANDS = ['run', 'test', 'mcp'] as const;

/** Runs `run …`, `test …` or `mcp …`; resolves to the exit code. Usage and environment failures are printed, never thrown. */
export async function runCli(args: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'run') return await runCommand(rest, io);
    if (command === 'test') return await testCommand(rest, io);
    if (command === 'mcp') return await mcpCommand(rest, io);
    throw new NodeRunError('usage', `Unknown command "${command}".`);
  } catch (error) {
    if (error instanceof NodeRunError) {
      io.progress.write(`drop-in-page-agent ${command}: ${error.message}${error.kind === 'usage' ? `\nRun \`drop-in-page-agent ${command} --help\` for the options.` : ''}\n`);
      return error.exitCode;
    }
    io.progress.write(`drop-in-page-agent ${command}: unexpected error: ${(error as Error).stack ?? error}\n`);
    return EXIT.environment;
  }
}
