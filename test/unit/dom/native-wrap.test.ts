// Invisible method wrapping: the wrapper reads like the original and restores cleanly.
import { afterEach, describe, expect, it } from 'vitest';
import { wrapMethod } from '../../../src/dom/extract/native-wrap.js';
import {
  getClosedShadowRoot, hasTrackedListener, installListenerTracker, trackedListenerTypeCount, uninstallListenerTracker,
} from '../../../src/dom/extract/listener-tracker.js';

class Widget {
  greet(name: string, punctuation: string): string {
    return `hi ${name}${punctuation}`;
  }
}

describe('wrapMethod', () => {
  it('routes calls through the handler while name, length, descriptor and toString stay the original’s', () => {
    const original = Widget.prototype.greet;
    const calls: unknown[][] = [];
    const restore = wrapMethod(Widget.prototype, 'greet', (fn, self, args) => {
      calls.push(args);
      return Reflect.apply(fn, self, args);
    });
    const wrapped = Widget.prototype.greet;
    expect(wrapped).not.toBe(original);
    expect(new Widget().greet('ada', '!')).toBe('hi ada!');
    expect(calls).toEqual([['ada', '!']]);
    expect(wrapped.name).toBe('greet');
    expect(wrapped.length).toBe(2);
    expect(String(wrapped)).toBe(String(original));
    expect(Function.prototype.toString.call(wrapped)).toBe(Function.prototype.toString.call(original));
    expect(Object.getOwnPropertyDescriptor(Widget.prototype, 'greet')!.enumerable).toBe(false);
    restore();
    expect(Widget.prototype.greet).toBe(original);
    expect(String(Function.prototype.toString)).toContain('[native code]');
  });

  it('leaves a later replacement in place and becomes a pass-through', () => {
    const calls: string[] = [];
    const restore = wrapMethod(Widget.prototype, 'greet', (fn, self, args) => {
      calls.push('wrapped');
      return Reflect.apply(fn, self, args);
    });
    const ours = Widget.prototype.greet;
    const theirs = function greet(this: Widget, name: string) {
      return ours.call(this, name, '?');
    };
    Widget.prototype.greet = theirs;
    restore();
    expect(Widget.prototype.greet).toBe(theirs);
    expect(new Widget().greet('bo', '')).toBe('hi bo?');
    expect(calls).toEqual([]);
  });
});

// A minimal realm: happy-dom's nodes do not inherit from the EventTarget it exposes on window.
class FakeTarget {
  added: string[] = [];
  addEventListener(type: string, _listener: unknown, _options?: unknown): void {
    this.added.push(type);
  }
  removeEventListener(_type: string, _listener: unknown, _options?: unknown): void {}
}
class FakeElement extends FakeTarget {
  attachShadow(_init: unknown): object {
    return { fake: 'root' };
  }
}
const fakeWindow = { EventTarget: FakeTarget, Element: FakeElement } as unknown as Window;

// Aborted signals are covered in Chromium (test/e2e/perception/listener-tracker.test.ts): happy-dom's
// AbortSignal does not dispatch through the EventTarget it exposes.
describe('listener tracker', () => {
  afterEach(() => uninstallListenerTracker());

  it('records add and remove per target, type and capture, and lets the page’s call through', () => {
    installListenerTracker(fakeWindow);
    installListenerTracker(fakeWindow);
    const div = new FakeElement() as unknown as EventTarget & FakeTarget;
    const fn = () => {};
    div.addEventListener('click', fn);
    div.addEventListener('click', fn, { capture: true });
    div.addEventListener('scroll', fn);
    expect(div.added).toEqual(['click', 'click', 'scroll']);
    expect(hasTrackedListener(div, 'click')).toBe(true);
    expect(hasTrackedListener(div, 'scroll')).toBe(false);
    div.removeEventListener('click', fn);
    expect(hasTrackedListener(div, 'click')).toBe(true);
    div.removeEventListener('click', fn, true);
    expect(hasTrackedListener(div)).toBe(false);
  });

  it('counts distinct types so delegating roots can be told apart', () => {
    installListenerTracker(fakeWindow);
    const root = new FakeElement() as unknown as EventTarget;
    for (const type of ['click', 'keydown', 'mousedown', 'click']) root.addEventListener(type, () => {});
    expect(trackedListenerTypeCount(root)).toBe(3);
  });

  it('keeps shadow roots attachShadow creates, closed ones included, and restores on uninstall', () => {
    const original = FakeElement.prototype.attachShadow;
    installListenerTracker(fakeWindow);
    const host = new FakeElement();
    const root = host.attachShadow({ mode: 'closed' });
    expect(getClosedShadowRoot(host as unknown as Element)).toBe(root);
    uninstallListenerTracker();
    expect(FakeElement.prototype.attachShadow).toBe(original);
    expect(getClosedShadowRoot(host as unknown as Element)).toBeUndefined();
  });
});
