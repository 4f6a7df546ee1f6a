// Token usage and cost text for the panel footer. Pure: numbers in, text out.
import type { Usage } from '../types.js';
import type { Translate } from './i18n.js';
import type { TokenPricing } from './types.js';

/** The cost of `usage` at `pricing` (cached prompt tokens at their own price when given). */
export function costOf(usage: Usage, pricing: TokenPricing): number {
  const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
  const cachedPrice = pricing.cachedPromptPerToken ?? pricing.promptPerToken;
  return (usage.promptTokens - cached) * pricing.promptPerToken + cached * cachedPrice + usage.completionTokens * pricing.completionPerToken;
}

/** Formats an amount with enough digits to be non-zero for small costs. */
export function formatCost(amount: number, currency = '$'): string {
  const digits = amount >= 1 ? 2 : amount >= 0.01 ? 3 : 4;
  const text = amount.toFixed(digits);
  return /^[A-Z]{3}$/.test(currency) ? `${text} ${currency}` : `${currency}${text}`;
}

/** "Tokens: 1,234 in · 56 out · ≈ $0.0012", or '' when nothing was used yet. */
export function formatUsage(t: Translate, usage: Usage, pricing?: TokenPricing): string {
  if (!usage.totalTokens && !usage.promptTokens && !usage.completionTokens) return '';
  const n = (value: number) => value.toLocaleString('en-US');
  let text = t('usage', { prompt: n(usage.promptTokens), completion: n(usage.completionTokens) });
  if (pricing && Number.isFinite(pricing.promptPerToken) && Number.isFinite(pricing.completionPerToken)) {
    text += ` · ${t('cost', { cost: formatCost(costOf(usage, pricing), pricing.currency) })}`;
  }
  return text;
}
