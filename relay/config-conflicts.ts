// Relay settings that contradict each other: a subsidiary setting without the one it tunes, or
// limits that cannot both hold. Found at start-up, so the relay never runs half of what was asked.
import type { RelayConfig } from './config.js';

/** Two (or more) variables that cannot both be meant, and why. */
export interface ConfigConflict {
  variables: string[];
  reason: string;
}

type Env = Record<string, string | undefined>;

const isSet = (env: Env, name: string) => (env[name] ?? '').trim() !== '';

/** The first contradiction among the settings, or undefined. */
export function findConflict(env: Env, config: RelayConfig): ConfigConflict | undefined {
  const needs = (setting: string, main: string, what: string): ConfigConflict => ({
    variables: [setting, main],
    reason: `${setting} is set but ${main} is not, so it would have no effect: set ${main} to turn ${what} on, or remove ${setting}.`,
  });
  if (isSet(env, 'RELAY_TOKEN_SECRET_PREVIOUS') && !isSet(env, 'RELAY_TOKEN_SECRET')) return needs('RELAY_TOKEN_SECRET_PREVIOUS', 'RELAY_TOKEN_SECRET', 'client tokens');
  if (isSet(env, 'RELAY_TOKEN_MAX_TTL_SECONDS') && !isSet(env, 'RELAY_TOKEN_SECRET')) return needs('RELAY_TOKEN_MAX_TTL_SECONDS', 'RELAY_TOKEN_SECRET', 'client tokens');
  if (isSet(env, 'RELAY_VERIFY_TIMEOUT_SECONDS') && !isSet(env, 'RELAY_VERIFY_URL')) return needs('RELAY_VERIFY_TIMEOUT_SECONDS', 'RELAY_VERIFY_URL', 'session checks');
  if (isSet(env, 'RELAY_BUDGET_MAX_CLIENTS') && config.budget.perClient === 0) return needs('RELAY_BUDGET_MAX_CLIENTS', 'RELAY_DAILY_TOKENS_PER_CLIENT', 'per-client budgets');
  if (isSet(env, 'RELAY_RATE_WINDOW_SECONDS') && config.rateLimit.max === 0) {
    return { variables: ['RELAY_RATE_WINDOW_SECONDS', 'RELAY_RATE_LIMIT=0'], reason: 'contradict each other: the rate limit is off, so its window would have no effect.' };
  }
  if (config.auth.verifyURL && config.allowedOrigins === '*') {
    return {
      variables: ['RELAY_VERIFY_URL', 'RELAY_ALLOWED_ORIGINS=*'],
      reason: "contradict each other: with the site's session cookie as the proof, any website a signed-in user visits could spend in their name. List your page origins in RELAY_ALLOWED_ORIGINS.",
    };
  }
  const { perClient, total } = config.budget;
  if (perClient > 0 && total > 0 && perClient > total) {
    return {
      variables: [`RELAY_DAILY_TOKENS_PER_CLIENT=${perClient}`, `RELAY_DAILY_TOKENS=${total}`],
      reason: 'contradict each other: one client may not use more than all clients together. Lower the per-client budget or raise the total.',
    };
  }
  const cap = config.body.maxTokens;
  if (perClient > 0 && cap > perClient) {
    return {
      variables: [`RELAY_MAX_TOKENS=${cap}${isSet(env, 'RELAY_MAX_TOKENS') ? '' : ' (the default)'}`, `RELAY_DAILY_TOKENS_PER_CLIENT=${perClient}`],
      reason: "contradict each other: one answer may use more tokens than a client's whole day. Lower RELAY_MAX_TOKENS or raise the budget.",
    };
  }
  return undefined;
}
