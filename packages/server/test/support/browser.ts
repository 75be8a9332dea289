/**
 * Headless Chromium for the browser tests of the pages, driven by playwright-core.
 *
 * The browser is the npm package @sparticuz/chromium's (a devDependency: a headless Chromium
 * with the libraries it needs beyond the C library, and its own fonts), unpacked once per
 * version and user into the temporary directory, so `npm ci` is all the set-up and the pages are
 * drawn with the same browser and the same fonts on every machine. The support never looks for a
 * Chromium installed on the system; `SOLARKIT_TEST_CHROMIUM` may name one (for example
 * /usr/bin/chromium). Where the browser does not start, the tests are skipped and their title
 * says why (`...: SKIPPED, <reason>`; .ci/run repeats it in its closing line). Screenshots go to
 * .tmp/screenshots/ (the test output, not committed).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

/**
 * Chromium's flags: no sandbox (it needs privileges the tests may lack, root among them), nothing
 * that talks to the network. Not the package's own list (`args`), made for AWS Lambda: its
 * `--single-process` closes the browser with the first page closed, and it turns web security off.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A browser started, or why not. */
export type ChromiumStart = { browser: Browser; skipReason?: undefined } | { browser?: undefined; skipReason: string };

/**
 * The package's Chromium, unpacked: its executable, the environment that makes it load the
 * package's libraries, and a fontconfig file naming the package's fonts only (Open Sans), so text
 * is drawn alike with or without the system's fonts. The package unpacks into
 * `os.tmpdir()/chromium` and trusts any file found there, so concurrent test files could start a
 * half-written binary: here each process unpacks into a directory of its own and renames it into
 * place (rename is atomic; the first one wins, the others use it), and a finished directory holds
 * a `ready` file.
 */
async function packagedChromium(): Promise<{ executable: string; env: Record<string, string> }> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = join(tmpdir(), `solarkit-chromium-${version}-${process.getuid?.() ?? 0}`);
  if (!existsSync(join(target, 'ready'))) {
    const staging = mkdtempSync(`${target}.partial-`);
    try {
      // The package unpacks into os.tmpdir(), which reads TMPDIR at each call; it computes every
      // path in the synchronous start of executablePath, so TMPDIR names the staging directory
      // only for that instant.
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = staging;
      let unpacking: Promise<string>;
      try {
        unpacking = sparticuz.executablePath();
      } finally {
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
      }
      const unpacked = await unpacking;
      if (unpacked !== join(staging, 'chromium')) {
        throw new Error(`@sparticuz/chromium ${version} unpacked to ${unpacked}, not into ${staging}`);
      }
      // The libraries Chromium needs beyond the C library (NSS, NSPR, expat): the package unpacks
      // them on Amazon Linux only, but Debian has them only with its own chromium installed.
      mkdirSync(join(staging, 'al2023'));
      execFileSync('tar', ['-x', '-C', join(staging, 'al2023')], {
        input: brotliDecompressSync(readFileSync(join(dirname(entry), '..', '..', 'bin', 'al2023.tar.br'))),
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      writeFileSync(
        join(staging, 'fonts.conf'),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(target, 'fonts')}</dir>\n  <cachedir>${join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
      );
      writeFileSync(join(staging, 'ready'), `${version}\n`);
      try {
        renameSync(staging, target);
      } catch (e) {
        // Another process renamed its copy first: use that one.
        if (!existsSync(join(target, 'ready'))) throw e;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return {
    executable: join(target, 'chromium'),
    env: {
      FONTCONFIG_FILE: join(target, 'fonts.conf'),
      LD_LIBRARY_PATH: [join(target, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    },
  };
}

/**
 * Starts Chromium (and makes the screenshot directory); the caller closes the browser. Where it
 * does not start, says why instead (and warns once on the console).
 */
export async function startChromium(): Promise<ChromiumStart> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const named = process.env.SOLARKIT_TEST_CHROMIUM;
  let what = named ? `SOLARKIT_TEST_CHROMIUM=${named}` : '@sparticuz/chromium';
  try {
    const { chromium } = await import('playwright-core');
    const launch = named ? { executable: named, env: {} } : await packagedChromium();
    what = launch.executable;
    const browser = await chromium.launch({
      executablePath: launch.executable,
      args: ARGS,
      headless: true,
      env: { ...process.env, ...launch.env },
    });
    return { browser };
  } catch (e) {
    const skipReason = `Chromium (${what}) did not start: ${launchError(e)}`;
    console.warn(`SKIPPED the browser tests: ${skipReason}`);
    return { skipReason };
  }
}

/**
 * The first line of playwright's error and the browser's own first error line (a missing shared
 * library, say), which playwright puts further down among the browser's log.
 */
function launchError(e: unknown): string {
  const lines = String((e as Error)?.message ?? e).split('\n');
  const browserError = lines.find((line) => /^\[pid=\d+\]\[err\] /.test(line))?.replace(/^\[pid=\d+\]\[err\] /, '');
  return browserError === undefined ? lines[0]! : `${lines[0]} (${browserError})`;
}

/** A describe title that says why its tests were skipped (the convention of the suite). */
export function browserTitle(title: string, start: ChromiumStart): string {
  return start.skipReason === undefined ? title : `${title}: SKIPPED, ${start.skipReason}`;
}
