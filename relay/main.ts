// Public entry of the relay, bundled to dist/relay.mjs for Node. No side effects on import: the
// bin calls `runCli`, the demo server calls `mountRelay`.
export { runCli, CliUsageError, type CliIO, type CliResult } from './cli.js';
export {
  loadRelayConfig,
  isLoopbackURL,
  RelayConfigError,
  RELAY_DEFAULTS,
  RELAY_VARIABLES,
  DEFAULT_MODEL_ALIAS,
  type RelayConfig,
  type RelayVariable,
} from './config.js';
export { parseEnvFile, EnvFileError } from './env-file.js';
export { createRelayHandler, type RelayHandler, type RelayHandlerOptions } from './handler.js';
export { chooseModel } from './prepare-request.js';
export { applyBodyPolicy, outputTokenField, FORWARDED_FIELDS, type BodyPolicy } from './body-policy.js';
export { createRelayListener, mountRelay, type MountOptions } from './mount.js';
export { startRelayServer, listen, relayServerOptions, RelayListenError, type RunningRelay } from './server.js';
export { createConsoleLogger, SILENT_LOGGER, type RelayLogger } from './logger.js';
export { describeProviders, PROVIDER_EXAMPLES, type ProviderExample } from './providers.js';
export { scrubText } from './key-scrubber.js';
