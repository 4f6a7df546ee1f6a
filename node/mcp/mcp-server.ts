// The MCP server of `drop-in-page-agent mcp`: tools/list from the generated catalog, tools/call run
// one at a time against the browser host (opened at the first call, or when the client has
// initialized). Every failure is a tool result that says what went wrong; nothing throws past it.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ActionResult, PageAgentCore } from 'drop-in-page-agent';
import { NodeRunError } from '../errors.js';
import type { McpHost } from './mcp-host.js';
import { runPageTask, type TaskProgress } from './page-task.js';
import { loadMcpSdk } from './sdk.js';
import { ACTION_TOOLS, checkToolInput, mcpToolCatalog, type ActionToolName, type McpToolDefinition } from './tool-definitions.js';

/** What the server needs: how to open the browser (once), and whether page_task is offered. */
export interface McpServerOptions {
  /** Opens the browser host for the named client; called once, at the first need. */
  openHost(client: string): Promise<McpHost>;
  /** A model is configured on the server's side (page_task is offered). */
  withTask: boolean;
  /** The package version, told to clients. */
  version: string;
  /** Told of server-side events (the browser opened, a stop), for the terminal. */
  log?(line: string): void;
}

/** What an action's structured result holds. */
const ACTION_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    approval: { type: 'string', enum: ['approved', 'denied'], description: 'Set when the user was asked: their decision.' },
  },
  required: ['success', 'message'],
} as const;

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) });

/** The page text as the agent reads it. */
function pageListing(state: { header: string; content: string; footer: string }): string {
  return [state.header, state.content, state.footer].filter(Boolean).join('\n\n');
}

/** A client name for the panel: its title or name, kept short and plain. */
export function clientLabel(info: { name?: string; title?: string } | undefined): string {
  const raw = (info?.title || info?.name || 'an MCP client').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return raw.length > 60 ? `${raw.slice(0, 59)}…` : raw || 'an MCP client';
}

/** Creates the MCP server (not yet connected to a transport); `close()` stops its task and the server, not the browser (the caller's). */
export async function createMcpServer(options: McpServerOptions): Promise<{ server: Server; close(): Promise<void> }> {
  const { Server, CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = await loadMcpSdk();
  const server = new Server({ name: 'drop-in-page-agent', version: options.version }, { capabilities: { tools: {} } });
  let host: Promise<McpHost> | undefined;
  let running: PageAgentCore | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let catalog: McpToolDefinition[] | undefined;

  const openHost = () => {
    host ??= options.openHost(clientLabel(server.getClientVersion())).then((opened) => {
      opened.onUserStop = () => {
        options.log?.('The user pressed Stop in the page.');
        void running?.stop('Stopped by the user in the page.');
      };
      return opened;
    });
    // A browser that did not start is tried again at the next call.
    host.catch(() => (host = undefined));
    return host;
  };
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  server.oninitialized = () => {
    // The browser opens as soon as a client is there, so the user sees it before the first call.
    openHost().catch((error: unknown) => options.log?.(`The browser did not start: ${(error as Error).message}`));
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (!catalog) {
      const opened = await openHost().catch((error: unknown) => {
        throw new McpError(ErrorCode.InternalError, `The browser did not start: ${(error as Error).message}`);
      });
      catalog = mcpToolCatalog(opened.tools, { withTask: options.withTask, browserTools: opened.browserTools }).map((tool) => (tool.name in ACTION_TOOLS && tool.name !== 'navigate' ? { ...tool, outputSchema: ACTION_OUTPUT_SCHEMA } : tool));
    }
    return { tools: catalog };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: input } = request.params;
    const known = name === 'page_read' || name === 'tabs' || name in ACTION_TOOLS || (name === 'page_task' && options.withTask);
    if (!known) {
      const hint = name === 'page_task' ? ' page_task needs a model on the server side (LLM_BASE_URL and LLM_MODEL).' : '';
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}".${hint}`);
    }
    let opened: McpHost;
    try {
      opened = await openHost();
    } catch (error) {
      return text(`The browser is not available: ${(error as Error).message}`, true);
    }
    if (!opened.browserTools && (name === 'navigate' || name === 'tabs')) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}". A paired tab is driven in place: the user opens pages and tabs.`);
    }
    return serial(async () => {
      try {
        const result = await callTool(opened, name, input ?? {}, extra.signal, (progress) => {
          const token = request.params._meta?.progressToken;
          if (token === undefined) return;
          void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...progress } }).catch(() => undefined);
        }, (agent) => (running = agent));
        const notes = opened.takeNotes();
        if (notes.length && result.content[0]?.type === 'text') result.content[0].text += `\n\n${notes.join('\n')}`;
        return result;
      } catch (error) {
        if (error instanceof NodeRunError) return text(error.message, true);
        return text(`${name} failed: ${String((error as Error).message ?? error).split('\n')[0]}`, true);
      } finally {
        running = undefined;
      }
    });
  });

  return {
    server,
    async close() {
      await running?.stop('The MCP server is shutting down.').catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}

/** The controller call of a page action. */
function runAction(host: McpHost, name: Exclude<ActionToolName, 'navigate'>, input: Record<string, any>): Promise<ActionResult & { approval?: string }> {
  const controller = host.controller;
  switch (name) {
    case 'click':
      return controller.clickElement(input.index);
    case 'type':
      return controller.inputText(input.index, input.text);
    case 'select':
      return controller.selectOption(input.index, input.text);
    case 'scroll':
      return controller.scroll({ down: input.down, numPages: input.num_pages, pixels: input.pixels, index: input.index });
    case 'scroll_to_text':
      return controller.scrollToText(input.text, input.nth);
    case 'press_key':
      return controller.pressKey(input.key, input.index);
    case 'hover':
      return controller.hoverElement(input.index);
  }
}

async function callTool(
  host: McpHost,
  name: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
  progress: (progress: TaskProgress) => void,
  onAgent: (agent: PageAgentCore) => void,
): Promise<CallToolResult> {
  if (name === 'page_read') return text(pageListing(await host.controller.getBrowserState()));
  if (name === 'tabs') return tabsCall(host, input, signal);
  if (name === 'page_task') return runPageTask(host, input, signal, progress, onAgent);
  const source = ACTION_TOOLS[name as ActionToolName];
  const tool = host.tools.get(source)!;
  const checked = checkToolInput(tool, input);
  if ('error' in checked) return text(`${name}: ${checked.error}`, true);
  if (name === 'navigate') return text(await tool.execute.call({ pageController: host.controller }, checked.value, { signal }));
  const tab = host.tabs.current;
  const started = host.actionsStarted;
  const result = await runAction(host, name as Exclude<ActionToolName, 'navigate'>, checked.value);
  if (tab.isClosed()) {
    const ran = host.actionsStarted > started ? 'it may not have completed' : 'it was not run';
    return text(`The tab closed during ${name}; ${ran}. Call tabs to see where you are, then page_read.`, true);
  }
  // The document went away while the action waited (for approval, say): it never began, so it is not done.
  if (result.success && /^Done; the page (?:navigated|loaded)/.test(result.message) && host.actionsStarted === started) {
    return text(`The page changed (now ${tab.url()}) before ${name} could run; it was not run. Call page_read and try again.`, true);
  }
  const structured = { success: !!result.success, message: String(result.message ?? ''), ...(result.approval ? { approval: result.approval } : {}) };
  return { content: [{ type: 'text', text: structured.message || (structured.success ? 'Done.' : 'The action failed.') }], structuredContent: structured, ...(structured.success ? {} : { isError: true }) };
}

/** The tabs tool: list, open, switch, close (through the agent's own tab tools). */
async function tabsCall(host: McpHost, input: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const action = input.action ?? 'list';
  const run = async (tool: string, args: Record<string, unknown>) => {
    const source = host.tools.get(tool)!;
    const checked = checkToolInput(source, args);
    if ('error' in checked) return text(`tabs ${String(action)}: ${checked.error}`, true);
    return text(await source.execute.call({ pageController: host.controller }, checked.value, { signal }));
  };
  if (action === 'open') return run('open_new_tab', { url: input.url });
  if (action === 'switch') return run('switch_tab', { tab: input.tab });
  if (action === 'close') return run('close_tab', input.tab === undefined ? {} : { tab: input.tab });
  if (action !== 'list') return text(`tabs: action must be list, open, switch or close, not ${JSON.stringify(action)}.`, true);
  const list = await host.tabs.list();
  return text(list.map((tab) => `${tab.current ? '*' : ' '}[tab ${tab.index}] ${tab.title || '(untitled)'} ${tab.url}`).join('\n') + '\n(* = current)');
}

