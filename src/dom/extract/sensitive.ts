// Which form fields never show their value to the model: passwords, card numbers, card security
// codes and one-time codes (by type, by `autocomplete` token, and by unmistakable names). A field
// once seen as a password stays masked when a "show password" toggle turns it into text.
import { regexExec, SafeWeakSet } from '../intrinsics.js';
import { getAttribute } from '../platform.js';

/** @see https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field */
const SECRET_AUTOCOMPLETE = /(?:^|\s)(?:cc-number|cc-csc|one-time-code|current-password|new-password)(?:\s|$)/i;
const SECRET_NAME = /(?:^|[^a-z])(?:cvv2?|cvc2?|csc|cvn|otp|one-?time-?code|cc-?num(?:ber)?|card-?num(?:ber)?|card-?no|security-?code|pin-?code|passw(?:or)?d|pwd)(?:[^a-z]|$)/i;
const NAMING = ['name', 'id', 'aria-label', 'placeholder'];
const seenSecret = new SafeWeakSet<Element>();

/** Whether the value of this field must be hidden from the model; `type` is the input's current type. */
export function isSensitiveField(element: Element, type: string): boolean {
  if (type === 'password') {
    seenSecret.add(element);
    return true;
  }
  if (seenSecret.has(element)) return true;
  const autocomplete = getAttribute(element, 'autocomplete');
  if (autocomplete && regexExec(SECRET_AUTOCOMPLETE, autocomplete)) return true;
  for (let i = 0; i < NAMING.length; i++) {
    const value = getAttribute(element, NAMING[i]!);
    if (value && regexExec(SECRET_NAME, value)) return true;
  }
  return false;
}

/** How a hidden value is shown: whether the field is filled, never what it holds. */
export function maskedValue(value: string): string {
  return value ? '(hidden, filled)' : '';
}
