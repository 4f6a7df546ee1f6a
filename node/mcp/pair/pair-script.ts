// /pair.js of `mcp --pair`, for a tab that has our IIFE: connects over WebSocket, asks the user to
// accept in the panel (an approval card), then runs the server's calls as steps of a remote run
// (remote-run.ts). Plain JavaScript text using only the bundle's public API (window.PageAgent).
import { QUIET_SOURCE, REMOTE_RUN_SOURCE, REMOTE_RUN_STEPS } from '../../browser/remote-run.js';

/** The name of the pairing step the panel asks the user to allow. */
export const PAIR_TOOL = 'accept_pairing';

/** The global symbol that marks a tab as pairing or paired (a second snippet run does nothing). */
export const PAIR_KEY = 'drop-in-page-agent/pair';

/** The snippet the user runs in the tab (console, or `javascript:` bookmarklet): loads /pair.js with the code. */
export function pairSnippet(scriptUrl: string, code: string): string {
  const src = `${scriptUrl}?code=${code}`;
  return `document.head.appendChild(Object.assign(document.createElement('script'),{src:${JSON.stringify(src)}}))`;
}

/** The whole /pair.js for a server whose WebSocket endpoint is `socketUrl`. */
export function pairScript(socketUrl: string): string {
  return `(() => {
  const tag = document.currentScript;
  const code = tag && tag.src ? new URL(tag.src).searchParams.get('code') : null;
  const say = (message) => console.warn('[page-agent pairing] ' + message);
  if (window.top !== window) return say('pair the top page of the tab, not a frame.');
  const key = Symbol.for(${JSON.stringify(PAIR_KEY)});
  if (window[key]) return say('this tab is already paired (or pairing); reload it to pair again.');
  const PageAgentClass = window.PageAgent;
  const Socket = window.WebSocket;
  const setTimer = window.setTimeout.bind(window);
  const clearTimer = window.clearTimeout.bind(window);
  const Observer = window.MutationObserver;
  const options = { language: undefined, remote: { client: 'an MCP client', approval: undefined } };
  let agent = null;
  let secret = null;
  let ended = false;
  let ownPanelShown = false;
  // The approval policy of remote steps: the pairing step always asks; the others as the server says.
  const decide = (tool, input, context) => {
    if (tool === ${JSON.stringify(PAIR_TOOL)}) return 'ask';
    if (options.remote.approval === 'all') return 'ask';
    return options.remote.approval === 'risky' && context.reason ? 'ask' : true;
  };
  // A schema the bundle's tool machinery accepts (Standard Schema, zod-shaped def): an empty object.
  const anyObject = {
    _zod: { def: { type: 'object', shape: {} }, traits: new Set() },
    '~standard': { version: 1, vendor: 'drop-in-page-agent', validate: (value) => ({ value: value || {} }) },
  };
  const pairTool = {
    description: 'Pair this tab with the MCP server (the user compares the code with the terminal).',
    inputSchema: anyObject,
    execute: async () => {
      if (current) current.result = { success: true, message: 'The user accepted the pairing.' };
      return 'The user accepted the pairing.';
    },
  };
  const page = () => {
    if (agent) return agent;
    // No mask: the run lasts as long as the pairing, and the tab stays the user's to use meanwhile.
    agent = new PageAgentClass({
      baseURL: 'http://remote-control.invalid/v1', model: 'remote', apiKey: 'none', maxRetries: 0, stepDelay: 0, maxSteps: ${REMOTE_RUN_STEPS},
      customFetch: (url, init) => remoteFetch(init), approveAction: decide, customTools: { ${PAIR_TOOL}: pairTool },
      enableMask: false, language: options.language, promptForNextTask: false, rememberTasks: false,
    });
    // Closing the remote panel (its ✕) disposes the remote agent: that ends the pairing too.
    agent.addEventListener('dispose', () => {
      end('The remote panel was closed; the pairing ended.', { type: 'bye', reason: 'dispose' });
      restoreOwnPanel();
    }, { once: true });
    return agent;
  };
  const controller = () => page().pageController;
  const remoteHook = (name) => (secret && !ended ? () => Promise.resolve(send({ type: name })) : undefined);
  ${REMOTE_RUN_SOURCE}
  TOOLS.acceptPairing = (code, client) => [${JSON.stringify(PAIR_TOOL)}, { code, client }];
  ${QUIET_SOURCE}
  let socket = null;
  const send = (message) => {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(secret ? { ...message, secret } : message));
  };
  // Where the page is going when it leaves (the Navigation API), for the server's report.
  let destination = '';
  const nav = window.navigation;
  const onNavigate = (event) => { destination = event.destination ? event.destination.url : ''; };
  // Ends the pairing once: the run stops with the reason (shown in the panel), the socket closes.
  const end = (reason, goodbye) => {
    if (ended) return;
    if (goodbye) send(goodbye);
    ended = true;
    removeEventListener('pagehide', onPageHide, true);
    if (nav) nav.removeEventListener('navigate', onNavigate);
    if (socket && socket.readyState <= 1) socket.close(1000);
    say(reason);
    if (agent && !agent.disposed && agent.status === 'running') agent.stop(reason);
    else abandon(reason, false);
  };
  // The page's own panel, hidden while the remote one is up, comes back when the remote agent goes.
  const restoreOwnPanel = () => {
    const own = window.pageAgent;
    if (ownPanelShown && own && own !== agent && !own.disposed) own.panel.show();
    ownPanelShown = false;
  };
  // Leaving the page ends the pairing; disposing the agent first keeps the page's own agent from
  // carrying the remote task to the next page (its pagehide listener is removed with the agent).
  const onPageHide = () => {
    end('The page was left; the pairing ended.', { type: 'bye', reason: 'pagehide', destination });
    if (agent && !agent.disposed) agent.dispose();
  };
  const call = async (method, args) => {
    if (method === 'getBrowserState') { await quiet(); remoteStart(); return await readPage(); }
    if (method in TOOLS && method !== 'acceptPairing') return await remoteAct(method, args);
    throw new Error(method + ' is not available in a paired tab');
  };
  const onMessage = async (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type === 'refused') return end('The server refused the pairing: ' + message.message);
    if (message.type === 'confirm') {
      options.remote.client = String(message.client || options.remote.client);
      options.remote.approval = message.approval === 'all' || message.approval === 'risky' ? message.approval : undefined;
      options.language = message.language === 'zh-CN' ? 'zh-CN' : undefined;
      const own = window.pageAgent;
      if (own && own !== agent && own.panel && own.panel.wrapper && !own.panel.wrapper.hidden) { ownPanelShown = true; own.panel.hide(); }
      const answer = await remoteAct('acceptPairing', [code, options.remote.client]);
      if (ended) return;
      if (answer.success) return send({ type: 'accept' });
      end('The pairing was declined in the page.', { type: 'decline', message: answer.message });
      if (agent && !agent.disposed) agent.dispose();
      return;
    }
    if (message.type === 'paired') { secret = String(message.secret); return say('paired with ' + options.remote.client + '.'); }
    if (message.type === 'call' && secret) {
      try { send({ type: 'reply', id: message.id, value: await call(message.method, message.args || []) }); }
      catch (error) { send({ type: 'reply', id: message.id, error: String((error && error.message) || error) }); }
    }
  };
  if (typeof PageAgentClass !== 'function') return say('this page has no page-agent script (window.PageAgent); add it first.');
  if (!code) return say('no pairing code: run the snippet the terminal of drop-in-page-agent mcp --pair shows.');
  Object.defineProperty(window, key, { value: true, configurable: true });
  try {
    socket = new Socket(${JSON.stringify(socketUrl)});
  } catch (error) {
    delete window[key];
    return say('could not connect to the MCP server: ' + error.message);
  }
  addEventListener('pagehide', onPageHide, true);
  if (nav) nav.addEventListener('navigate', onNavigate);
  socket.addEventListener('open', () => send({ type: 'hello', code, origin: location.origin, url: location.href, title: document.title }));
  socket.addEventListener('message', onMessage);
  socket.addEventListener('close', (event) => {
    delete window[key];
    end(secret ? 'The MCP server closed the connection; the pairing ended and the page is yours again.' : 'The MCP server closed the connection' + (event.reason ? ': ' + event.reason : '; is drop-in-page-agent mcp --pair running?'));
  });
})();
`;
}
