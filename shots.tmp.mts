import { launchChromium } from './scripts/chromium';
const base = 'http://localhost:4717';
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN', baseURL: base });
const page = await context.newPage();
await page.goto('/app/login');
await page.locator('#login_username').fill('manager');
await page.locator('#login_password').fill('Manager@2026');
await page.locator('#login_validateCode').fill('2468');
await page.locator('#login_validateCode').press('Enter');
await page.waitForURL('**/app/gateway-page');
const shots: [string, string][] = (process.argv[2] ?? '').split(',').map((s) => s.split('=') as [string, string]);
for (const [name, url] of shots) {
  await page.goto(url);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  console.log('shot', name, page.url());
}
await browser.close();
