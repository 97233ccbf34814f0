/**
 * Debian's Chromium through playwright-core, for the browser tests and the benchmark (browsers cannot be
 * downloaded on our machines; these flags keep it from reaching for the network it does not have).
 */
import { chromium, type Browser, type Page } from 'playwright-core';

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

/**
 * Waits until the login form's captcha image has arrived, as a user reads it before typing it: its answer also sets
 * the cookie that binds the browser to the captcha, so a form sent earlier is refused (验证码错误或已失效). The first
 * captcha after a server starts takes longest (its libraries load with it).
 */
export async function captchaShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const image = document.querySelector<HTMLImageElement>('[data-testid=captcha-image]');
      return image !== null && image.complete && image.naturalWidth > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
}
