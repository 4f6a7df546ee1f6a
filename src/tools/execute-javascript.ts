// The opt-in execute_javascript tool. Offered only with `experimentalScriptExecutionTool`; when the
// page's Content Security Policy forbids eval, the model and the user get a message that says so.
import { EVAL_BLOCKED_MESSAGE } from '../dom/index.js';
import * as s from '../schema/index.js';
import { resultText, unsupported, type PageAgentTool, type ToolHost } from './tool.js';

/** What the model (and the user, in the step list) reads when CSP blocks script evaluation: the page controller's own words. */
export const CSP_BLOCKED_MESSAGE = EVAL_BLOCKED_MESSAGE;

/** True when a failure message says the page's CSP (or Trusted Types) blocked evaluation (not the script's own throw). */
export function isCspBlocked(message: string): boolean {
  return !/^The script threw/.test(message) && (/unsafe-eval|content security policy|trusted ?types?/i.test(message) || /\bEvalError\b|TrustedScript/.test(message));
}

/** Runs model-written JavaScript in the page; only offered when the user opted in. */
export const executeJavascriptTool: PageAgentTool<{ script: string }> = {
  description:
    'Run JavaScript in the page (top-level await allowed; an AbortSignal named signal is in scope and long work must honour it). Returns what the script returns.',
  inputSchema: s.object({ script: s.string() }),
  async execute(this: ToolHost, input, { signal }) {
    const controller = this.pageController;
    if (!controller.executeJavascript) return unsupported('execute_javascript');
    const result = await controller.executeJavascript(input.script, signal);
    signal.throwIfAborted();
    if (!result.success && isCspBlocked(result.message)) {
      // Our controller already explains it (with the Trusted Types fix); other controllers may pass the raw error.
      const message = /cannot run/.test(result.message) ? result.message : CSP_BLOCKED_MESSAGE;
      console.warn(`[page-agent] ${message}`);
      return message;
    }
    return resultText(result);
  },
};
