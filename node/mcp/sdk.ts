// The MCP SDK, loaded when `mcp` runs: importing it takes about a second, which `run`, `test` and
// the Node API (the same dist/node.mjs) must not pay. Type-only imports elsewhere are free.
let loading: ReturnType<typeof importSdk> | undefined;

async function importSdk() {
  const [server, types, stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return {
    Server: server.Server,
    CallToolRequestSchema: types.CallToolRequestSchema,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    StdioServerTransport: stdio.StdioServerTransport,
    StreamableHTTPServerTransport: http.StreamableHTTPServerTransport,
  };
}

/** The parts of the SDK the server uses (imported once). */
export type McpSdk = Awaited<ReturnType<typeof importSdk>>;

/** Loads the SDK (once). */
export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= importSdk();
  return loading;
}
