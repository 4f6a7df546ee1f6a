// Reads the drop-in bundle's settings from its own <script> tag: data-* attributes, the JSON in
// data-config, and page-agent 1.x's query parameters (?model=&baseURL=&apiKey=&lang=&showPanel=&autoInit=).
// Pure reading and validation: it creates nothing and logs nothing (index.ts reports).
import { messageOf } from '../base/index.js';

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

const KEY_WARNING = (where: string) =>
  `page-agent: an API key was given in ${where}. Anyone who can open this page can read it and spend on your account. ` +
  'Keep keys on a server: run the relay proxy (npx drop-in-page-agent relay) and point data-base-url at it, without a key.';

function flag(value: string | null | undefined): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  return !/^(false|0|no|off)$/i.test(value.trim());
}

/** Reads settings from a script element (or nothing, when the bundle was not loaded by a tag). */
export function readScriptSettings(script: HTMLScriptElement | null | undefined, pageLanguage?: string): ScriptSettings {
  const settings: ScriptSettings = { config: {}, autoInit: true, showPanel: true, warnings: [] };
  const config = settings.config;
  if (pageLanguage && /^zh\b/i.test(pageLanguage)) config.language = 'zh-CN';
  if (!script) return settings;

  // 1. page-agent 1.x query parameters on the script URL (compatibility; lowest precedence).
  let params: URLSearchParams | null = null;
  try {
    params = script.src ? new URL(script.src, script.baseURI).searchParams : null;
  } catch {
    params = null;
  }
  if (params) {
    const q = (name: string) => params!.get(name) || undefined;
    if (q('model')) config.model = q('model');
    if (q('baseURL')) config.baseURL = q('baseURL');
    if (q('lang')) config.language = q('lang');
    if (q('apiKey')) {
      config.apiKey = q('apiKey');
      settings.warnings.push(KEY_WARNING('the script URL (?apiKey=)'));
    }
    settings.showPanel = flag(params.get('showPanel')) ?? settings.showPanel;
    settings.autoInit = flag(params.get('autoInit')) ?? settings.autoInit;
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
    if ('apiKey' in parsed) settings.warnings.push(KEY_WARNING('data-config'));
  }

  // 3. Individual data-* attributes (highest precedence).
  if (data.model) config.model = data.model;
  if (data.baseUrl) config.baseURL = data.baseUrl;
  if (data.language) config.language = data.language;
  if (data.approveAction) config.approveAction = data.approveAction;
  if (data.maxSteps !== undefined) {
    const steps = Number(data.maxSteps);
    if (!Number.isInteger(steps) || steps < 1) {
      settings.error = { attribute: 'data-max-steps', message: `data-max-steps must be a whole number ≥ 1 (got "${data.maxSteps}").` };
      return settings;
    }
    config.maxSteps = steps;
  }
  if (data.apiKey) {
    config.apiKey = data.apiKey;
    settings.warnings.push(KEY_WARNING('the data-api-key attribute'));
  }
  const rememberTasks = flag(data.rememberTasks);
  if (rememberTasks !== undefined) config.rememberTasks = rememberTasks;
  settings.autoInit = flag(data.autoInit) ?? settings.autoInit;
  settings.showPanel = flag(data.showPanel) ?? settings.showPanel;
  const nonce = data.nonce || script.nonce || script.getAttribute('nonce') || undefined;
  if (nonce) settings.nonce = nonce;
  return settings;
}

/** Names of the settings a run needs that are missing (`baseURL`, `model`). */
export function missingSettings(config: { baseURL?: unknown; model?: unknown }): string[] {
  const missing: string[] = [];
  if (typeof config.baseURL !== 'string' || !config.baseURL.trim()) missing.push('baseURL');
  if (typeof config.model !== 'string' || !config.model.trim()) missing.push('model');
  return missing;
}
