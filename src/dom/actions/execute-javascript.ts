// execute_javascript (opt-in): runs model-written JavaScript in the page as an async function body
// with `signal` in scope (page-agent compatible), or as a single expression. A CSP without
// 'unsafe-eval', or Trusted Types without an allowed policy, yields a clear message, never a throw.
import { messageOf } from '../../base/index.js';
import type { DomContext } from '../context.js';
import { describeElement } from '../describe.js';
import type { ActionResult } from '../types.js';
import { fail, succeed } from './resolve-target.js';

type AsyncFn = (signal: AbortSignal) => Promise<unknown>;
type AsyncFunctionCtor = new (...args: unknown[]) => AsyncFn;

// Captured at load: a page cannot swap the constructor the agent compiles with.
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionCtor;
const indirectEval = globalThis.eval as (source: unknown) => unknown;
const MAX_RESULT = 4000;
/** The Trusted Types policy name site owners allow for this tool (`trusted-types page-agent`). */
export const TRUSTED_TYPES_POLICY = 'page-agent';

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScript: (s: string) => string }): { createScript(s: string): unknown };
}

let policy: { createScript(s: string): unknown } | null | undefined;

function trustedScript(win: Window, source: string): unknown {
  const tt = (win as Window & { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!tt) return source;
  if (policy === undefined) {
    try {
      policy = tt.createPolicy(TRUSTED_TYPES_POLICY, { createScript: (s) => s });
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createScript(source) : source;
}

/** Compiles `script` with `make` as an expression whose value is returned, else as a function body. */
function compile(script: string, make: (body: string) => AsyncFn): AsyncFn {
  try {
    // A bare expression ("document.title") returns its value.
    return make(`return (${script}\n);`);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  return make(`${script}\n`);
}

/** What a page whose Content Security Policy forbids eval answers an execute_javascript call with. */
export const EVAL_BLOCKED_MESSAGE =
  "The page's Content Security Policy forbids evaluating scripts ('unsafe-eval' is not allowed), so execute_javascript cannot run here. Use the other tools instead.";

function isCspError(error: unknown): boolean {
  return (error instanceof Error && error.name === 'EvalError') || /Content Security Policy|unsafe-eval/i.test(messageOf(error));
}

function isTrustedTypesError(error: unknown): boolean {
  return /TrustedScript|Trusted Type/i.test(messageOf(error));
}

function isElementLike(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Node).nodeType === 1 && typeof (value as Element).localName === 'string';
}

/** Renders a script's result for the model: elements described, collections listed, JSON otherwise; clipped. */
export function formatResult(value: unknown): string {
  if (value === undefined) return 'undefined (the script returned nothing; end it with `return …` to get a value)';
  if (typeof value === 'string') return clipResult(value);
  if (isElementLike(value)) return describeElement(value);
  if (typeof value === 'object' && value && typeof (value as ArrayLike<unknown>).length === 'number' && !Array.isArray(value)) {
    const items = Array.from(value as ArrayLike<unknown>);
    if (items.every(isElementLike)) return clipResult(`${items.length} elements: ${items.slice(0, 10).map((el) => describeElement(el as Element)).join('; ')}`);
  }
  const seen = new WeakSet<object>();
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'function') return `[function ${(v as { name?: string }).name || 'anonymous'}]`;
      if (isElementLike(v)) return describeElement(v);
      if (typeof v === 'object' && v) {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    });
  } catch {}
  return clipResult(text ?? String(value));
}

function clipResult(text: string): string {
  return text.length > MAX_RESULT ? `${text.slice(0, MAX_RESULT)}… (${text.length - MAX_RESULT} more characters cut)` : text;
}

/** Runs `script` in the page and reports its result or error; aborts with `signal` (AbortError passes through). */
export async function executeJavascript(ctx: DomContext, script: string, signal?: AbortSignal): Promise<ActionResult> {
  signal?.throwIfAborted();
  const win = ctx.window;
  let fn: AsyncFn;
  try {
    try {
      fn = compile(script, (body) => new AsyncFunction('signal', body));
    } catch (error) {
      if (!isTrustedTypesError(error)) throw error;
      // Chromium accepts a TrustedScript in eval but not in the Function constructor, so this is an
      // indirect (global-scope) eval of a function literal through the agent's policy.
      fn = compile(script, (body) => indirectEval(trustedScript(win, `(async function (signal) { ${body}\n})`)) as AsyncFn);
    }
  } catch (error) {
    if (isTrustedTypesError(error)) {
      return fail(`The page enforces Trusted Types and did not allow the agent's policy, so execute_javascript cannot run scripts here (the site owner can allow it with "trusted-types ${TRUSTED_TYPES_POLICY}"). Use the other tools instead.`);
    }
    if (isCspError(error)) {
      return fail(EVAL_BLOCKED_MESSAGE);
    }
    if (error instanceof SyntaxError) return fail(`The script has a syntax error and did not run: ${error.message}`);
    return fail(`The script could not be compiled: ${messageOf(error)}`);
  }
  const active = signal ?? new AbortController().signal;
  let onAbort: (() => void) | undefined;
  try {
    // A script that ignores `signal` cannot be interrupted, but the action still settles on abort.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
      active.addEventListener('abort', onAbort, { once: true });
    });
    const result = await Promise.race([fn.call(win, active), aborted]);
    return succeed(`Ran the script. Result: ${formatResult(result)}`);
  } catch (error) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
    const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return fail(`The script threw ${name}`);
  } finally {
    if (onAbort) active.removeEventListener('abort', onAbort);
  }
}
