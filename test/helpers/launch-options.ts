// How Chromium is found and started for the e2e tests: the same binary and flags as the bench,
// defined once in bench/launch.mjs.
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/launch.mjs';
