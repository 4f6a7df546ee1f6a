// execute_javascript: expressions and bodies, result formatting, errors as values, abort passes through.
import { describe, expect, it } from 'vitest';
import type { DomContext } from '../../../../src/dom/context.js';
import { ElementRegistry } from '../../../../src/dom/element-registry.js';
import { Overlay } from '../../../../src/dom/overlay/overlay.js';
import { executeJavascript, formatResult } from '../../../../src/dom/actions/execute-javascript.js';

const ctx: DomContext = { config: {}, registry: new ElementRegistry(), overlay: new Overlay(window), window };

describe('executeJavascript', () => {
  it('returns the value of a bare expression', async () => {
    document.title = 'Shop';
    expect(await executeJavascript(ctx, 'document.title')).toEqual({ success: true, message: 'Ran the script. Result: Shop' });
  });

  it('runs a function body with await and returns its value', async () => {
    const result = await executeJavascript(ctx, 'const a = await Promise.resolve(20);\nreturn { total: a + 22 };');
    expect(result).toEqual({ success: true, message: 'Ran the script. Result: {"total":42}' });
  });

  it('says when the script returned nothing', async () => {
    expect((await executeJavascript(ctx, 'let x = 1;')).message).toContain('the script returned nothing');
  });

  it('gives `signal` to the script', async () => {
    expect((await executeJavascript(ctx, 'return signal instanceof AbortSignal')).message).toBe('Ran the script. Result: true');
  });

  it('reports thrown errors and syntax errors as failures', async () => {
    expect(await executeJavascript(ctx, 'throw new TypeError("nope")')).toEqual({ success: false, message: 'The script threw TypeError: nope' });
    const syntax = await executeJavascript(ctx, 'return (;');
    expect(syntax.success).toBe(false);
    expect(syntax.message).toContain('syntax error');
  });

  it('passes an abort through as an AbortError', async () => {
    const controller = new AbortController();
    const running = executeJavascript(ctx, 'await new Promise(() => {})', controller.signal);
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(executeJavascript(ctx, '1', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('formatResult', () => {
  it('describes elements and lists of elements', () => {
    const button = document.createElement('button');
    button.id = 'go';
    button.textContent = 'Go';
    document.body.append(button);
    expect(formatResult(button)).toBe('<button id=go>Go');
    expect(formatResult(document.querySelectorAll('button'))).toMatch(/^\d+ elements: <button id=go>Go/);
  });

  it('survives cycles, bigints and functions, and clips long output', () => {
    const cyclic: Record<string, unknown> = { n: 1n, f: function named() {} };
    cyclic.self = cyclic;
    expect(formatResult(cyclic)).toBe('{"n":"1n","f":"[function named]","self":"[circular]"}');
    const long = formatResult('x'.repeat(5000));
    expect(long).toHaveLength(4000 + '… (1000 more characters cut)'.length);
  });
});
