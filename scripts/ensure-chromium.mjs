// Makes sure a Chromium for the e2e tests exists: CHROMIUM_PATH or Debian's /usr/bin/chromium.
// Installs Debian's package when missing and we are root with apt-get; otherwise fails with the command to run.
// It never downloads a browser build and never lets the e2e tests skip silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL = 'apt-get update && apt-get install -y chromium';
const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function works(bin) {
  if (!existsSync(bin)) return false;
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 && /chrom/i.test(result.stdout);
}

if (works(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`Chromium not usable at CHROMIUM_PATH=${path}: fix the path, or unset it and run: ${INSTALL}`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`Chromium not found at ${path}; run: sudo ${INSTALL.replace('&& apt-get', '&& sudo apt-get')} (or set CHROMIUM_PATH)`);
  process.exit(1);
}

console.log(`Chromium not found at ${path}; installing Debian's package: ${INSTALL}`);
try {
  execFileSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${INSTALL}`], { stdio: 'inherit' });
} catch {
  console.error(`Installing Chromium failed; run: ${INSTALL}`);
  process.exit(1);
}
if (!works(path)) {
  console.error(`Chromium still not usable at ${path} after install; run: ${INSTALL}`);
  process.exit(1);
}
