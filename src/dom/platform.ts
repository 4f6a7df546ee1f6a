// DOM functions perception, actions and overlays rely on, captured when the bundle loads (getters and
// methods taken from the prototypes, uncurried) so that a page patching Node/Element/EventTarget
// prototypes, getComputedStyle, setTimeout or deleting `window.Node` later cannot break, mislead or spy
// on us (the approach of Playwright's injected scripts). Functions captured in the top realm work on
// nodes of same-origin frames too (WebIDL checks the interface, not the realm); event constructors and
// value setters come from the node's own realm (`realmOf`). Knows nothing of indexes.
import { clearTimer, setTimer } from '../base/index.js';
import { getOwnPropertyDescriptor, reflectApply, SafeWeakMap, uncurryThis } from './intrinsics.js';

type AnyFn = (...args: any[]) => any;
const g = globalThis as any;
const hasDom = typeof Element === 'function' && typeof Node === 'function';
const getPrototypeOf = Object.getPrototypeOf;
/** A global function bound to the global object, or undefined (requestAnimationFrame in Node, getComputedStyle without a DOM). */
const bound = (name: string): AnyFn | undefined => (typeof g[name] === 'function' ? g[name].bind(g) : undefined);

/** A method found on `proto` or up its chain, uncurried; absent (SSR, a partial DOM) it calls whatever the object has at call time. */
function method<F extends AnyFn>(proto: object | undefined, name: string): (self: any, ...args: Parameters<F>) => ReturnType<F> {
  for (let p: object | null | undefined = proto; p; p = getPrototypeOf(p)) {
    const value = getOwnPropertyDescriptor(p, name)?.value as AnyFn | undefined;
    if (typeof value === 'function') return uncurryThis(value) as never;
  }
  return ((self: any, ...args: unknown[]) => self[name](...args)) as never;
}

/** A getter found on `proto`, uncurried; absent it reads the property at call time. */
function getter<T>(proto: object | undefined, name: string): (self: any) => T {
  const get = proto ? getOwnPropertyDescriptor(proto, name)?.get : undefined;
  return get ? (uncurryThis(get as (this: unknown) => T) as (self: any) => T) : (self) => self[name] as T;
}

const P = (ctor: string): object | undefined => (hasDom ? (g[ctor]?.prototype as object | undefined) : undefined);
const NodeP = P('Node');
const ElementP = P('Element');
const HTMLElementP = P('HTMLElement');
const DocumentP = P('Document');

// Tree.
export const firstChild = getter<Node | null>(NodeP, 'firstChild');
export const nextSibling = getter<Node | null>(NodeP, 'nextSibling');
export const parentNode = getter<Node | null>(NodeP, 'parentNode');
export const nodeType = getter<number>(NodeP, 'nodeType');
export const isConnected = getter<boolean>(NodeP, 'isConnected');
export const ownerDocument = getter<Document | null>(NodeP, 'ownerDocument');
export const nodeListLength = getter<number>(P('NodeList'), 'length');
export const textContent = getter<string | null>(NodeP, 'textContent');
export const characterData = getter<string>(P('CharacterData'), 'data');
export const localName = getter<string>(ElementP, 'localName');
export const namespaceURI = getter<string | null>(ElementP, 'namespaceURI');
const elementChildCount = getter<number>(ElementP, 'childElementCount');
const fragmentChildCount = getter<number>(P('DocumentFragment'), 'childElementCount');
const elementChildren = getter<HTMLCollection>(ElementP, 'children');
const fragmentChildren = getter<HTMLCollection>(P('DocumentFragment'), 'children');

/** Number of element children of an element or a shadow root. */
export function childElementCount(parent: Element | ShadowRoot): number {
  return nodeType(parent) === 11 ? fragmentChildCount(parent) : elementChildCount(parent);
}

/** The live element children of an element or a shadow root. */
export function elementChildrenOf(parent: Element | ShadowRoot): HTMLCollection {
  return nodeType(parent) === 11 ? fragmentChildren(parent) : elementChildren(parent);
}
export const elementShadowRoot = getter<ShadowRoot | null>(ElementP, 'shadowRoot');
export const assignedSlot = getter<HTMLSlotElement | null>(ElementP, 'assignedSlot');
export const shadowHost = getter<Element>(P('ShadowRoot'), 'host');
export const assignedNodes = method<HTMLSlotElement['assignedNodes']>(P('HTMLSlotElement'), 'assignedNodes');
export const getElementsByTagName = method<Element['getElementsByTagName']>(ElementP, 'getElementsByTagName');
export const collectionLength = getter<number>(P('HTMLCollection'), 'length');

// Attributes.
export const getAttribute = method<Element['getAttribute']>(ElementP, 'getAttribute');
export const hasAttribute = method<Element['hasAttribute']>(ElementP, 'hasAttribute');
export const getAttributeNames = method<Element['getAttributeNames']>(ElementP, 'getAttributeNames');
export const matches = method<Element['matches']>(ElementP, 'matches');
export const closest = method<Element['closest']>(ElementP, 'closest');

// Layout and style.
export const getBoundingClientRect = method<Element['getBoundingClientRect']>(ElementP, 'getBoundingClientRect');
const RectP = P('DOMRectReadOnly');
export const rectLeft = getter<number>(RectP, 'left');
export const rectTop = getter<number>(RectP, 'top');
export const rectRight = getter<number>(RectP, 'right');
export const rectBottom = getter<number>(RectP, 'bottom');
export const rectWidth = getter<number>(RectP, 'width');
export const rectHeight = getter<number>(RectP, 'height');
export const scrollTop = getter<number>(ElementP, 'scrollTop');
export const scrollLeft = getter<number>(ElementP, 'scrollLeft');
export const scrollHeight = getter<number>(ElementP, 'scrollHeight');
export const scrollWidth = getter<number>(ElementP, 'scrollWidth');
export const clientHeight = getter<number>(ElementP, 'clientHeight');
export const clientWidth = getter<number>(ElementP, 'clientWidth');
export const clientTop = getter<number>(ElementP, 'clientTop');
export const clientLeft = getter<number>(ElementP, 'clientLeft');
export const getPropertyValue = method<CSSStyleDeclaration['getPropertyValue']>(P('CSSStyleDeclaration'), 'getPropertyValue');
// Viewport and scroll attributes are accessors of the window object itself, not of Window.prototype.
const topWindow = hasDom && typeof window === 'object' ? window : undefined;
export const innerWidth = getter<number>(topWindow, 'innerWidth');
export const innerHeight = getter<number>(topWindow, 'innerHeight');
export const scrollX = getter<number>(topWindow, 'scrollX');
export const scrollY = getter<number>(topWindow, 'scrollY');

/** Computed style of an element of any same-origin document (the top window's function computes in the element's own document). */
export const styleOf = bound('getComputedStyle') as (element: Element) => CSSStyleDeclaration;
const styleWithPseudo = styleOf as unknown as ((element: Element, pseudo: string) => CSSStyleDeclaration) | undefined;

/** Computed style of an element's pseudo-element (`::before`, `::after`); null without a DOM. */
export function pseudoStyleOf(element: Element, pseudo: string): CSSStyleDeclaration | null {
  return styleWithPseudo ? styleWithPseudo(element, pseudo) : null;
}

// Documents and hit-testing.
export const documentElement = getter<Element | null>(DocumentP, 'documentElement');
export const documentBody = getter<HTMLElement | null>(DocumentP, 'body');
export const documentTitle = getter<string>(DocumentP, 'title');
export const defaultView = getter<Window | null>(DocumentP, 'defaultView');
export const getElementById = method<Document['getElementById']>(DocumentP, 'getElementById');
export const documentQuerySelectorAll = method<Document['querySelectorAll']>(DocumentP, 'querySelectorAll');
export const documentElementFromPoint = method<Document['elementFromPoint']>(DocumentP, 'elementFromPoint');
export const documentElementsFromPoint = method<Document['elementsFromPoint']>(DocumentP, 'elementsFromPoint');
export const shadowElementFromPoint = method<ShadowRoot['elementFromPoint']>(P('ShadowRoot'), 'elementFromPoint');
export const shadowGetElementById = method<ShadowRoot['getElementById']>(P('DocumentFragment'), 'getElementById');
export const rootNode = method<Node['getRootNode']>(NodeP, 'getRootNode');
export const iframeContentDocument = getter<Document | null>(P('HTMLIFrameElement'), 'contentDocument');

// Form controls and state.
export const inputValue = getter<string>(P('HTMLInputElement'), 'value');
export const inputType = getter<string>(P('HTMLInputElement'), 'type');
export const inputChecked = getter<boolean>(P('HTMLInputElement'), 'checked');
export const inputIndeterminate = getter<boolean>(P('HTMLInputElement'), 'indeterminate');
/** The control a `<label>` labels (its `for` target or its first labelable descendant), or null. */
export const labelControl = getter<HTMLElement | null>(P('HTMLLabelElement'), 'control');
const FORM_TAGS = ['input', 'HTMLInputElement', 'select', 'HTMLSelectElement', 'textarea', 'HTMLTextAreaElement', 'button', 'HTMLButtonElement'];

/** Reads `name` through the getter of each tag's own interface, for the first `count / 2` tags of FORM_TAGS; null for other tags. */
function byFormTag<T>(name: string, count: number): (element: Element, tag: string) => T | null {
  const read: Record<string, (self: Element) => T> = { __proto__: null } as never;
  for (let i = 0; i < count; i += 2) read[FORM_TAGS[i]!] = getter<T>(P(FORM_TAGS[i + 1]!), name);
  return (element, tag) => (read[tag] ? read[tag]!(element) : null);
}

/** The `<label>`s of a form control or button (a switch drawn as a button has them); null for other elements. */
export const labelsOf = byFormTag<NodeListOf<HTMLLabelElement>>('labels', 8);
export const textareaValue = getter<string>(P('HTMLTextAreaElement'), 'value');
export const selectOptions = getter<HTMLOptionsCollection>(P('HTMLSelectElement'), 'options');
export const selectMultiple = getter<boolean>(P('HTMLSelectElement'), 'multiple');
export const optionText = getter<string>(P('HTMLOptionElement'), 'text');
export const optionSelected = getter<boolean>(P('HTMLOptionElement'), 'selected');
export const onclickHandler = getter<unknown>(HTMLElementP, 'onclick');
export const onmousedownHandler = getter<unknown>(HTMLElementP, 'onmousedown');
export const innerText = getter<string>(HTMLElementP, 'innerText');
/** The browser's constraint-validation message of an input, select or textarea of that tag ('' when valid, null for another tag). */
export const validationMessage = byFormTag<string>('validationMessage', 6);

// Events, focus, scrolling and queries (actions and overlays).
const EventTargetP = P('EventTarget');
/** Dispatches an event with the genuine `dispatchEvent`; returns false when a listener cancelled it. */
export const dispatchEvent = method<EventTarget['dispatchEvent']>(EventTargetP, 'dispatchEvent');
const addListener = method<EventTarget['addEventListener']>(EventTargetP, 'addEventListener');
const removeListener = method<EventTarget['removeEventListener']>(EventTargetP, 'removeEventListener');
export const rectsOf = method<Element['getClientRects']>(ElementP, 'getClientRects');
/** Length of a DOMRectList (what `rectsOf` returns). */
export const rectListLength = getter<number>(P('DOMRectList'), 'length');
/** `element.scrollIntoView(options)` without page patches. */
export const scrollIntoView = method<Element['scrollIntoView']>(ElementP, 'scrollIntoView');
const querySelectorAll = method<Element['querySelectorAll']>(ElementP, 'querySelectorAll');
const fragmentQuerySelectorAll = method<DocumentFragment['querySelectorAll']>(P('DocumentFragment'), 'querySelectorAll');
const focusFn = method<HTMLElement['focus']>(HTMLElementP, 'focus');
export const blurElement = method<HTMLElement['blur']>(HTMLElementP, 'blur');
const execCommandFn = method<Document['execCommand']>(DocumentP, 'execCommand');
const shadowElementsFromPoint = method<ShadowRoot['elementsFromPoint']>(P('ShadowRoot'), 'elementsFromPoint');
const frame: ((fn: () => void) => unknown) | undefined = bound('requestAnimationFrame');
const MutationObserverCtor: typeof MutationObserver = g.MutationObserver;

export {
  getBoundingClientRect as rectOf,
  getAttribute as attr,
  rootNode as rootOf,
  parentNode as parentOf,
};


/** Adds a listener with the genuine `addEventListener`; returns the function that removes it. */
export function listen(target: EventTarget, type: string, listener: EventListener, options?: AddEventListenerOptions): () => void {
  addListener(target, type, listener, options);
  return () => removeListener(target, type, listener, options);
}


/** `root.querySelectorAll(selector)` as an array. */
export function queryAll(root: Element | Document | DocumentFragment, selector: string): Element[] {
  const type = nodeType(root);
  const list = type === 9 ? documentQuerySelectorAll(root, selector) : type === 11 ? fragmentQuerySelectorAll(root, selector) : querySelectorAll(root, selector);
  return Array.from(list);
}

/** Focuses without scrolling (the caller has already scrolled the element into view). */
export function focusElement(element: Element): void {
  focusFn(element, { preventScroll: true });
}

/** `document.execCommand` on the element's document; false when the command is unsupported or refused. */
export function execCommand(doc: Document, command: string, value?: string): boolean {
  try {
    return execCommandFn(doc, command, false, value);
  } catch {
    return false;
  }
}

/** `elementsFromPoint` on a document or shadow root, in that root's coordinates. */
export function elementsFromPoint(root: Document | ShadowRoot, x: number, y: number): Element[] {
  return nodeType(root) === 9 ? documentElementsFromPoint(root, x, y) : shadowElementsFromPoint(root, x, y);
}

/** Waits `ms` milliseconds with the genuine `setTimeout` (the base layer's captured timer). */
export { sleep } from '../base/index.js';

const Channel: typeof MessageChannel | undefined = g.MessageChannel;

/**
 * Resolves in a new task, after the page's pending tasks and microtasks: a MessageChannel message,
 * which browsers neither clamp (as nested setTimeout is, to 4 ms) nor throttle in background tabs.
 * A timer backs it up, so a page that breaks message ports only slows typing down.
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimer(resolve, Channel ? 50 : 0);
    if (!Channel) return;
    const { port1, port2 } = new Channel();
    port1.onmessage = () => {
      clearTimer(timer);
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** Resolves after the next animation frame, or after 50 ms where frames do not run (background tab). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimer(done, 50);
    function done(): void {
      clearTimer(timer);
      resolve();
    }
    frame?.(done);
  });
}

/** The genuine MutationObserver constructor. */
export function newMutationObserver(callback: MutationCallback): MutationObserver {
  return new MutationObserverCtor(callback);
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

const realms = new SafeWeakMap<object, Realm>();

function captureRealm(win: Window & typeof globalThis): Realm {
  const setters = {
    input: getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'value')?.set,
    textarea: getOwnPropertyDescriptor(win.HTMLTextAreaElement.prototype, 'value')?.set,
    select: getOwnPropertyDescriptor(win.HTMLSelectElement.prototype, 'value')?.set,
    checked: getOwnPropertyDescriptor(win.HTMLInputElement.prototype, 'checked')?.set,
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
      const tag = localName(element);
      const set = tag === 'textarea' ? setters.textarea : tag === 'select' ? setters.select : setters.input;
      if (set) reflectApply(set, element, [value]);
      else element.value = value;
    },
    setChecked(element, checked) {
      if (setters.checked) reflectApply(setters.checked, element, [checked]);
      else element.checked = checked;
    },
  };
}

// The top realm is captured at load time, before page scripts run when the bundle is loaded early.
if (hasDom && typeof window !== 'undefined') realms.set(document, captureRealm(window as Window & typeof globalThis));

/** The realm (event classes, native setters) of the window that owns `node`. */
export function realmOf(node: Node): Realm {
  const doc = nodeType(node) === 9 ? (node as Document) : ownerDocument(node)!;
  const win = defaultView(doc) as (Window & typeof globalThis) | null;
  if (!win) throw new TypeError('The node belongs to a document without a window');
  // Keyed by document: a frame's window object stays the same when it loads another page, its classes do not.
  let realm = realms.get(doc);
  if (!realm) {
    realm = captureRealm(win);
    realms.set(doc, realm);
  }
  return realm;
}
