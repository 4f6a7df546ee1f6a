// Key names as a person (or a model) writes them ("Enter", "ctrl+A", "Shift+Tab", "ArrowDown") turned
// into the key/code/keyCode a US keyboard reports, and dispatch of keydown/keypress/keyup with them.
// Values follow UI Events KeyboardEvent key and code values; keyCode is the legacy value Chromium sends.
import { dispatchEvent, realmOf } from '../platform.js';

/** One physical key: what `key`, `code` and `keyCode` say, and the character it types, if any. */
export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** The text a keypress inserts ("\r" for Enter); absent for keys that type nothing. */
  text?: string;
  location?: number;
}

/** Modifier state of a key press. */
export interface ModifierState {
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A parsed combination such as Control+Shift+a. */
export interface KeyCombo {
  key: KeyDefinition;
  modifiers: ModifierState;
  /** Canonical spelling, e.g. "Control+a". */
  label: string;
}

// Named keys whose key and code are the name itself, with their keyCode; Enter types "\r".
// No prototype in the two tables: a model asking for "constructor" gets "Unknown key", not Object.
const NAMED: Record<string, KeyDefinition> = Object.create(null);
const KEY_NAMES: string[] = [];
for (const entry of 'Enter13 Tab9 Escape27 Backspace8 Delete46 ArrowUp38 ArrowDown40 ArrowLeft37 ArrowRight39 Home36 End35 PageUp33 PageDown34 Insert45'.split(' ')) {
  const name = entry.replace(/\d+$/, '');
  KEY_NAMES.push(name);
  NAMED[name.toLowerCase()] = { key: name, code: name, keyCode: +entry.slice(name.length) };
}
NAMED.enter!.text = '\r';
NAMED.space = { key: ' ', code: 'Space', keyCode: 32, text: ' ' };
/** The modifier keys with their flag and keyCode, in the order press_key holds them down. */
export const MODIFIER_KEYS = [
  ['ctrlKey', 'Control', 17],
  ['metaKey', 'Meta', 91],
  ['altKey', 'Alt', 18],
  ['shiftKey', 'Shift', 16],
] as const;
for (const [, name, keyCode] of MODIFIER_KEYS) NAMED[name.toLowerCase()] = { key: name, code: `${name}Left`, keyCode, location: 1 };
for (let n = 1; n <= 12; n++) NAMED[`f${n}`] = { key: `F${n}`, code: `F${n}`, keyCode: 111 + n };

const ALIASES: Record<string, string> = Object.create(null);
for (const group of 'escape:esc enter:return delete:del arrowup:up arrowdown:down arrowleft:left arrowright:right pageup:pgup pagedown:pgdn space:spacebar control:ctrl meta:cmd:command:super:win alt:option'.split(' ')) {
  const [name, ...aliases] = group.split(':');
  for (const alias of aliases) ALIASES[alias] = name!;
}

// Punctuation on a US layout: unshifted and shifted characters at the same position share code and keyCode.
const PLAIN = "`-=[]\\;',./";
const SHIFTED = '~_+{}|:"<>?';
const PUNCTUATION_CODES = 'Backquote Minus Equal BracketLeft BracketRight Backslash Semicolon Quote Comma Period Slash'.split(' ');
const PUNCTUATION_KEYCODES = [192, 189, 187, 219, 221, 220, 186, 222, 188, 190, 191];
const SHIFTED_DIGITS = ')!@#$%^&*(';

/** A modifier state with no key held. */
export function noModifiers(): ModifierState {
  return { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
}

/** A key of the table by its own name, such as "Backspace" or "Shift" (names from a model go through parseKeyCombo). */
export function namedKey(name: string): KeyDefinition {
  return NAMED[name.toLowerCase()]!;
}

/** The key a US keyboard uses to type `char`, and whether Shift is held for it. */
export function keyForCharacter(char: string): { key: KeyDefinition; shift: boolean } {
  if (char === '\n' || char === '\r') return { key: NAMED.enter!, shift: false };
  if (char === ' ') return { key: NAMED.space!, shift: false };
  if (char === '\t') return { key: NAMED.tab!, shift: false };
  if (/^[a-z\d]$/i.test(char)) {
    // Letters and digits: KeyA/Digit1, keyCode of the uppercase letter or the digit, Shift for capitals.
    const upper = char.toUpperCase();
    return { key: { key: char, code: (char < 'A' ? 'Digit' : 'Key') + upper, keyCode: upper.charCodeAt(0), text: char }, shift: char !== char.toLowerCase() };
  }
  const shiftedDigit = SHIFTED_DIGITS.indexOf(char);
  if (shiftedDigit >= 0) return { key: { key: char, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: char }, shift: true };
  const plain = PLAIN.indexOf(char);
  const at = plain >= 0 ? plain : SHIFTED.indexOf(char);
  if (at >= 0) return { key: { key: char, code: PUNCTUATION_CODES[at]!, keyCode: PUNCTUATION_KEYCODES[at]!, text: char }, shift: plain < 0 };
  // Characters outside the layout (é, 中, emoji) arrive as a key with no physical code, as with an IME or a paste.
  return { key: { key: char, code: '', keyCode: 0, text: char }, shift: false };
}

/** Parses "Enter", "ctrl+a", "Shift+Tab", "Meta+Enter"; returns an error sentence for unknown names. */
export function parseKeyCombo(spec: string): KeyCombo | { error: string } {
  // A lone space is the Space key, not an empty name.
  const trimmed = spec && !spec.trim() ? 'Space' : spec.trim();
  const parts = trimmed === '+' ? ['+'] : trimmed.split(/\s*\+\s*(?=.)/).filter((p) => p.length > 0);
  if (!parts.length) return { error: 'No key was given.' };
  const modifiers = noModifiers();
  const modifierNames: string[] = [];
  for (const part of parts.slice(0, -1)) {
    const name = ALIASES[part.toLowerCase()] ?? part.toLowerCase();
    const modifier = name === 'controlormeta' ? MODIFIER_KEYS[isMac() ? 1 : 0] : MODIFIER_KEYS.find((m) => m[1].toLowerCase() === name);
    if (!modifier) return { error: `"${part}" is not a modifier; use Control, Shift, Alt or Meta before the key, as in Control+a.` };
    modifiers[modifier[0]] = true;
    modifierNames.push(modifier[1]);
  }
  const last = parts[parts.length - 1]!;
  const lower = last.toLowerCase();
  let key: KeyDefinition | undefined = NAMED[ALIASES[lower] ?? lower];
  if (!key && [...last].length === 1) {
    const typed = keyForCharacter(last);
    key = typed.key;
    if (typed.shift) modifiers.shiftKey = true;
  }
  if (!key) {
    return { error: `Unknown key "${last}". Use a character or one of: Space, ${KEY_NAMES.join(', ')}, F1–F12, with modifiers such as Control+a or Shift+Tab.` };
  }
  // With Control/Meta/Alt held, letters keep their lowercase key value, as on a real keyboard.
  return { key, modifiers, label: [...modifierNames, key.key === ' ' ? 'Space' : key.key].join('+') };
}

function isMac(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  return /mac|iphone|ipad/i.test(nav?.userAgentData?.platform ?? nav?.platform ?? '');
}

/** Whether the press types a character: a printable key without Control, Alt or Meta (Enter counts). */
export function typesText(combo: KeyCombo): boolean {
  return combo.key.text !== undefined && !combo.modifiers.ctrlKey && !combo.modifiers.altKey && !combo.modifiers.metaKey;
}

/** Dispatches keydown, keypress or keyup with legacy keyCode/charCode as Chromium sets them; false if cancelled. */
export function dispatchKey(target: EventTarget & Node, type: 'keydown' | 'keypress' | 'keyup', key: KeyDefinition, modifiers: ModifierState): boolean {
  const realm = realmOf(target);
  const charCode = type === 'keypress' && key.text ? key.text.charCodeAt(0) : 0;
  const keyCode = type === 'keypress' ? charCode : key.keyCode;
  const init: KeyboardEventInit & { keyCode: number; charCode: number; which: number } = {
    // key and code; keyCode is set below and `text` is no member of the init.
    ...key,
    location: key.location ?? 0,
    repeat: false,
    isComposing: false,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: realm.window,
    keyCode,
    charCode,
    which: keyCode,
    ...modifiers,
  };
  return dispatchEvent(target, new realm.KeyboardEvent(type, init));
}

/** Presses and releases a named key ("Backspace", "ArrowUp") without modifiers; `onDown` runs when the keydown was not cancelled. */
export function tapKey(target: EventTarget & Node, name: string, onDown?: () => void): void {
  const key = namedKey(name);
  const none = noModifiers();
  if (dispatchKey(target, 'keydown', key, none)) onDown?.();
  dispatchKey(target, 'keyup', key, none);
}
