// Platform functions the actions and overlays rely on, captured when the bundle loads so that a page
// patching `EventTarget.prototype.dispatchEvent`, `setTimeout` or `Element.prototype.*` later cannot
// break or spy on them (the approach of Playwright's injected scripts). Knows nothing of indexes.
//
// Prototype methods captured in the top realm also work on nodes of same-origin iframes: WebIDL brand
// checks look at the object's interface, not its realm. Event constructors and value setters, however,
// come from the element's own realm (`realmOf`), so that iframe code sees events of its own classes.

type Fn<T extends (...args: any[]) => any> = T;

const g = globalThis as typeof globalThis & { Element?: typeof Element };
const hasDom = typeof g.Element === 'function';

function method<T extends (...args: any[]) => any>(proto: object | undefined, name: string): Fn<T> {
  // Own property first, then up the chain (some engines and test DOMs define methods on a base class).
  for (let p: object | null | undefined = proto; p; p = Object.getPrototypeOf(p)) {
    const value = Object.getOwnPropertyDescriptor(p, name)?.value as T | undefined;
    if (typeof value === 'function') return value;
  }
  // Not found (SSR, a partial DOM): call whatever the object has at call time.
  return function (this: Record<string, (...args: unknown[]) => unknown>, ...args: unknown[]) {
    return this[name]!(...args);
  } as unknown as T;
}

function getter<T>(proto: object | undefined, name: string): (self: object) => T {
  const get = proto ? Object.getOwnPropertyDescriptor(proto, name)?.get : undefined;
  return (self) => (get ? (get.call(self) as T) : ((self as Record<string, T>)[name] as T));
}

const ElementProto = hasDom ? Element.prototype : undefined;
const NodeProto = hasDom ? Node.prototype : undefined;
const HTMLElementProto = hasDom ? HTMLElement.prototype : undefined;
const EventTargetProto = typeof EventTarget === 'function' ? EventTarget.prototype : undefined;
const DocumentProto = hasDom ? Document.prototype : undefined;
const ShadowRootProto = hasDom && typeof ShadowRoot === 'function' ? ShadowRoot.prototype : undefined;

const dispatch = method<EventTarget['dispatchEvent']>(EventTargetProto, 'dispatchEvent');
const addListener = method<EventTarget['addEventListener']>(EventTargetProto, 'addEventListener');
const removeListener = method<EventTarget['removeEventListener']>(EventTargetProto, 'removeEventListener');
const getRect = method<Element['getBoundingClientRect']>(ElementProto, 'getBoundingClientRect');
const getRects = method<Element['getClientRects']>(ElementProto, 'getClientRects');
const scrollIntoViewFn = method<Element['scrollIntoView']>(ElementProto, 'scrollIntoView');
const matchesFn = method<Element['matches']>(ElementProto, 'matches');
const closestFn = method<Element['closest']>(ElementProto, 'closest');
const getAttributeFn = method<Element['getAttribute']>(ElementProto, 'getAttribute');
const querySelectorAllFn = method<Element['querySelectorAll']>(ElementProto, 'querySelectorAll');
const docQuerySelectorAll = method<Document['querySelectorAll']>(DocumentProto, 'querySelectorAll');
const fragmentQuerySelectorAll = method<DocumentFragment['querySelectorAll']>(hasDom ? DocumentFragment.prototype : undefined, 'querySelectorAll');
const containsFn = method<Node['contains']>(NodeProto, 'contains');
const getRootNodeFn = method<Node['getRootNode']>(NodeProto, 'getRootNode');
const focusFn = method<HTMLElement['focus']>(HTMLElementProto, 'focus');
const blurFn = method<HTMLElement['blur']>(HTMLElementProto, 'blur');
const docElementsFromPoint = method<Document['elementsFromPoint']>(DocumentProto, 'elementsFromPoint');
const shadowElementsFromPoint = method<ShadowRoot['elementsFromPoint']>(ShadowRootProto, 'elementsFromPoint');
const execCommandFn = method<Document['execCommand']>(DocumentProto, 'execCommand');
const parentNodeOf = getter<ParentNode | null>(NodeProto, 'parentNode');
const isConnectedOf = getter<boolean>(NodeProto, 'isConnected');

const timers = {
  setTimeout: typeof g.setTimeout === 'function' ? g.setTimeout.bind(g) : undefined,
  clearTimeout: typeof g.clearTimeout === 'function' ? g.clearTimeout.bind(g) : undefined,
  requestAnimationFrame: typeof g.requestAnimationFrame === 'function' ? g.requestAnimationFrame.bind(g) : undefined,
  getComputedStyle: typeof g.getComputedStyle === 'function' ? g.getComputedStyle.bind(g) : undefined,
  MutationObserver: typeof g.MutationObserver === 'function' ? g.MutationObserver : undefined,
};

/** Dispatches an event with the genuine `dispatchEvent`; returns false when a listener cancelled it. */
export function dispatchEvent(target: EventTarget, event: Event): boolean {
  return dispatch.call(target, event);
}

/** Adds a listener with the genuine `addEventListener`; returns the function that removes it. */
export function listen(target: EventTarget, type: string, listener: EventListener, options?: AddEventListenerOptions): () => void {
  addListener.call(target, type, listener, options);
  return () => removeListener.call(target, type, listener, options);
}

/** The element's border box in its own document's viewport. */
export function rectOf(element: Element): DOMRect {
  return getRect.call(element);
}

/** The element's line boxes (several for wrapped inline content). */
export function rectsOf(element: Element): DOMRectList {
  return getRects.call(element);
}

/** `element.scrollIntoView(options)` without page patches. */
export function scrollIntoView(element: Element, options: ScrollIntoViewOptions): void {
  scrollIntoViewFn.call(element, options);
}

/** `element.matches(selector)`. */
export function matches(element: Element, selector: string): boolean {
  return matchesFn.call(element, selector);
}

/** `element.closest(selector)` within the element's own tree. */
export function closest(element: Element, selector: string): Element | null {
  return closestFn.call(element, selector);
}

/** `element.getAttribute(name)`. */
export function attr(element: Element, name: string): string | null {
  return getAttributeFn.call(element, name);
}

/** `root.querySelectorAll(selector)` as an array. */
export function queryAll(root: Element | Document | DocumentFragment, selector: string): Element[] {
  const type = root.nodeType;
  const list =
    type === 9
      ? docQuerySelectorAll.call(root as Document, selector)
      : type === 11
        ? fragmentQuerySelectorAll.call(root as DocumentFragment, selector)
        : querySelectorAllFn.call(root as Element, selector);
  return Array.from(list);
}

/** `a.contains(b)` (inclusive, light tree only). */
export function contains(a: Node, b: Node): boolean {
  return containsFn.call(a, b);
}

/** `node.getRootNode()`: a Document or a ShadowRoot. */
export function rootOf(node: Node): Node {
  return getRootNodeFn.call(node);
}

/** The light-tree parent. */
export function parentOf(node: Node): ParentNode | null {
  return parentNodeOf(node);
}

/** Whether the node is in a document. */
export function isConnected(node: Node): boolean {
  return isConnectedOf(node);
}

/** Focuses without scrolling (the caller has already scrolled the element into view). */
export function focusElement(element: Element): void {
  focusFn.call(element as HTMLElement, { preventScroll: true });
}

/** Removes focus from an element. */
export function blurElement(element: Element): void {
  blurFn.call(element as HTMLElement);
}

/** `document.execCommand` on the element's document; false when the command is unsupported or refused. */
export function execCommand(doc: Document, command: string, value?: string): boolean {
  try {
    return execCommandFn.call(doc, command, false, value);
  } catch {
    return false;
  }
}

/** `elementsFromPoint` on a document or shadow root, in that root's coordinates. */
export function elementsFromPoint(root: Document | ShadowRoot, x: number, y: number): Element[] {
  return root.nodeType === 9 ? docElementsFromPoint.call(root as Document, x, y) : shadowElementsFromPoint.call(root as ShadowRoot, x, y);
}

/** Computed style in the element's own window. */
export function styleOf(element: Element): CSSStyleDeclaration {
  const view = element.ownerDocument.defaultView;
  if (view && view !== g) return view.getComputedStyle(element);
  return (timers.getComputedStyle ?? g.getComputedStyle)(element);
}

/** Waits `ms` milliseconds with the genuine `setTimeout`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => (timers.setTimeout ?? setTimeout)(resolve, ms));
}

/** Resolves after the next animation frame, or after 50 ms where frames do not run (background tab). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const set = timers.setTimeout ?? setTimeout;
    const clear = timers.clearTimeout ?? clearTimeout;
    const timer = set(done, 50);
    function done(): void {
      clear(timer);
      resolve();
    }
    if (timers.requestAnimationFrame) timers.requestAnimationFrame(done);
  });
}

/** The genuine MutationObserver constructor. */
export function newMutationObserver(callback: MutationCallback): MutationObserver {
  const Ctor = timers.MutationObserver ?? MutationObserver;
  return new Ctor(callback);
}

/** Event constructors and native property setters of one window (realm). */
export interface Realm {
  readonly window: Window;
  readonly Event: typeof Event;
  readonly MouseEvent: typeof MouseEvent;
  readonly PointerEvent: typeof PointerEvent;
  readonly KeyboardEvent: typeof KeyboardEvent;
  readonly InputEvent: typeof InputEvent;
  readonly FocusEvent: typeof FocusEvent;
  /** Sets `value` through the prototype setter, bypassing instance overrides such as React's value tracker. */
  setValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void;
  /** Sets `checked` through the prototype setter. */
  setChecked(element: HTMLInputElement, checked: boolean): void;
}

const realms = new WeakMap<object, Realm>();

function captureRealm(win: Window & typeof globalThis): Realm {
  const setters = {
    input: Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'value')?.set,
    textarea: Object.getOwnPropertyDescriptor(win.HTMLTextAreaElement.prototype, 'value')?.set,
    select: Object.getOwnPropertyDescriptor(win.HTMLSelectElement.prototype, 'value')?.set,
    checked: Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'checked')?.set,
  };
  return {
    window: win,
    Event: win.Event,
    MouseEvent: win.MouseEvent,
    PointerEvent: win.PointerEvent ?? win.MouseEvent,
    KeyboardEvent: win.KeyboardEvent,
    InputEvent: win.InputEvent ?? win.Event,
    FocusEvent: win.FocusEvent,
    setValue(element, value) {
      const tag = element.localName;
      const set = tag === 'textarea' ? setters.textarea : tag === 'select' ? setters.select : setters.input;
      if (set) set.call(element, value);
      else element.value = value;
    },
    setChecked(element, checked) {
      if (setters.checked) setters.checked.call(element, checked);
      else element.checked = checked;
    },
  };
}

// The top realm is captured at load time, before page scripts run when the bundle is loaded early.
if (hasDom && typeof window !== 'undefined') realms.set(window, captureRealm(window as Window & typeof globalThis));

/** The realm (event classes, native setters) of the window that owns `node`. */
export function realmOf(node: Node): Realm {
  const doc = node.nodeType === 9 ? (node as Document) : node.ownerDocument!;
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win) throw new TypeError('The node belongs to a document without a window');
  let realm = realms.get(win);
  if (!realm) {
    realm = captureRealm(win);
    realms.set(win, realm);
  }
  return realm;
}
