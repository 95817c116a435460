import { expect, test } from '@playwright/test';

/** Set by the global setup: whether the server found a built web app to serve. */
const webBuilt = process.env.E2E_WEB_BUILT !== '0';

test('the API answers its health check', async ({ request }) => {
  const res = await request.get('/api/health', { headers: { 'accept-version': '1.3' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ data: { status: 'ok' } });
});

test('the server serves the web app', async ({ page }) => {
  test.skip(!webBuilt, 'apps/web/dist is not built: only the API is served');
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-type']).toContain('text/html');
  await expect(page.locator('#root')).toBeAttached();
});
