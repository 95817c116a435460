import { describe, expect, it } from 'vitest';
import { Endpoints } from './endpoints.js';
import { PromptEndpoints } from './prompt-endpoints.js';
import { WatercoolerEndpoints } from './watercooler-endpoints.js';
import { Routes } from './routes/index.js';

describe('Endpoints', () => {
  it('is the route table without schemas: same names, methods, paths and auth', () => {
    const fromRoutes = Object.fromEntries(
      Object.entries(Routes).map(([name, { method, path, auth }]) => [name, { method, path, auth }]),
    );
    expect({ ...Endpoints, ...PromptEndpoints, ...WatercoolerEndpoints }).toEqual(fromRoutes);
  });

  it('holds no schema', () => {
    for (const endpoint of Object.values({ ...Endpoints, ...PromptEndpoints, ...WatercoolerEndpoints }))
      expect(Object.keys(endpoint).sort()).toEqual(['auth', 'method', 'path']);
  });
});
