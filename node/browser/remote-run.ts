// The in-page half of remote control (`drop-in-page-agent mcp`): page actions asked for from outside
// the page run as the steps of one long task of the page's own agent, whose "model" is the remote
// client. So each remote action passes the agent's own approval gate (risky/all, the panel's
// approve/reject card with a note), shows as a step in the panel, and the panel's Stop ends it.
// Plain JavaScript text, appended to the bridge (page-bridge.ts); only the bundle's public API.

/** What the page needs to know about the remote side. */
export interface RemoteOptions {
  /** Who drives the page, e.g. "Claude Desktop" (shown in the panel). */
  client: string;
  /** The approval policy of remote actions (none: every action runs). */
  approval?: 'risky' | 'all';
}

/** The binding the page calls when the user stops remote control in the panel. */
export const REMOTE_STOP_BINDING = '__dropInPageAgentRemoteStop';

/** The binding the page calls when a remote action starts acting on the page (after any approval). */
export const REMOTE_ACTING_BINDING = '__dropInPageAgentRemoteActing';

/** The text the panel shows as the task of a remote session. */
export const remoteTaskText = (client: string) => `Controlled by ${client} via MCP`;

/** Steps of one remote run before it hands over to the next (its history is the model context it never uses). */
export const REMOTE_RUN_STEPS = 200;

/**
 * Agent options for the page's agent in remote mode (JavaScript source of an object literal's
 * entries, evaluated inside the bridge where `remoteFetch` is defined).
 */
export const REMOTE_AGENT_OPTIONS = `baseURL: 'http://remote-control.invalid/v1', model: 'remote', apiKey: 'none', maxRetries: 0, stepDelay: 0, maxSteps: ${REMOTE_RUN_STEPS}, customFetch: (url, init) => remoteFetch(init), approveAction: options.remote.approval || undefined,`;

/**
 * The remote runner (JavaScript source run inside the bridge, after `page()`, `controller()` and
 * `remoteHook(name)` are defined; `remoteHook('acting' | 'stop')` gives the function that tells the
 * Node side, returning a promise, or nothing). It defines `remoteFetch` (the scripted model) and
 * `remoteAct(method, args)`.
 */
export const REMOTE_RUN_SOURCE = `
  // The controller call an action tool makes → the built-in tool and its input (the tools' own names).
  const TOOLS = {
    clickElement: (index) => ['click_element_by_index', { index }],
    inputText: (index, text) => ['input_text', { index, text }],
    selectOption: (index, text) => ['select_dropdown_option', { index, text }],
    scroll: (o) => ['scroll', { down: o.down !== false, num_pages: o.numPages ?? 1, pixels: o.pixels, index: o.index }],
    scrollHorizontally: (o) => ['scroll_horizontally', { right: o.right !== false, pixels: o.pixels, index: o.index }],
    pressKey: (key, index) => ['press_key', { key, index }],
    hoverElement: (index) => ['hover_element', { index }],
    scrollToText: (text, nth) => ['scroll_to_text', { text, nth }],
  };
  const queue = [];
  let current = null;
  let wake = null;
  let served = 0;
  let seen = 0;
  let running = false;
  let patched = false;
  const completion = (action) => new Response(JSON.stringify({
    id: 'remote', object: 'chat.completion', model: 'remote',
    choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null,
      tool_calls: [{ id: 'remote-' + served, type: 'function', function: { name: 'AgentOutput', arguments: JSON.stringify({ action }) } }] } }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  }), { status: 200, headers: { 'content-type': 'application/json' } });
  // The scripted model: each call answers with the next queued remote action. The run's last step
  // (only done is offered then) ends the run; the next action starts a new one.
  const remoteFetch = async (init) => {
    if (!running) throw new Error('This page is controlled remotely; its agent has no model of its own.');
    if (++served >= ${REMOTE_RUN_STEPS}) return completion({ done: { text: 'The remote session goes on in a new run.', success: true } });
    while (!queue.length) {
      await new Promise((resolve, reject) => {
        wake = resolve;
        const signal = init && init.signal;
        if (signal) signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    current = queue.shift();
    current.started = true;
    return completion({ [current.name]: current.input });
  };
  const settle = (item, reply) => { if (item && !item.done) { item.done = true; item.resolve(reply); } };
  // Ends what is waiting when the run ends without having run it (a stop, an error).
  const abandon = (message, stopped) => {
    for (const item of [current, ...queue.splice(0)]) settle(item, { success: false, message, stopped, ran: !!(item && item.result) });
    current = null;
  };
  const watch = (agent) => {
    // The controller's action results (success and message) for the action being run.
    const target = agent.pageController;
    for (const method of Object.keys(TOOLS)) {
      const original = target[method];
      if (typeof original !== 'function') continue;
      target[method] = async function (...args) {
        // Told before acting, so a navigation that cuts the reply short shows whether the action began.
        const acting = remoteHook('acting');
        if (current && acting) acting().catch(() => {});
        const result = await original.apply(target, args);
        if (current) current.result = result;
        return result;
      };
    }
    // Indexes stay those of the page's last read for the remote side: a new run does not renumber.
    target.resetTaskState = () => {};
    // Loop detection guards the agent's own model; the remote client judges its own repeats (a
    // click on Save now and then), so each step of a remote run observes a page of its own.
    let observed = 0;
    target.getBrowserState = async () => {
      const state = await readPage();
      return { ...state, footer: state.footer + '\\n(remote step ' + ++observed + ')' };
    };
    // No questions to the user on the remote side's behalf.
    agent.onAskUser = undefined;
    agent.addEventListener('activity', (event) => {
      if (current && event.detail && event.detail.type === 'approval') current.asked = true;
    });
    agent.addEventListener('historychange', () => {
      const history = agent.history;
      for (; seen < history.length; seen++) {
        const event = history[seen];
        if (event.type !== 'step' || !current || event.action.name === 'done') continue;
        const item = current;
        current = null;
        const output = event.action.output;
        const result = item.result;
        const approval = item.asked ? (result ? 'approved' : 'denied') : undefined;
        settle(item, result ? { ...result, message: output || result.message, approval } : { success: false, message: output, approval, ran: false });
      }
    });
    agent.addEventListener('statuschange', () => {
      if (agent.status === 'running') return;
      running = false;
      if (agent.status === 'stopped') {
        // Stop wins: what was asked for and not done yet is cancelled, and the remote side is told.
        abandon('Stopped by the user in the page: the remote action was cancelled. Do not go on unless the user asks you to.', true);
        // Only the user's Stop is reported (a page going away disposes the agent first).
        const stop = remoteHook('stop');
        if (stop && !agent.disposed) stop().catch(() => {});
        return;
      }
      // The run ended by itself (its step budget, or an error): the action it held fails, queued ones go on in a new run.
      const result = agent.lastResult;
      if (current) settle(current, { success: false, message: 'The remote session ended: ' + ((result && result.data) || agent.status), ran: !!current.result });
      current = null;
      if (queue.length) start(agent);
    });
  };
  const start = (agent) => {
    if (running) return;
    if (agent.disposed) return abandon('The page agent was disposed; reload the page to control it again.', false);
    running = true;
    served = 0;
    seen = agent.history.length;
    agent.execute('Controlled by ' + options.remote.client + ' via MCP').catch((error) => {
      running = false;
      abandon('The remote session could not start: ' + (error && error.message), false);
    });
    seen = 0;
  };
  // Runs one action as the next step of the remote run; resolves with its result and the approval decision.
  const remoteAct = (method, args) => new Promise((resolve) => {
    const [name, input] = TOOLS[method](...args);
    queue.push({ name, input, resolve });
    if (!running) remoteStart();
    else if (wake) { const go = wake; wake = null; go(); }
  });
  // The page as read for the remote side (page_read), without the remote run's step mark.
  let readPage = () => controller().getBrowserState();
  const remoteStart = () => {
    const agent = page();
    if (!patched) {
      patched = true;
      const target = agent.pageController;
      const original = target.getBrowserState;
      readPage = () => original.call(target);
      watch(agent);
    }
    if (!running) start(agent);
  };
`;

/**
 * In-page source defining \`quiet()\`: resolves once the DOM has been quiet for 100 ms, after 1 s at
 * most. Needs \`setTimer\`, \`clearTimer\` and \`Observer\` (the page's own, captured) in scope. Shared by
 * the launched-browser bridge (page-bridge.ts) and the paired tab's script (mcp/pair/pair-script.ts).
 */
export const QUIET_SOURCE = `const quiet = () => new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimer(quietTimer); clearTimer(maxTimer); resolve(); };
    const observer = new Observer(() => { clearTimer(quietTimer); quietTimer = setTimer(done, 100); });
    let quietTimer = setTimer(done, 100);
    const maxTimer = setTimer(done, 1000);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });`;
