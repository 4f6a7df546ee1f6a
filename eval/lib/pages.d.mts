// Types of eval/lib/pages.mjs for the TypeScript tests.
export declare function staticPage(path: string): { path: string };
export declare function appPage(app: string, page: string): { app: string; page: string; path: string };
export declare function appShell(app: string, page: string): string;
