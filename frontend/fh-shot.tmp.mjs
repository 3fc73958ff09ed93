import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3204';
const [,, who, lang, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 } });
  const page = await ctx.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  if (who !== 'visitor') {
    const r = await page.request.post(base + '/api/user/login/', { data: { email: who, password: 'demo-password-2026' } });
    const body = await r.json();
    const token = body.token ?? body.key ?? body.auth_token;
    await page.addInitScript((t) => localStorage.setItem('current-token', t), token);
  }
  for (const p of paths) {
    await page.goto(base + p); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/fh-shots/${width}-${lang}-${p.replace(/\W/g, '_')}.png`, fullPage: width === 1280 });
  }
  await ctx.close();
}
await browser.close();
