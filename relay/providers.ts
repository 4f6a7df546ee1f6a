// Known OpenAI-compatible upstreams and the help text that shows how to point the relay at them.
// Used by the CLI banner, the "not configured" error body and the docs; knows nothing of HTTP.

/** One upstream example: the three variables to set and a note. */
export interface ProviderExample {
  name: string;
  baseURL: string;
  model: string;
  /** Whether the upstream needs LLM_API_KEY. */
  needsKey: boolean;
  note?: string;
}

/** Upstreams users ask for most, with a model that calls tools reliably. */
export const PROVIDER_EXAMPLES: readonly ProviderExample[] = [
  { name: 'OpenAI', baseURL: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', needsKey: true },
  { name: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', model: 'deepseek-chat', needsKey: true },
  {
    name: 'Qwen (DashScope)',
    baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    needsKey: true,
    note: 'outside mainland China use https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
  },
  { name: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4.1-mini', needsKey: true },
  {
    name: 'Ollama',
    baseURL: 'http://localhost:11434/v1',
    model: 'qwen2.5:7b',
    needsKey: false,
    note: 'no key; through the relay Ollama needs no OLLAMA_ORIGINS, a page calling it directly does',
  },
  {
    name: 'LM Studio',
    baseURL: 'http://localhost:1234/v1',
    model: 'qwen2.5-7b-instruct',
    needsKey: false,
    note: 'no key; start the server in the Developer tab; use the model id it lists',
  },
];

/** Multi-line help: how to configure the upstream, one block per provider. */
export function describeProviders(indent = '  '): string {
  const lines = [
    `${indent}Set LLM_BASE_URL, LLM_MODEL and (for hosted APIs) LLM_API_KEY in the environment or in .env, e.g.:`,
  ];
  for (const p of PROVIDER_EXAMPLES) {
    const key = p.needsKey ? ' LLM_API_KEY=<your key>' : '';
    lines.push(`${indent}  ${p.name.padEnd(17)} LLM_BASE_URL=${p.baseURL} LLM_MODEL=${p.model}${key}`);
    if (p.note) lines.push(`${indent}  ${''.padEnd(17)} (${p.note})`);
  }
  return lines.join('\n');
}
