// What each optional feature costs in the IIFE's gzip: the shipped text of its source files left out
// of the bundle output (a lower bound of what removing the feature would save, since the call sites
// and the prompt lines that mention it stay). The figures behind any decision to drop a feature to
// reach a size target. `node scripts/feature-costs.mjs` prints them; `npm run bench` records them.
import { fileURLToPath } from 'node:url';
import { bundlePieces, gzip, gzipWithout } from './size-pieces.mjs';

/** Features that could be left out of the bundle, and the source files that are only theirs. */
export const FEATURES = [
  ['Panel markdown answers', ['src/panel/markdown.ts', 'src/panel/markdown-template.ts']],
  ['Human date/time/number input', ['src/dom/actions/human-values.ts']],
  ['Custom-widget (ARIA) selects', ['src/dom/actions/aria-listbox.ts', 'src/dom/actions/option-match.ts']],
  ['press_key (keyboard, key defaults)', ['src/dom/actions/press-key.ts', 'src/dom/actions/keyboard.ts', 'src/dom/actions/key-defaults.ts']],
  ['hover_element', ['src/dom/actions/hover.ts', 'src/dom/actions/hover-styles.ts']],
  ['execute_javascript', ['src/dom/actions/execute-javascript.ts', 'src/tools/execute-javascript.ts']],
  ['Overlays (mask, highlights, cursor)', ['src/dom/overlay/']],
  ['Response repair (10 cases)', ['src/llm/repair/']],
  ['zod to JSON Schema (custom tools)', ['src/llm/json-schema.ts']],
  ['Approval (policy and gate)', ['src/tools/approval-policy.ts', 'src/agent/approval-gate.ts']],
  ['Listener tracking', ['src/dom/extract/listener-tracker.ts']],
  ['Hostile-page safety (captured builtins)', ['src/dom/platform.ts', 'src/dom/intrinsics.ts']],
  ['Panel drag', ['src/panel/drag.ts']],
  ['Script-tag config and query parameters', ['src/config/script-tag.ts']],
  ['llms.txt', ['src/prompt/llms-txt.ts']],
  ['Panel CSP explanations', ['src/panel/csp-watch.ts']],
];

/** `{ whole, features: [{ name, gzip }] }` for the current sources, or for `pieces` from bundlePieces(). */
export async function featureCosts(pieces) {
  pieces ??= (await bundlePieces()).pieces;
  const whole = gzip(pieces.map(([, text]) => text).join(''));
  const features = FEATURES.map(([name, paths]) => ({
    name,
    gzip: gzipWithout(pieces, (file) => paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path))),
  }));
  return { whole, features };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { whole, features } = await featureCosts();
  console.log(`whole output gzip ${whole} (before the ASCII escaping of the shipped file)`);
  for (const { name, gzip: bytes } of features) console.log(String(bytes).padStart(7), ' ', name);
  console.log(String(features.reduce((sum, f) => sum + f.gzip, 0)).padStart(7), '  all of the above (summed one by one)');
}
