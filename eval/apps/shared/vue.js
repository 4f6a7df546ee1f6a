// Vue glue for eval app pages: mounts the page the shell names (templates compiled at run time, so
// pages read like the single-file components people write) and publishes its reactive state.
import { createApp, onMounted, toRaw } from 'vue';
import { pageName, publish } from './state.js';

/** Publishes `model` (a reactive object) once the page has mounted. */
export function useEvalState(read) {
  onMounted(() => publish(() => toRaw(read())));
}

/** Mounts the named page of `pages` (`{ name: Component }`) into #root with `plugins` installed. */
export function mountVue(pages, plugins = []) {
  const app = createApp(pages[pageName(pages)]);
  for (const [plugin, options] of plugins) app.use(plugin, options);
  app.mount('#root');
}
