// Built-in tools call the controller with page-agent's argument names mapped to its methods, and say
// so plainly when a controller lacks one of our optional methods.
import { describe, expect, it } from 'vitest';
import { createToolRegistry, type AgentPageController } from '../../../src/tools/index.js';
import { FakeController } from '../../fixtures/agent/fake-controller.js';

const tools = createToolRegistry({ experimentalScriptExecutionTool: true });

async function run(name: string, input: unknown, controller: AgentPageController = new FakeController()) {
  const tool = tools.get(name)!;
  const result = (tool.inputSchema as any).safeParse(input);
  if (!result.success) throw new Error(`invalid input for ${name}: ${JSON.stringify(result.error.issues)}`);
  const parsed = result.data;
  const signal = new AbortController().signal;
  const output = await tool.execute.call({ pageController: controller }, parsed, { signal });
  return { output, parsed, controller: controller as FakeController };
}

describe('page tools', () => {
  it('click_element_by_index clicks and returns the controller message', async () => {
    const { output, controller } = await run('click_element_by_index', { index: 3 });
    expect(controller.calls).toEqual([{ method: 'clickElement', args: [3] }]);
    expect(output).toBe('clickElement(3) ok');
  });

  it('input_text types with page-agent arguments; a key_by_key from an older prompt is dropped', async () => {
    const plain = await run('input_text', { index: 1, text: 'hello' });
    expect(plain.controller.calls[0]).toMatchObject({ method: 'inputText', args: [1, 'hello', {}] });
    expect(plain.controller.calls[0]!.args[2]).not.toHaveProperty('keyByKey');
    const old = await run('input_text', { index: 1, text: 'hello', key_by_key: true });
    expect(old.parsed).toEqual({ index: 1, text: 'hello' });
  });

  it('scroll maps num_pages to numPages with defaults down and one page', async () => {
    const { controller, parsed } = await run('scroll', {});
    expect(parsed).toEqual({ down: true, num_pages: 1 });
    expect(controller.calls[0]).toEqual({ method: 'scroll', args: [{ down: true, numPages: 1, pixels: undefined, index: undefined, signal: expect.any(AbortSignal) }] });
    const inContainer = await run('scroll', { down: false, num_pages: 0.5, index: 9 });
    expect(inContainer.controller.calls[0]!.args[0]).toMatchObject({ down: false, numPages: 0.5, index: 9 });
  });

  it('scroll_horizontally, select_dropdown_option, press_key and hover_element reach their methods', async () => {
    expect((await run('scroll_horizontally', { pixels: 200 })).controller.calls[0]).toEqual({ method: 'scrollHorizontally', args: [{ right: true, pixels: 200, signal: expect.any(AbortSignal) }] });
    expect((await run('select_dropdown_option', { index: 2, text: 'Red' })).controller.calls[0]).toEqual({ method: 'selectOption', args: [2, 'Red'] });
    expect((await run('press_key', { key: 'Enter', index: 4 })).controller.calls[0]).toEqual({ method: 'pressKey', args: ['Enter', 4] });
    expect((await run('hover_element', { index: 5 })).controller.calls[0]).toEqual({ method: 'hoverElement', args: [5] });
    expect((await run('scroll_to_text', { text: 'Card 4987', nth: 2 })).controller.calls[0]).toEqual({ method: 'scrollToText', args: ['Card 4987', 2] });
    expect((await run('scroll_to_text', { text: 'Card 4987' })).controller.calls[0]).toEqual({ method: 'scrollToText', args: ['Card 4987', undefined] });
  });

  it('rejects bad arguments through the schema', () => {
    expect((tools.get('click_element_by_index')!.inputSchema as any).safeParse({ index: 1.5 }).success).toBe(false);
    expect((tools.get('wait')!.inputSchema as any).safeParse({ seconds: 60 }).success).toBe(false);
    expect((tools.get('press_key')!.inputSchema as any).safeParse({ index: 1 }).success).toBe(false);
  });

  it('reports press_key, hover_element and scroll_to_text as unsupported on a page-agent 1.x controller', async () => {
    const old = new FakeController() as Partial<FakeController>;
    Object.defineProperty(old, 'pressKey', { value: undefined });
    Object.defineProperty(old, 'hoverElement', { value: undefined });
    Object.defineProperty(old, 'scrollToText', { value: undefined });
    expect((await run('scroll_to_text', { text: 'x' }, old as AgentPageController)).output).toMatch(/scroll_to_text is not supported/);
    expect((await run('press_key', { key: 'Enter' }, old as AgentPageController)).output).toMatch(/press_key is not supported by this page controller/);
    expect((await run('hover_element', { index: 1 }, old as AgentPageController)).output).toMatch(/hover_element is not supported/);
  });

  it('falls back to a plain sentence when the controller gives no message', async () => {
    const controller = new FakeController();
    controller.onAction = () => ({ success: false, message: '' });
    expect((await run('click_element_by_index', { index: 1 }, controller)).output).toBe('The action failed.');
  });

  it('done returns a completion note and defaults success to true', async () => {
    const { output, parsed } = await run('done', { text: 'ok' });
    expect(parsed).toEqual({ text: 'ok', success: true });
    expect(output).toBe('Task completed');
  });

  it('execute_javascript passes the script and turns a CSP refusal into a clear message', async () => {
    const controller = new FakeController();
    const ok = await run('execute_javascript', { script: 'return 1' }, controller);
    expect(ok.output).toBe('executeJavascript(return 1) ok');
    controller.onAction = () => ({ success: false, message: 'Trusted Type expected, but TrustedScript was required' });
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect((await run('execute_javascript', { script: 'x' }, controller)).output).toMatch(/Content Security Policy forbids/);
    } finally {
      console.warn = warn;
    }
  });
});

describe('execute_javascript failures', () => {
  const quiet = <T>(run: () => Promise<T>) => {
    const warn = console.warn;
    console.warn = () => {};
    return run().finally(() => (console.warn = warn));
  };

  it("keeps a controller's own CSP explanation and a script's own EvalError", async () => {
    const controller = new FakeController();
    const explained = "The page's Content Security Policy forbids evaluating scripts ('unsafe-eval' is not allowed), so execute_javascript cannot run here.";
    controller.onAction = () => ({ success: false, message: explained });
    expect((await quiet(() => run('execute_javascript', { script: 'x' }, controller))).output).toBe(explained);
    controller.onAction = () => ({ success: false, message: 'The script threw EvalError: unsafe-eval blocked inside it' });
    expect((await run('execute_javascript', { script: 'x' }, controller)).output).toBe('The script threw EvalError: unsafe-eval blocked inside it');
  });
});
