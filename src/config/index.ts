// The public index of config/: the option table and everything derived from it (validation,
// defaults, the script-tag reader, the documented list). Imports only base/.
export { OPTIONS, type OptionDefaults, type OptionDoc, type OptionGroup, type OptionName, type OptionSpec, type OptionTable } from './options.js';
export { ConfigError, checkOptions, defaultsOf, findMissingOption, findOptionProblem, listCheckedOptions, missingSettings, OPTION_DEFAULTS, requireRunnable, type OptionProblem } from './validate.js';
export { readScriptSettings, type ScriptSettings } from './script-tag.js';
export { CONFIG_OPTIONS, configOptionsOf, type ConfigOption } from './docs.js';
export type { Check } from './checks.js';
