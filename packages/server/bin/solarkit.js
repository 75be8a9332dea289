#!/usr/bin/env node
// The `solarkit` command. In a clone (src/cli/main.ts of this package) it runs the TypeScript
// source through tsx, a devDependency, so the command never runs a dist/ older than the source;
// an installed package ships no src/ and runs dist/cli.js. SOLARKIT_FROM_DIST=1 forces dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'cli', 'main.ts');
const built = join(root, 'dist', 'cli.js');

async function tsxRegister() {
  try {
    return (await import('tsx/esm/api')).register;
  } catch (e) {
    // tsx not installed (npm ci --omit=dev): fall back to the build. Any other failure is real.
    if (e && (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND')) return undefined;
    throw e;
  }
}

const register = existsSync(source) && !process.env.SOLARKIT_FROM_DIST ? await tsxRegister() : undefined;
if (register) {
  // In the repository the server imports the core ('solarkit') through the root tsconfig's paths,
  // so the command runs the core's source too, never a stale dist/.
  const tsconfig = join(root, '..', '..', 'tsconfig.json');
  register(existsSync(tsconfig) ? { tsconfig } : {});
  await import(pathToFileURL(source).href);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write(
    existsSync(source)
      ? 'solarkit: tsx is not installed and dist/ is not built: run `npm ci` (or `npm run build`)\n'
      : `solarkit: ${built} is missing: the package is incomplete, reinstall it\n`,
  );
  process.exitCode = 1;
}
