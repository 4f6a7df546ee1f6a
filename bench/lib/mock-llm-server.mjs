// A real OpenAI-compatible HTTP server on loopback, scripted per test, per bench run or per eval task
// (its handler plays the model). It runs on its own port, so pages served by the static server call
// it cross-origin and CORS preflight is exercised. Types in mock-llm-server.d.mts.
import { createServer } from 'node:http';

/** A chat completion body carrying one function call. */
export function toolCallCompletion(name, args, usage = {}) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'mock-model',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${Math.random().toString(36).slice(2)}`,
              type: 'function',
              function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
            },
          ],
        },
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120, ...usage },
  };
}

/** A chat completion body with plain assistant content and no tool call. */
export function contentCompletion(content, usage = {}) {
  return {
    id: 'chatcmpl-content',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'mock-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120, ...usage },
  };
}

/** Shorthand for an AgentOutput reply: `agentStep({ click_element_by_index: { index: 3 } }, 'click submit')`. */
export function agentStep(action, nextGoal = 'next', extra = {}) {
  return {
    toolCall: {
      name: 'AgentOutput',
      args: { evaluation_previous_goal: 'ok', memory: '', next_goal: nextGoal, ...extra, action },
    },
  };
}

function corsHeaders(origin) {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type, x-requested-with, *',
    'access-control-max-age': '0',
    vary: 'Origin',
  };
}

function errorBody(message, type, code) {
  return JSON.stringify({ error: { message, type, code: code ?? type } });
}

/**
 * Streams a tool-call completion as a provider does when asked `stream: true`: the arguments in
 * pieces of `reply.chunkChars` (default 24) characters, `reply.gapMs` apart, then a chunk with the
 * finish reason and usage, then [DONE]. `reply.cutAfter` ends the stream after that many pieces in
 * the middle of an event (the connection is destroyed).
 */
async function streamToolCall(res, reply, cors) {
  const completion = toolCallCompletion(reply.toolCall.name ?? 'AgentOutput', reply.toolCall.args, reply.usage);
  const call = completion.choices[0].message.tool_calls[0];
  const base = { id: completion.id, object: 'chat.completion.chunk', created: completion.created, model: completion.model };
  const event = (delta, extra = {}) => `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null, ...extra }] })}\n\n`;
  res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(event({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
  const args = call.function.arguments;
  const size = reply.chunkChars ?? 24;
  for (let at = 0, n = 0; at < args.length; at += size, n++) {
    if (reply.gapMs) await new Promise((done) => setTimeout(done, reply.gapMs));
    const piece = event({ tool_calls: [{ index: 0, function: { arguments: args.slice(at, at + size) } }] });
    if (n === reply.cutAfter) {
      res.write(piece.slice(0, piece.length >> 1));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.write(piece);
  }
  res.write(event({}, { finish_reason: 'tool_calls' }));
  res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: completion.usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Writes one scripted reply; a tool call is streamed when the request asked for a stream (and the reply does not say `stream: false`). */
function send(res, reply, cors, hanging, streamed) {
  const json = (status, body, headers = {}) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json', ...headers });
    res.end(body);
  };
  if ('toolCall' in reply && streamed && reply.stream !== false) return void streamToolCall(res, reply, cors);
  if ('toolCall' in reply) return json(200, JSON.stringify(toolCallCompletion(reply.toolCall.name ?? 'AgentOutput', reply.toolCall.args, reply.usage)));
  if ('toolCalls' in reply) {
    const first = toolCallCompletion(reply.toolCalls[0].name, reply.toolCalls[0].args);
    first.choices[0].message.tool_calls = reply.toolCalls.map((call) => toolCallCompletion(call.name, call.args).choices[0].message.tool_calls[0]);
    return json(200, JSON.stringify(first));
  }
  if ('content' in reply) return json(200, JSON.stringify(contentCompletion(reply.content, reply.usage)));
  if ('json' in reply) return json(reply.status ?? 200, JSON.stringify(reply.json), reply.headers);
  if ('text' in reply) {
    res.writeHead(reply.status ?? 200, { ...cors, 'content-type': reply.type ?? 'text/plain', ...reply.headers });
    res.end(reply.text);
    return;
  }
  if ('sse' in reply) {
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of reply.sse) res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
    res.end('data: [DONE]\n\n');
    return;
  }
  switch (reply.fault) {
    case 'rate_limit':
      return json(429, errorBody('Rate limit reached for requests', 'rate_limit_exceeded'), { 'retry-after': String(reply.retryAfter ?? 1) });
    case 'server':
      return json(reply.status ?? 500, errorBody('The server had an error while processing your request', 'server_error'));
    case 'auth':
      return json(reply.status ?? 401, errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
    case 'context_length':
      return json(
        400,
        errorBody("This model's maximum context length is 8192 tokens. However, your messages resulted in 12000 tokens.", 'invalid_request_error', 'context_length_exceeded'),
      );
    case 'content_filter':
      return json(400, errorBody('The response was filtered due to the prompt triggering content management policy.', 'invalid_request_error', 'content_filter'));
    case 'non_json':
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end('this is not json {');
      return;
    case 'html':
      res.writeHead(502, { ...cors, 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
      return;
    case 'hang':
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    case 'drop':
      res.writeHead(200, { ...cors, 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"id":"chatcmpl-drop","choices":[{"index":0,');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
  }
}

/** Starts the mock server on 127.0.0.1 with an ephemeral port. */
export async function startMockLLMServer() {
  const queue = [];
  let handler;
  const requests = [];
  const preflights = [];
  const probes = [];
  const sockets = new Set();
  const hanging = new Set();

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const record = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, rawBody, body };
      const cors = corsHeaders(req.headers.origin);
      if (record.method === 'OPTIONS') {
        preflights.push(record);
        res.writeHead(204, cors).end();
        return;
      }
      // A body without messages (the panel's setup check sends {}) is refused as a provider would,
      // kept apart in `probes`, and takes no scripted reply.
      if (body && typeof body === 'object' && !('messages' in body)) {
        probes.push(record);
        res.writeHead(400, { ...cors, 'content-type': 'application/json' });
        res.end(errorBody("'messages' is a required property", 'invalid_request_error'));
        return;
      }
      requests.push(record);
      const index = requests.length - 1;
      let reply;
      try {
        reply = queue.shift() ?? (handler ? await handler(record, index) : { json: undefined });
      } catch (error) {
        res.writeHead(500, { ...cors, 'content-type': 'application/json' });
        res.end(errorBody(`mock LLM handler threw: ${String(error)}`, 'mock_error'));
        return;
      }
      if ('json' in reply && reply.json === undefined && !('status' in reply)) {
        res.writeHead(500, { ...cors, 'content-type': 'application/json' });
        res.end(errorBody(`mock LLM: no scripted reply for request #${index + 1}`, 'mock_error'));
        return;
      }
      if (reply.delayMs) await new Promise((done) => setTimeout(done, reply.delayMs));
      send(res, reply, cors, hanging, body?.stream === true);
    });
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    baseURL: `${origin}/v1`,
    requests,
    preflights,
    probes,
    enqueue: (...replies) => void queue.push(...replies),
    setHandler: (h) => void (handler = h),
    reset() {
      queue.length = 0;
      handler = undefined;
      requests.length = 0;
      preflights.length = 0;
      probes.length = 0;
    },
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
