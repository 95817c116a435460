import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { realtime } from '../lib/realtime';
import { server } from './server';

// A loaded 2-core box renders MUI slowly; 1 s (the default), even 3 s, made findBy* flaky there,
// and 6 s too once two test workers shared its cores. Only a failing wait lasts this long.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  // One socket per tab in the app; in tests, none outlives its test.
  realtime.stop();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});

afterAll(() => server.close());
