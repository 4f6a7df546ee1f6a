// Stable indexes, new marks and stale reports of the ElementRegistry (happy-dom elements).
import { describe, expect, it } from 'vitest';
import { ElementRegistry } from '../../../src/dom/element-registry.js';

function button(text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = text;
  document.body.append(element);
  return element;
}

describe('ElementRegistry', () => {
  it('numbers from 0, keeps an element’s index across observations and marks nothing new at first', () => {
    const registry = new ElementRegistry();
    const a = button('a');
    const b = button('b');
    registry.beginObservation();
    expect(registry.register(a, '[0]<button>a />')).toEqual({ index: 0, isNew: false });
    expect(registry.register(b)).toEqual({ index: 1, isNew: false });
    registry.endObservation();
    registry.beginObservation();
    const c = button('c');
    expect(registry.register(b)).toEqual({ index: 1, isNew: false });
    expect(registry.register(c)).toEqual({ index: 2, isNew: true });
    registry.endObservation();
    expect(registry.listedIndexes).toEqual([1, 2]);
    expect(registry.observationCount).toBe(2);
  });

  it('does not mark elements the previous observation knew were there', () => {
    const registry = new ElementRegistry();
    const walked = button('walked');
    const inGap = button('in gap');
    registry.beginObservation();
    registry.notePresent(walked);
    registry.noteUnlisted(inGap);
    registry.endObservation();
    expect(registry.wasPresent(walked)).toBe(true);
    expect(registry.wasUnlisted(inGap)).toBe(true);
    registry.beginObservation();
    expect(registry.register(walked, undefined, registry.wasPresent(walked)).isNew).toBe(false);
    expect(registry.register(inGap, undefined, true).isNew).toBe(false);
    expect(registry.register(button('fresh')).isNew).toBe(true);
    registry.endObservation();
  });

  it('resolves live, stale and unknown indexes, keeping the old description', () => {
    const registry = new ElementRegistry();
    const a = button('a');
    registry.beginObservation();
    const { index } = registry.register(a);
    registry.describeAs(index, '[0]<button>a />');
    registry.endObservation();
    expect(registry.resolve(index)).toEqual({ ok: true, element: a, description: '[0]<button>a />' });
    a.remove();
    expect(registry.resolve(index)).toEqual({ ok: false, reason: 'stale', description: '[0]<button>a />' });
    expect(registry.resolve(99)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('offers the nearest indexes that still resolve', () => {
    const registry = new ElementRegistry();
    const elements = Array.from({ length: 8 }, (_, i) => button(String(i)));
    registry.beginObservation();
    for (const element of elements) registry.register(element);
    registry.endObservation();
    elements[3]!.remove();
    expect(registry.nearbyValid(3, 4)).toEqual([1, 2, 4, 5]);
  });

  it('starts over on reset', () => {
    const registry = new ElementRegistry();
    registry.beginObservation();
    registry.register(button('x'));
    registry.endObservation();
    registry.reset();
    registry.beginObservation();
    expect(registry.register(button('y'))).toEqual({ index: 0, isNew: false });
  });
});
