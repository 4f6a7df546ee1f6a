// Overlay lifecycle without layout (geometry and CSP are covered in Chromium, test/e2e/actions/overlay).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Overlay, OVERLAY_TAG } from '../../../../src/dom/overlay/overlay.js';

afterEach(() => {
  document.querySelectorAll(OVERLAY_TAG).forEach((el) => el.remove());
});

describe('Overlay', () => {
  it('adds nothing to the page when constructed', () => {
    const overlay = new Overlay(window);
    expect(overlay.host).toBeNull();
    expect(document.querySelector(OVERLAY_TAG)).toBeNull();
    overlay.clearHighlights();
    overlay.hideMask();
    expect(document.querySelector(OVERLAY_TAG)).toBeNull();
  });

  it('creates one ignored host on first use and recognises its own nodes', () => {
    const overlay = new Overlay(window);
    overlay.showMask();
    const host = document.querySelector(OVERLAY_TAG)!;
    expect(host).toBe(overlay.host);
    expect(host.hasAttribute('data-page-agent-ignore')).toBe(true);
    expect(overlay.maskVisible).toBe(true);
    expect(overlay.contains(host)).toBe(true);
    expect(overlay.contains(document.body)).toBe(false);
    overlay.showMask();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
  });

  it('waits for <body> before creating anything', () => {
    const body = document.body;
    body.remove();
    try {
      const overlay = new Overlay(window);
      overlay.showMask();
      expect(overlay.host).toBeNull();
    } finally {
      document.documentElement.append(body);
    }
  });

  it('puts its host back when the page removed it', () => {
    const overlay = new Overlay(window);
    overlay.showMask();
    overlay.host!.remove();
    overlay.showMask();
    expect(overlay.host!.isConnected).toBe(true);
  });

  it('does not create a host to move a hidden cursor', async () => {
    const overlay = new Overlay(window, { showCursor: false });
    await overlay.moveCursor(10, 10);
    expect(overlay.host).toBeNull();
  });

  it('runs disposers once, removes the host, and ignores later calls', () => {
    const overlay = new Overlay(window);
    const cleanup = vi.fn();
    overlay.onDispose(cleanup);
    overlay.showMask();
    overlay.dispose();
    overlay.dispose();
    overlay.showMask();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(document.querySelector(OVERLAY_TAG)).toBeNull();
    const late = vi.fn();
    overlay.onDispose(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
