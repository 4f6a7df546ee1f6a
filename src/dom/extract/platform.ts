// DOM functions perception relies on, captured when the bundle loads (getters and methods taken
// from the prototypes, uncurried), so that a page patching Node.prototype, Element.prototype,
// getComputedStyle or DOMRect later cannot break or mislead extraction. Functions captured in the
// top realm work on nodes of same-origin frames too: WebIDL checks the interface, not the realm.
// Under SSR (no DOM) nothing is captured and nothing here may be called.
import { getOwnPropertyDescriptor, uncurryThis } from '../intrinsics.js';

type AnyFn = (...args: any[]) => any;
const hasDom = typeof Element === 'function' && typeof Node === 'function';

function unavailable(name: string): AnyFn {
  return () => {
    throw new TypeError(`${name} is not available in this environment`);
  };
}

function method<F extends AnyFn>(proto: object | undefined, name: string): (self: any, ...args: Parameters<F>) => ReturnType<F> {
  const fn = proto ? (getOwnPropertyDescriptor(proto, name)?.value as AnyFn | undefined) : undefined;
  return uncurryThis(fn ?? unavailable(name)) as never;
}

function getter<T>(proto: object | undefined, name: string): (self: any) => T {
  const get = proto ? getOwnPropertyDescriptor(proto, name)?.get : undefined;
  return uncurryThis((get ?? unavailable(name)) as (this: unknown) => T);
}

const P = (ctor: string): object | undefined => (hasDom ? ((globalThis as any)[ctor]?.prototype as object | undefined) : undefined);

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
export const childNodes = getter<NodeListOf<ChildNode>>(NodeP, 'childNodes');
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
export const scrollTop = getter<number>(ElementP, 'scrollTop');
export const scrollLeft = getter<number>(ElementP, 'scrollLeft');
export const scrollHeight = getter<number>(ElementP, 'scrollHeight');
export const scrollWidth = getter<number>(ElementP, 'scrollWidth');
export const clientHeight = getter<number>(ElementP, 'clientHeight');
export const clientWidth = getter<number>(ElementP, 'clientWidth');
export const clientTop = getter<number>(ElementP, 'clientTop');
export const clientLeft = getter<number>(ElementP, 'clientLeft');
export const getPropertyValue = method<CSSStyleDeclaration['getPropertyValue']>(P('CSSStyleDeclaration'), 'getPropertyValue');
const topWindow = hasDom && typeof window === 'object' ? window : undefined;
const computedStyle = uncurryThis((topWindow ? topWindow.getComputedStyle : unavailable('getComputedStyle')) as (this: Window, element: Element) => CSSStyleDeclaration);
const windowGetter = <T>(name: string): ((win: Window) => T) => {
  const get = topWindow ? getOwnPropertyDescriptor(topWindow, name)?.get : undefined;
  return get ? (uncurryThis(get as (this: Window) => T) as (win: Window) => T) : (win) => (win as any)[name] as T;
};
export const innerWidth = windowGetter<number>('innerWidth');
export const innerHeight = windowGetter<number>('innerHeight');
export const scrollX = windowGetter<number>('scrollX');
export const scrollY = windowGetter<number>('scrollY');

/** Computed style of an element of any same-origin document (the top window's function computes in the element's own document). */
export function styleOf(element: Element): CSSStyleDeclaration {
  return computedStyle(topWindow!, element);
}

// Documents and hit-testing.
export const documentElement = getter<Element | null>(DocumentP, 'documentElement');
export const documentBody = getter<HTMLElement | null>(DocumentP, 'body');
export const documentTitle = getter<string>(DocumentP, 'title');
export const defaultView = getter<Window | null>(DocumentP, 'defaultView');
export const scrollingElement = getter<Element | null>(DocumentP, 'scrollingElement');
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
const inputLabels = getter<NodeListOf<HTMLLabelElement> | null>(P('HTMLInputElement'), 'labels');
const selectLabels = getter<NodeListOf<HTMLLabelElement>>(P('HTMLSelectElement'), 'labels');
const textareaLabels = getter<NodeListOf<HTMLLabelElement>>(P('HTMLTextAreaElement'), 'labels');

/** The `<label>`s of an input, select or textarea. */
export function controlLabels(element: Element, tag: string): NodeListOf<HTMLLabelElement> | null {
  return tag === 'select' ? selectLabels(element) : tag === 'textarea' ? textareaLabels(element) : inputLabels(element);
}
export const textareaValue = getter<string>(P('HTMLTextAreaElement'), 'value');
export const selectOptions = getter<HTMLOptionsCollection>(P('HTMLSelectElement'), 'options');
export const selectMultiple = getter<boolean>(P('HTMLSelectElement'), 'multiple');
export const optionText = getter<string>(P('HTMLOptionElement'), 'text');
export const optionSelected = getter<boolean>(P('HTMLOptionElement'), 'selected');
export const detailsOpen = getter<boolean>(P('HTMLDetailsElement'), 'open');
export const anchorHref = getter<string>(P('HTMLAnchorElement'), 'href');
export const onclickHandler = getter<unknown>(HTMLElementP, 'onclick');
export const onmousedownHandler = getter<unknown>(HTMLElementP, 'onmousedown');
export const isContentEditable = getter<boolean>(HTMLElementP, 'isContentEditable');
export const innerText = getter<string>(HTMLElementP, 'innerText');
const disabledMatcher = ':disabled';

/** Whether a form control is disabled, including through a disabled fieldset. */
export function isDisabledControl(element: Element): boolean {
  return matches(element, disabledMatcher);
}
