// Frame mode (issue #14, option `frameMode`): an agent injected late (a bookmarklet) keeps working
// across page loads. While a task runs (or once the frame is open), a navigation of the tab to a page
// of this origin is made a same-document one (the Navigation API's intercept) and the page loads in
// a full-window <iframe> instead, a form post posted again into it; the agent and its panel stay in
// the top document and read and act in the frame. The address bar and the title follow the frame;
// going back past its first page closes it. A link to another site opens in the tab itself (the task
// ends there, as without frames); a page that refuses to be framed (X-Frame-Options,
// frame-ancestors) closes the frame and the model hears that links cannot be followed there.
// Dispose removes the frame and loads the frame's page in the tab.
import type { PageAgentCore } from '../agent.js';
import { schedule } from '../base/index.js';

/** The page controller, as far as frame mode needs it: read and act in another window once `ready`. */
export interface FrameHost {
  useWindow(win: Window, ready?: Promise<unknown>): void;
}

interface NavigateEventLike extends Event {
  canIntercept: boolean;
  navigationType: string;
  downloadRequest: string | null;
  formData: FormData | null;
  sourceElement?: Element | null;
  destination: { url: string; sameDocument: boolean; key: string };
  intercept(options: { handler: () => Promise<void>; focusReset?: string; scroll?: string }): void;
}

type NavigationLike = EventTarget & { currentEntry: { key: string } | null; transition: unknown };

const navigationOf = (win: Window) => (win as { navigation?: NavigationLike }).navigation;
/** A frame's next document may never come (a 204, a download): reads wait this long at most. */
const LOAD_LIMIT = 10_000;

/** Keeps the pages a running task opens in a frame of the top document. Returns nothing; dispose undoes it. */
export function followInFrame(agent: PageAgentCore, host: FrameHost): void {
  const nav = navigationOf(window);
  if (!nav || self !== top) return;
  const off = new AbortController();
  const signal = off.signal;
  const root = document.documentElement;
  const overflow = root.style.overflow;
  let frame: HTMLIFrameElement | null = null;
  /** The history entry the tab was on before the frame opened: going back to it closes the frame. */
  let startKey = '';
  let startUrl = '';
  let startTitle = '';
  /** The page the frame was last sent to. */
  let target = '';
  const wait = () => new Promise<void>((resolve) => schedule(resolve, LOAD_LIMIT));
  const note = (text: string) => agent.pushObservation(text);

  function close(): void {
    frame?.remove();
    frame = null;
    root.style.overflow = overflow;
    document.title = startTitle;
    host.useWindow(window);
  }

  function open(url: string, data: FormData | null, source: Element | null | undefined): void {
    target = url;
    if (!frame) {
      frame = document.createElement('iframe');
      frame.name = 'page-agent-frame';
      frame.title = document.title;
      frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483646;background:#fff';
      frame.addEventListener('load', onLoad, { signal });
      if (!data) frame.src = url;
      root.style.overflow = 'hidden';
      root.append(frame);
    } else if (!data) frame.src = url;
    host.useWindow(frame.contentWindow!, wait());
    if (!data) return;
    // A form post: the same fields posted again, with the form's encoding, into the frame.
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    form.target = frame.name;
    // A form's own encoding (a button's formenctype is not read: '' is the default encoding).
    form.enctype = (source as HTMLFormElement | null)?.enctype ?? '';
    form.hidden = true;
    for (const [name, value] of data) {
      const input = document.createElement('input');
      input.name = name;
      if (typeof value === 'string') {
        input.type = 'hidden';
        input.value = value;
      } else {
        input.type = 'file';
        const files = new DataTransfer();
        files.items.add(value);
        input.files = files.files;
      }
      form.append(input);
    }
    root.append(form);
    form.submit();
    form.remove();
  }

  function onLoad(): void {
    const win = frame!.contentWindow!;
    // Null for an error page of no origin: the site refuses to be framed (X-Frame-Options,
    // frame-ancestors), or a redirect went to another site.
    const doc = frame!.contentDocument;
    // The empty document a new frame starts with (before a form is posted into it).
    if (doc?.URL === 'about:blank') return;
    if (!doc) {
      close();
      history.replaceState(history.state, '', startUrl);
      note(`The page ${target} refuses to open in the agent's frame: the agent cannot follow links there; the tab stays on ${startUrl}.`);
      return;
    }
    host.useWindow(win);
    if (doc.URL !== location.href) history.replaceState(history.state, '', doc.URL);
    document.title = doc.title;
    // Inside the frame: another site opens in the tab.
    navigationOf(win)?.addEventListener('navigate', (event) => {
      const e = event as NavigateEventLike;
      target = e.destination.url;
      if (new URL(target).origin !== location.origin) {
        event.preventDefault();
        // Reads wait while the tab leaves, as for any page.
        host.useWindow(window);
        location.assign(target);
      }
    }, { signal });
  }

  nav.addEventListener('navigate', (event) => {
    const e = event as NavigateEventLike;
    // Back to the entry before the frame: the page under it is that entry's page.
    if (frame && e.navigationType === 'traverse' && e.destination.key === startKey) return close();
    if (e.destination.sameDocument || e.downloadRequest || !e.canIntercept || (!frame && agent.status !== 'running')) return;
    if (new URL(e.destination.url).origin !== location.origin) return;
    const { url } = e.destination;
    // Before the intercept commits the new URL.
    if (!frame) {
      startKey = nav.currentEntry?.key ?? '';
      startUrl = location.href;
      startTitle = document.title;
    }
    e.intercept({ handler: async () => open(url, e.formData, e.sourceElement), focusReset: 'manual', scroll: 'manual' });
  }, { signal });

  agent.addEventListener('dispose', () => {
    off.abort();
    if (!frame) return;
    const here = location.href;
    close();
    if (here !== startUrl) location.reload();
  });
}
