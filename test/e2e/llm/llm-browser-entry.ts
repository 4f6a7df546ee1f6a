// Browser bundle entry for the LLM client's e2e test: the client's public index plus the zod it
// shares, so tool schemas built in the page come from the same zod instance.
export * from '../../../src/llm/index.js';
export { z } from 'zod';
