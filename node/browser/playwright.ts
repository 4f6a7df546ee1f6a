// Loads playwright-core (an optional peer dependency) and starts Chromium: CHROMIUM_PATH, Debian's
// /usr/bin/chromium, or the browser Playwright installed. Every failure names the fix.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { NodeRunError } from '../errors.js';

type Playwright = typeof import('playwright-core');

/** The command that installs the optional peer dependency. */
export const PLAYWRIGHT_INSTALL = 'npm install --save-dev playwright-core';

/** Imports playwright-core; a NodeRunError (config) with the install command when it is missing. */
export async function loadPlaywright(importer: () => Promise<Playwright> = () => import('playwright-core')): Promise<Playwright> {
  try {
    return await importer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new NodeRunError('config', `playwright-core is not installed; drop-in-page-agent drives Chromium through it. Install it with: ${PLAYWRIGHT_INSTALL}`);
    }
    throw error;
  }
}

/** Where Chromium is: CHROMIUM_PATH (must exist), else /usr/bin/chromium when present, else Playwright's own (undefined). */
export function findChromium(env: Record<string, string | undefined>, exists: (path: string) => boolean = existsSync): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!exists(configured)) throw new NodeRunError('config', `CHROMIUM_PATH is ${configured}, but no file is there. Point it at a Chromium or Chrome binary, or unset it.`);
    return configured;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (exists(candidate)) return candidate;
  return undefined;
}

/** Options of launchChromium. */
export interface LaunchOptions {
  headed?: boolean;
  env?: Record<string, string | undefined>;
  importer?: () => Promise<Playwright>;
  /**
   * Let Playwright close the browser and exit the process on Ctrl+C and SIGTERM. The command line
   * passes false: it stops the run itself, closes the browser and writes its output first.
   * @default true
   */
  handleSignals?: boolean;
  /** Whether a file exists (where Chromium is looked for). @default existsSync */
  exists?: (path: string) => boolean;
}

/** Starts Chromium headless (or headed); a NodeRunError (browser) says how to get one when none starts. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const env = options.env ?? process.env;
  const { chromium } = await loadPlaywright(options.importer);
  const executablePath = findChromium(env, options.exists);
  // Chromium refuses to start as root with its sandbox on (containers, CI runners).
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  try {
    const handle = options.handleSignals !== false;
    return await chromium.launch({ executablePath, headless: !options.headed, handleSIGINT: handle, handleSIGTERM: handle, args: [...args, '--disable-gpu', '--no-first-run'] });
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (!executablePath && /Executable doesn't exist|executable/i.test(message)) {
      throw new NodeRunError(
        'browser',
        'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, install your system package (e.g. `apt-get install chromium`), or run `npx playwright install chromium`.',
      );
    }
    throw new NodeRunError('browser', `Chromium did not start${executablePath ? ` (${executablePath})` : ''}: ${message.split('\n')[0]}`);
  }
}
