// A stop reaches the actions: an aborted signal rejects with the AbortError itself (never wrapped into
// a result) before anything is dispatched, and typing key by key stops between keys. (The change
// watch of a stopped action is tested in Chromium: test/e2e/actions/change-watch.test.ts.)
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomContext } from '../../../../src/dom/context.js';
import { ElementRegistry } from '../../../../src/dom/element-registry.js';
import { Overlay } from '../../../../src/dom/overlay/overlay.js';
import { clickElement } from '../../../../src/dom/actions/click.js';
import { inputText } from '../../../../src/dom/actions/input-text.js';
import { selectOption } from '../../../../src/dom/actions/select-option.js';
import { EVERY_KEY, typeIntoField } from '../../../../src/dom/actions/text-editing.js';

let ctx: DomContext;
let button: HTMLButtonElement;
let input: HTMLInputElement;

beforeEach(() => {
  document.body.replaceChildren();
  button = document.createElement('button');
  input = document.createElement('input');
  document.body.append(button, input);
  ctx = { config: {}, registry: new ElementRegistry(), overlay: new Overlay(window), window };
  ctx.registry.beginObservation();
  ctx.registry.register(button, '[0]<button />');
  ctx.registry.register(input, '[1]<input />');
  ctx.registry.endObservation();
});

describe('aborted actions', () => {
  it('reject with the AbortError and dispatch nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const seen = vi.fn();
    document.addEventListener('pointerdown', seen, true);
    document.addEventListener('beforeinput', seen, true);
    await expect(clickElement(ctx, 0, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(inputText(ctx, 1, 'x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(selectOption(ctx, 0, 'x', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).not.toHaveBeenCalled();
  });

  it('stops typing between keys', async () => {
    const controller = new AbortController();
    input.addEventListener('keyup', () => controller.abort(), { once: true });
    await expect(typeIntoField(input, 'abcdef', EVERY_KEY, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(input.value).toBe('a');
  });
});
