// The relay's log sink: one line per event, and a wrapper that scrubs the API key from every line
// whatever its origin, so no code path can log the key by mistake.
import { scrubText } from './key-scrubber.js';

/** Where the relay writes its log lines. */
export interface RelayLogger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** A logger on the console (stdout for info, stderr for warnings and errors). */
export function createConsoleLogger(prefix = 'relay'): RelayLogger {
  const stamp = () => new Date().toISOString();
  return {
    info: (line) => console.log(`${stamp()} ${prefix} ${line}`),
    warn: (line) => console.warn(`${stamp()} ${prefix} warn ${line}`),
    error: (line) => console.error(`${stamp()} ${prefix} error ${line}`),
  };
}

/** A logger that drops everything. */
export const SILENT_LOGGER: RelayLogger = { info() {}, warn() {}, error() {} };

/** Wraps a logger so that `secret` never reaches it. */
export function scrubbingLogger(inner: RelayLogger, secret: string | undefined): RelayLogger {
  return {
    info: (line) => inner.info(scrubText(line, secret)),
    warn: (line) => inner.warn(scrubText(line, secret)),
    error: (line) => inner.error(scrubText(line, secret)),
  };
}
