// The final answer of a research task names its sources: URLs the answer came from that it does not
// already mention are listed after it.

/** `answer` followed by a "Sources:" list of the `urls` it does not mention yet. */
export function withSources(answer: string, urls: readonly string[]): string {
  const missing = urls.filter((url) => !answer.includes(url));
  if (missing.length === 0) return answer;
  return `${answer.trimEnd()}\n\nSources:\n${missing.map((url) => `- ${url}`).join('\n')}`;
}
