// Types of bench/launch.mjs for the TypeScript tests that share it.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
