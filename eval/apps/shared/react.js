// React glue for eval app pages: mounts the page the shell names and publishes its state.
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
import { pageName, publish } from './state.js';

/** Publishes `state` (read at check time) once the page has committed its first render. */
export function useEvalState(state) {
  const ref = useRef(state);
  ref.current = state;
  useEffect(() => publish(() => ref.current), []);
}

/** Renders the named page of `pages` (`{ name: Component }`) into #root, inside `wrap` if given. */
export function mountReact(pages, wrap = (child) => child) {
  const Page = pages[pageName(pages)];
  createRoot(document.getElementById('root')).render(wrap(jsx(Page, {})));
}
