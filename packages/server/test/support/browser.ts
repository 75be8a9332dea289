/**
 * Headless Chromium for the browser tests of the pages: Debian's Chromium (installed by
 * .ci/run) driven by playwright-core; the tests are skipped where it is absent. Screenshots go
 * to .tmp/screenshots/ (the test output, not committed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

/** Starts Chromium (and makes the screenshot directory); the caller closes it. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
