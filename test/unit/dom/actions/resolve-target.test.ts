// Index resolution messages: unknown, stale and invalid indexes name nearby valid ones.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DomContext } from '../../../../src/dom/context.js';
import { ElementRegistry } from '../../../../src/dom/element-registry.js';
import { Overlay } from '../../../../src/dom/overlay/overlay.js';
import { isDisabled, isFailure, resolveTarget } from '../../../../src/dom/actions/resolve-target.js';

let ctx: DomContext;
let buttons: HTMLButtonElement[];

beforeEach(() => {
  document.body.replaceChildren();
  buttons = Array.from({ length: 8 }, (_, i) => {
    const b = document.createElement('button');
    b.textContent = `B${i}`;
    document.body.append(b);
    return b;
  });
  ctx = { config: {}, registry: new ElementRegistry(), overlay: new Overlay(window), window };
  ctx.registry.beginObservation();
  buttons.forEach((b, i) => ctx.registry.register(b, `[${i}]<button>B${i} />`));
  ctx.registry.endObservation();
});

describe('resolveTarget', () => {
  it('returns the element with the description the model saw', () => {
    const target = resolveTarget(ctx, 3);
    expect(isFailure(target)).toBe(false);
    expect(target).toEqual({ index: 3, element: buttons[3], description: '[3]<button>B3 />' });
  });

  it('reports a stale index with what it was and the valid indexes around it', () => {
    buttons[4]!.remove();
    const result = resolveTarget(ctx, 4);
    expect(result).toEqual({
      success: false,
      message: 'Element [4] (it was [4]<button>B4 />) is no longer in the page; the page changed. Read the page again. Valid indexes near it: [1], [2], [3], [5], [6].',
    });
  });

  it('reports an unknown index', () => {
    expect(resolveTarget(ctx, 40)).toEqual({
      success: false,
      message: 'There is no element with index [40]; read the page again. Valid indexes near it: [3], [4], [5], [6], [7].',
    });
  });

  it('reports a non-integer index and an empty page', () => {
    expect((resolveTarget(ctx, 2.5) as { message: string }).message).toContain('2.5 is not an element index');
    ctx.registry.reset();
    expect((resolveTarget(ctx, 1) as { message: string }).message).toContain('No indexed element is available right now.');
  });
});

describe('isDisabled', () => {
  // Disabled fieldsets need a real engine's :disabled; the click e2e test covers them.
  it('sees native and ARIA disabling, including an ARIA-disabled ancestor', () => {
    const aria = document.createElement('div');
    aria.setAttribute('aria-disabled', 'true');
    const inner = document.createElement('span');
    aria.append(inner);
    const ok = document.createElement('button');
    document.body.append(aria, ok);
    buttons[0]!.disabled = true;
    expect([isDisabled(buttons[0]!), isDisabled(aria), isDisabled(inner), isDisabled(ok)]).toEqual([true, true, true, false]);
  });
});
