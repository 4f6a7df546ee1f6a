// Text helpers for the page text: whitespace collapsing and clipping. Pure, built on builtins
// captured at load (see ../intrinsics.ts) so that a page patching String.prototype cannot break them.
import { stringCharCodeAt, stringSlice } from '../intrinsics.js';

/** Whether a UTF-16 code unit is whitespace for display purposes (including nbsp and zero-width space). */
export function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200b) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** Collapses runs of whitespace to one space and trims both ends. */
export function collapseWhitespace(text: string): string {
  const length = text.length;
  let out = '';
  let start = -1;
  for (let i = 0; i < length; i++) {
    const space = isSpaceCode(stringCharCodeAt(text, i));
    if (space) {
      if (start >= 0) {
        out += out ? ' ' + stringSlice(text, start, i) : stringSlice(text, start, i);
        start = -1;
      }
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) out += out ? ' ' + stringSlice(text, start) : stringSlice(text, start);
  return out;
}

/** Whether the text has any non-whitespace character (none when null or undefined). */
export function hasVisibleText(text: string | null | undefined): text is string {
  for (let i = 0; text && i < text.length; i++) if (!isSpaceCode(stringCharCodeAt(text, i))) return true;
  return false;
}

/** Cuts already collapsed text to `max` characters, ending with an ellipsis when cut; never splits a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = stringCharCodeAt(text, end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return stringSlice(text, 0, end) + '…';
}
