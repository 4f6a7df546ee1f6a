// llms.txt: fetched once per origin, capped, never an HTML fallback, quiet on failure, abortable.
import { describe, expect, it, vi } from 'vitest';
import { capLlmsTxt, LlmsTxtLoader } from '../../../src/prompt/index.js';

const text = (body: string, init: ResponseInit = {}) => new Response(body, { status: 200, headers: { 'content-type': 'text/plain' }, ...init });

describe('LlmsTxtLoader', () => {
  it('fetches once per origin and caches misses too', async () => {
    const fetch = vi.fn(async (url: string) => (url.startsWith('https://a.test') ? text('# A') : new Response('nope', { status: 404 })));
    const loader = new LlmsTxtLoader({ fetch: fetch as any });
    expect(await loader.load('https://a.test/page/1')).toBe('# A');
    expect(await loader.load('https://a.test/page/2')).toBe('# A');
    expect(await loader.load('https://b.test/')).toBeNull();
    expect(await loader.load('https://b.test/x')).toBeNull();
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(['https://a.test/llms.txt', 'https://b.test/llms.txt']);
  });

  it('caps the text', async () => {
    const loader = new LlmsTxtLoader({ fetch: (async () => text('x'.repeat(5000))) as any, maxChars: 100 });
    const result = await loader.load('https://a.test/');
    expect(result).toBe(`${'x'.repeat(100)}\n…(truncated)`);
    expect(capLlmsTxt('  short  ', 10)).toBe('short');
  });

  it('rejects an HTML page served in its place (SPA fallback)', async () => {
    const byType = new LlmsTxtLoader({ fetch: (async () => text('<p>app</p>', { headers: { 'content-type': 'text/html' } })) as any });
    expect(await byType.load('https://a.test/')).toBeNull();
    const bySniff = new LlmsTxtLoader({ fetch: (async () => text('<!DOCTYPE html><html></html>')) as any });
    expect(await bySniff.load('https://a.test/')).toBeNull();
  });

  it('gives up quietly after the timeout and on network errors', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    expect(await new LlmsTxtLoader({ fetch: hang as any, timeoutMs: 10 }).load('https://a.test/')).toBeNull();
    expect(await new LlmsTxtLoader({ fetch: (async () => Promise.reject(new TypeError('offline'))) as any }).load('https://a.test/')).toBeNull();
  });

  it('skips pages that are not http(s)', async () => {
    const fetch = vi.fn();
    const loader = new LlmsTxtLoader({ fetch: fetch as any });
    expect(await loader.load('about:blank')).toBeNull();
    expect(await loader.load('file:///tmp/x.html')).toBeNull();
    expect(await loader.load('not a url')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rethrows the run's abort and tries again next time", async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    const fetch = vi.fn(hang).mockImplementationOnce(hang).mockImplementationOnce(async () => text('# again'));
    const loader = new LlmsTxtLoader({ fetch: fetch as any });
    const controller = new AbortController();
    const pending = loader.load('https://a.test/', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await loader.load('https://a.test/')).toBe('# again');
  });
});
