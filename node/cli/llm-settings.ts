// The model settings of `run` and `test`, as the relay reads them: flags first, then the environment
// (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY), then a .env file (./.env, or --env-file).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EnvFileError, parseEnvFile } from '../../relay/env-file.js';
import { NodeRunError } from '../errors.js';

/** The model endpoint a run uses. */
export interface LlmSettings {
  baseURL: string;
  model: string;
  apiKey?: string;
}

/** The environment with the .env file's values filled in where the environment has none. */
export function environmentWithEnvFile(env: Record<string, string | undefined>, cwd: string, explicit?: string): Record<string, string | undefined> {
  const path = resolve(cwd, explicit ?? '.env');
  if (!existsSync(path)) {
    if (explicit) throw new NodeRunError('usage', `--env-file: ${path} does not exist.`);
    return env;
  }
  let values: Record<string, string>;
  try {
    values = parseEnvFile(readFileSync(path, 'utf8'), explicit ?? '.env');
  } catch (error) {
    if (error instanceof EnvFileError) throw new NodeRunError('config', error.message);
    throw error;
  }
  const merged = { ...env };
  for (const [key, value] of Object.entries(values)) if (merged[key] === undefined) merged[key] = value;
  return merged;
}

/** Resolves the model settings; a NodeRunError (config) names what is missing or malformed. */
export function readLlmSettings(flags: { baseURL?: string; model?: string; apiKey?: string }, env: Record<string, string | undefined>): LlmSettings {
  const baseURL = (flags.baseURL ?? env.LLM_BASE_URL ?? '').trim();
  const model = (flags.model ?? env.LLM_MODEL ?? '').trim();
  const apiKey = (flags.apiKey ?? env.LLM_API_KEY ?? '').trim() || undefined;
  const missing = [!baseURL && 'LLM_BASE_URL (or --base-url)', !model && 'LLM_MODEL (or --model)'].filter(Boolean);
  if (missing.length > 0) throw new NodeRunError('config', `No model configured: set ${missing.join(' and ')} in the environment or a .env file.`);
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new NodeRunError('config', `LLM_BASE_URL "${baseURL}" is not a URL; write it like https://api.openai.com/v1.`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new NodeRunError('config', `LLM_BASE_URL must be http or https, not ${url.protocol}.`);
  return { baseURL, model, apiKey };
}
