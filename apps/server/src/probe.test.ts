import { it } from 'vitest';
import { buildTestApp } from './test/app.js';
import { buildUser, login } from './test/factories.js';
it('probe', async () => {
  let s = Date.now();
  for (let i = 0; i < 10; i++) { const t = await buildTestApp(); await t.close(); }
  console.log('app build+close avg', (Date.now() - s) / 10);
  const t = await buildTestApp();
  s = Date.now();
  for (let i = 0; i < 10; i++) await buildUser(t);
  console.log('buildUser avg', (Date.now() - s) / 10);
  s = Date.now();
  for (let i = 0; i < 10; i++) await login(t, 'x@y.co', 'abcd');
  console.log('login avg', (Date.now() - s) / 10);
  await t.close();
});
