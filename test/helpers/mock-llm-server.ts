// The project's mock OpenAI-compatible server for tests: one implementation shared with the bench and
// `npm run eval`, defined in bench/lib/mock-llm-server.mjs.
export {
  agentStep,
  contentCompletion,
  startMockLLMServer,
  toolCallCompletion,
  type MockHandler,
  type MockLLMServer,
  type MockReply,
  type RecordedRequest,
} from '../../bench/lib/mock-llm-server.mjs';
