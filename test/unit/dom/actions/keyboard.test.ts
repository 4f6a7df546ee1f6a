// Parsing key names and mapping characters to US-layout keys.
import { describe, expect, it } from 'vitest';
import { keyForCharacter, parseKeyCombo, typesText } from '../../../../src/dom/actions/keyboard.js';

describe('parseKeyCombo', () => {
  it('reads named keys and aliases case-insensitively', () => {
    expect(parseKeyCombo('enter')).toMatchObject({ key: { key: 'Enter', code: 'Enter', keyCode: 13 }, label: 'Enter' });
    expect(parseKeyCombo('Esc')).toMatchObject({ key: { key: 'Escape', keyCode: 27 } });
    expect(parseKeyCombo('down')).toMatchObject({ key: { key: 'ArrowDown', keyCode: 40 } });
    expect(parseKeyCombo('F5')).toMatchObject({ key: { key: 'F5', keyCode: 116 } });
    expect(parseKeyCombo(' ')).toMatchObject({ key: { key: ' ', code: 'Space' }, label: 'Space' });
  });

  it('reads combinations with modifiers', () => {
    expect(parseKeyCombo('ctrl+a')).toMatchObject({ key: { key: 'a', code: 'KeyA', keyCode: 65 }, modifiers: { ctrlKey: true, shiftKey: false }, label: 'Control+a' });
    expect(parseKeyCombo('Shift + Tab')).toMatchObject({ key: { key: 'Tab' }, modifiers: { shiftKey: true }, label: 'Shift+Tab' });
    expect(parseKeyCombo('Cmd+Enter')).toMatchObject({ modifiers: { metaKey: true }, label: 'Meta+Enter' });
    expect(parseKeyCombo('Control++')).toMatchObject({ key: { key: '+', code: 'Equal' }, modifiers: { ctrlKey: true, shiftKey: true } });
  });

  it('explains unknown names and modifiers', () => {
    expect(parseKeyCombo('Hyper+x')).toEqual({ error: expect.stringContaining('"Hyper" is not a modifier') });
    expect(parseKeyCombo('Launch')).toEqual({ error: expect.stringContaining('Unknown key "Launch"') });
    for (const name of ['constructor', 'toString', '__proto__', 'Shift+hasOwnProperty']) {
      expect(parseKeyCombo(name)).toEqual({ error: expect.stringContaining('Unknown key') });
    }
    expect(parseKeyCombo('constructor+a')).toEqual({ error: expect.stringContaining('is not a modifier') });
    expect(parseKeyCombo('')).toEqual({ error: 'No key was given.' });
  });

  it('knows which presses type text', () => {
    const combo = (s: string) => parseKeyCombo(s) as Exclude<ReturnType<typeof parseKeyCombo>, { error: string }>;
    expect(typesText(combo('a'))).toBe(true);
    expect(typesText(combo('Enter'))).toBe(true);
    expect(typesText(combo('Control+a'))).toBe(false);
    expect(typesText(combo('Escape'))).toBe(false);
  });
});

describe('keyForCharacter', () => {
  it('maps characters to keys, codes and legacy key codes with Shift where needed', () => {
    expect(keyForCharacter('a')).toEqual({ key: { key: 'a', code: 'KeyA', keyCode: 65, text: 'a' }, shift: false });
    expect(keyForCharacter('B')).toEqual({ key: { key: 'B', code: 'KeyB', keyCode: 66, text: 'B' }, shift: true });
    expect(keyForCharacter('1')).toMatchObject({ key: { code: 'Digit1', keyCode: 49 }, shift: false });
    expect(keyForCharacter('!')).toMatchObject({ key: { code: 'Digit1', keyCode: 49 }, shift: true });
    expect(keyForCharacter('?')).toMatchObject({ key: { code: 'Slash', keyCode: 191 }, shift: true });
    expect(keyForCharacter('\n')).toMatchObject({ key: { key: 'Enter' } });
    expect(keyForCharacter('é')).toEqual({ key: { key: 'é', code: '', keyCode: 0, text: 'é' }, shift: false });
  });
});
