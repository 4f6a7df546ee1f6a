// input_text on ARIA sliders and spinbuttons without a native input: the value is reached by keys
// (Home/End for a bound, arrows otherwise) and read back from aria-valuenow; the focus click and a
// library's real widget are tested in Chromium (test/e2e/actions/input-text.test.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import type { DomContext } from '../../../../src/dom/context.js';
import { ElementRegistry } from '../../../../src/dom/element-registry.js';
import { Overlay } from '../../../../src/dom/overlay/overlay.js';
import { inputText } from '../../../../src/dom/actions/input-text.js';

let ctx: DomContext;
let keys: string[];

/** A focused keyboard slider of the ARIA Authoring Practices pattern, registered as [0]. */
function slider(attributes: Record<string, string>, step = 1, role = 'slider'): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('role', role);
  el.tabIndex = 0;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.addEventListener('keyup', (event) => keys.push(`up:${event.key}`));
  el.addEventListener('keydown', (event) => {
    keys.push(`down:${event.key}`);
    const now = +el.getAttribute('aria-valuenow')!;
    const min = +(el.getAttribute('aria-valuemin') ?? -Infinity);
    const max = +(el.getAttribute('aria-valuemax') ?? Infinity);
    const next = { Home: min, End: max, ArrowUp: now + step, ArrowDown: now - step }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    el.setAttribute('aria-valuenow', String(Math.min(max, Math.max(min, next))));
  });
  document.body.replaceChildren(el);
  ctx = { ...ctx, registry: new ElementRegistry() };
  ctx.registry.beginObservation();
  ctx.registry.register(el, `[0]<div role=${role} />`);
  ctx.registry.endObservation();
  el.focus();
  return el;
}

const downs = () => keys.filter((key) => key.startsWith('down:'));

beforeEach(() => {
  document.body.replaceChildren();
  keys = [];
  ctx = { config: {}, registry: new ElementRegistry(), overlay: new Overlay(window), window };
});

describe('inputText on an ARIA slider', () => {
  it('presses ArrowUp or ArrowDown once per step, keydown then keyup, until aria-valuenow is the number', async () => {
    const el = slider({ 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '16' });
    expect(await inputText(ctx, 0, '20')).toEqual({ success: true, message: 'Set [0]<div role=slider /> to 20.' });
    expect(el.getAttribute('aria-valuenow')).toBe('20');
    expect(keys).toEqual(['down:ArrowUp', 'up:ArrowUp', 'down:ArrowUp', 'up:ArrowUp', 'down:ArrowUp', 'up:ArrowUp', 'down:ArrowUp', 'up:ArrowUp']);
    keys = [];
    expect((await inputText(ctx, 0, ' 18,0 ')).success).toBe(true);
    expect(downs()).toEqual(['down:ArrowDown', 'down:ArrowDown']);
  });

  it('presses Home or End when the number is a bound', async () => {
    const el = slider({ 'aria-valuemin': '-5', 'aria-valuemax': '5', 'aria-valuenow': '0' });
    expect((await inputText(ctx, 0, '5')).success).toBe(true);
    expect((await inputText(ctx, 0, '-5')).success).toBe(true);
    expect(el.getAttribute('aria-valuenow')).toBe('-5');
    expect(keys).toEqual(['down:End', 'up:End', 'down:Home', 'up:Home']);
  });

  it('sets a spinbutton drawn without an input, with no bounds stated', async () => {
    const el = slider({ 'aria-valuenow': '2' }, 1, 'spinbutton');
    expect((await inputText(ctx, 0, '4')).success).toBe(true);
    expect(el.getAttribute('aria-valuenow')).toBe('4');
  });

  it('refuses a text that is no number and a number outside aria-valuemin/max without pressing a key', async () => {
    slider({ 'aria-valuemin': '8', 'aria-valuemax': '40', 'aria-valuenow': '16' });
    expect(await inputText(ctx, 0, 'bigger')).toEqual({ success: false, message: 'Did not type into [0]<div role=slider />: "bigger" is not a number.' });
    expect(await inputText(ctx, 0, '41')).toEqual({ success: false, message: 'Did not set [0]<div role=slider /> to 41: it takes 8 to 40.' });
    expect(keys).toEqual([]);
  });

  it('fails naming the nearest value when the steps miss the number, taking back a step past it', async () => {
    const el = slider({ 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '50' }, 5);
    const result = await inputText(ctx, 0, '52');
    expect(result).toEqual({ success: false, message: 'Did not set [0]<div role=slider /> to 52: it now shows 50, the nearest its keys reached.' });
    expect(el.getAttribute('aria-valuenow')).toBe('50');
    expect(downs()).toEqual(['down:ArrowUp', 'down:ArrowDown']);
  });

  it('stops after one press when the widget does not move, and after 300 when it never arrives', async () => {
    slider({ 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '10' }, 0);
    expect((await inputText(ctx, 0, '30')).message).toContain('to 30: it now shows 10, the nearest its keys reached.');
    expect(downs()).toEqual(['down:ArrowUp']);
    keys = [];
    const long = slider({ 'aria-valuemin': '0', 'aria-valuemax': '1000', 'aria-valuenow': '0' });
    expect((await inputText(ctx, 0, '999')).message).toContain('to 999: it now shows 300, the nearest its keys reached.');
    expect(long.getAttribute('aria-valuenow')).toBe('300');
    expect(downs()).toHaveLength(300);
  });

  it('rejects with the AbortError between key presses', async () => {
    const el = slider({ 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '0' });
    const controller = new AbortController();
    el.addEventListener('keyup', () => keys.length === 4 && controller.abort());
    await expect(inputText(ctx, 0, '50', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(el.getAttribute('aria-valuenow')).toBe('2');
  });

  it('refuses a disabled slider as any disabled field', async () => {
    slider({ 'aria-valuemin': '0', 'aria-valuemax': '10', 'aria-valuenow': '1', 'aria-disabled': 'true' });
    expect((await inputText(ctx, 0, '3')).message).toMatch(/^Did not type into \[0\]<div role=slider \/>: it is disabled\./);
    expect(keys).toEqual([]);
  });

  it('points a slider without aria-valuenow at press_key', async () => {
    slider({ 'aria-valuemin': '0', 'aria-valuemax': '10' });
    expect((await inputText(ctx, 0, '3')).message).toMatch(/is not editable .*; nothing was typed\. Use press_key\.$/);
    expect(keys).toEqual([]);
  });
});
