// Reads the drop-in bundle's settings from its own <script> tag: the options the table gives a
// `data-*` attribute or a page-agent 1.x query parameter (?model=&baseURL=&apiKey=&lang=), the JSON
// in data-config, and the tag's own switches (auto-init, show-panel, nonce). Pure reading and
// validation: it creates nothing and logs nothing (index.ts reports).
import { messageOf } from '../base/index.js';
import { parseFlag } from './checks.js';
import { OPTIONS, type OptionTable } from './options.js';

/** What the loading script asks for. */
export interface ScriptSettings {
  /** Options for `new PageAgent()` (only those the tag sets). */
  config: Record<string, unknown>;
  /** Create `window.pageAgent` now. @default true */
  autoInit: boolean;
  /** Show the panel right away. @default true */
  showPanel: boolean;
  /** The nonce for anything injected (data-nonce, else the script's own nonce). */
  nonce?: string;
  /** Warnings to print (an API key the whole page can read). */
  warnings: string[];
  /** Set when the tag is invalid; then nothing is created. */
  error?: { attribute: string; message: string };
}

const secretWarning = (what: string, where: string) =>
  `page-agent: ${what} was given in ${where}. Anyone who can open this page can read it and spend on your account. ` +
  'Keep keys on a server: run the relay proxy (npx drop-in-page-agent relay) and point data-base-url at it, without a key.';

/** `max-steps` → `maxSteps`: the dataset key of a `data-*` attribute. */
const datasetKey = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Reads settings from a script element (or nothing, when the bundle was not loaded by a tag). */
export function readScriptSettings(script: HTMLScriptElement | null | undefined, pageLanguage?: string, table: OptionTable = OPTIONS): ScriptSettings {
  const settings: ScriptSettings = { config: {}, autoInit: true, showPanel: true, warnings: [] };
  const config = settings.config;
  if (pageLanguage && /^zh\b/i.test(pageLanguage)) config.language = 'zh-CN';
  if (!script) return settings;
  const specs = Object.entries(table);

  // 1. page-agent 1.x query parameters on the script URL (compatibility; lowest precedence).
  let params: URLSearchParams | null = null;
  try {
    params = script.src ? new URL(script.src, script.baseURI).searchParams : null;
  } catch {}
  if (params) {
    for (const [name, spec] of specs) {
      const value = spec.query && params.get(spec.query);
      if (!value) continue;
      config[name] = value;
      if (spec.secret) settings.warnings.push(secretWarning(spec.secret, `the script URL (?${spec.query}=)`));
    }
    settings.showPanel = parseFlag(params.get('showPanel')) ?? settings.showPanel;
    settings.autoInit = parseFlag(params.get('autoInit')) ?? settings.autoInit;
  }

  // 2. data-config: a JSON object of any options.
  const data = script.dataset;
  if (data.config !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.config);
    } catch (error) {
      settings.error = { attribute: 'data-config', message: `data-config is not valid JSON (${messageOf(error)}).` };
      return settings;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      settings.error = { attribute: 'data-config', message: 'data-config must be a JSON object, e.g. {"maxSteps": 20}.' };
      return settings;
    }
    Object.assign(config, parsed);
    for (const [name, spec] of specs) if (spec.secret && name in parsed) settings.warnings.push(secretWarning(spec.secret, 'data-config'));
  }

  // 3. Individual data-* attributes (highest precedence).
  for (const [name, { attribute, check, secret }] of specs) {
    const raw = attribute && data[datasetKey(attribute)];
    if (raw === undefined || (raw === '' && !check?.fromText)) continue;
    const value = check?.fromText ? check.fromText(raw) : raw;
    if (check?.fromText && !check.isValid(value)) {
      settings.error = { attribute: `data-${attribute}`, message: `data-${attribute} must be ${check.expect} (got "${raw}").` };
      return settings;
    }
    config[name] = value;
    if (secret) settings.warnings.push(secretWarning(secret, `the data-${attribute} attribute`));
  }
  settings.autoInit = parseFlag(data.autoInit) ?? settings.autoInit;
  settings.showPanel = parseFlag(data.showPanel) ?? settings.showPanel;
  const nonce = data.nonce || script.nonce || script.getAttribute('nonce') || undefined;
  if (nonce) settings.nonce = nonce;
  return settings;
}
