/**
 * Debian's Chromium through playwright-core, for the browser tests and the benchmark (browsers cannot be
 * downloaded on our machines; these flags keep it from reaching for the network it does not have).
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}
