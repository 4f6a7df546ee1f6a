// One-line element descriptions for messages to the model.
import { describe, expect, it } from 'vitest';
import { clip, describeElement } from '../../../src/dom/describe.js';

describe('describeElement', () => {
  it('names the tag, up to three attributes and the clipped text', () => {
    const banner = document.createElement('div');
    banner.id = 'consent';
    banner.setAttribute('role', 'dialog');
    banner.setAttribute('aria-label', 'Cookie consent');
    banner.className = 'cookie-banner   fixed bottom';
    banner.textContent = 'We use cookies to make this site work and to measure how it is used.';
    expect(describeElement(banner)).toBe('<div id=consent role=dialog aria-label=Cookie consent>We use cookies to make this site work a…');
  });

  it('keeps the first two classes', () => {
    const button = document.createElement('button');
    button.className = 'btn  btn-primary large';
    expect(describeElement(button)).toBe('<button class=btn btn-primary>');
  });
});

describe('clip', () => {
  it('collapses whitespace before cutting', () => {
    expect(clip('  a \n b  ', 10)).toBe('a b');
    expect(clip('abcdefghijkl', 5)).toBe('abcd…');
  });
});
