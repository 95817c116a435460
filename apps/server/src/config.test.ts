import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FRAME_ANCESTORS, loadConfig } from './config.js';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rally-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: path.join(dir, 'data'), ...env });

  /** The ConfigError thrown for an environment. */
  const errorOf = (env: Record<string, string>): ConfigError => {
    try {
      load(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return err as ConfigError;
    }
    throw new Error(`no error for ${JSON.stringify(env)}`);
  };

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://db/rally'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['PUBLIC_URL', 'localhost'],
    ['LOG_LEVEL', 'loud'],
    ['APP_SECRET', 'short'],
    ['TRUST_PROXY', 'yes'],
    ['TRIAL_DAYS', 'two weeks'],
    ['WATERCOOLER_TOKEN_TTL_SECONDS', '0'],
    ['WATERCOOLER_STUN_URLS', 'stun:a.example,http://b.example'],
    ['WATERCOOLER_TURN_URLS', 'stun:turn.example'],
    ['WATERCOOLER_CHANNEL', 'bad channel'],
    ['FRAME_ANCESTORS', "'self' http://teams.microsoft.com"],
    ['FRAME_ANCESTORS', '*'],
    ['FRAME_ANCESTORS', "'self' https:"],
    ['FRAME_ANCESTORS', 'https://*'],
    ['FRAME_ANCESTORS', 'https://host.example/path'],
    ['FRAME_ANCESTORS', "'none'"],
    ['FRAME_ANCESTORS', 'https://a.example,https://b.example'],
  ])('names %s in the error for %j', (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    // Only the bad variable is named.
    expect(err.message.match(/^\s+\w+: /gm)).toHaveLength(1);
  });

  it('names every bad variable at once', () => {
    const err = errorOf({ PORT: 'abc', DATABASE_URL: 'mysql://db/rally', REDIS_URL: 'memcached://x' });
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL']) expect(err.message).toContain(`${name}:`);
  });

  it('does not echo a password from a bad URL', () => {
    const err = errorOf({ DATABASE_URL: 'mysql://rally:hunter2@db/rally' });
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).not.toContain('hunter2');
  });

  it('reads good values, with PostgreSQL and Redis URLs', () => {
    const cfg = load({
      PORT: '8080',
      DATABASE_URL: ' postgres://u:p@db:5432/rally ',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      TRUST_PROXY: 'true',
      TRIAL_DAYS: '7',
      APP_SECRET: 'k'.repeat(32),
    });
    expect(cfg).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u:p@db:5432/rally',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      TRUST_PROXY: true,
      TRIAL_DAYS: 7,
      APP_SECRET: 'k'.repeat(32),
    });
  });

  it('treats empty variables as unset (PORT= does not mean a random port, TRIAL_DAYS= not zero days)', () => {
    const cfg = load({ PORT: '', TRIAL_DAYS: '', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: '', APP_SECRET: '' });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.TRIAL_DAYS).toBe(14);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.REDIS_URL).toBeUndefined();
    expect(cfg.LOG_LEVEL).toBe('info');
    expect(cfg.APP_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('without APP_SECRET creates one in DATA_DIR, private, and keeps it across starts', () => {
    const first = load({});
    const file = path.join(dir, 'data', 'app-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.APP_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(first.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(load({}).APP_SECRET).toBe(first.APP_SECRET);
    expect(first.DATA_DIR).toBe(path.join(dir, 'data'));
  });

  it('BILLING_TEST_MODE: on without Stripe keys, off with them; false turns test mode off; true with keys is refused', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_x',
    };
    expect(load({}).BILLING_TEST_MODE).toBe(true);
    expect(load({ BILLING_TEST_MODE: '' }).BILLING_TEST_MODE).toBe(true);
    expect(load({ BILLING_TEST_MODE: 'false' }).BILLING_TEST_MODE).toBe(false);
    expect(load(stripe).BILLING_TEST_MODE).toBe(false);
    expect(load({ ...stripe, BILLING_TEST_MODE: 'false' }).BILLING_TEST_MODE).toBe(false);
    expect(errorOf({ ...stripe, BILLING_TEST_MODE: 'true' }).message).toMatch(/BILLING_TEST_MODE/);
    expect(errorOf({ BILLING_TEST_MODE: 'off' }).message).toMatch(/BILLING_TEST_MODE/);
  });

  it('watercooler: no STUN or TURN by default; lists are read; TURN needs its secret', () => {
    const cfg = load({});
    expect(cfg.WATERCOOLER_STUN_URLS).toEqual([]);
    expect(cfg.WATERCOOLER_TURN_URLS).toEqual([]);
    expect(cfg.WATERCOOLER_TOKEN_TTL_SECONDS).toBe(120);
    expect(cfg.WATERCOOLER_IDLE_MINUTES).toBe(60);
    expect(cfg.WATERCOOLER_MESSAGES_PER_MINUTE).toBe(300);
    expect(cfg.WATERCOOLER_CHANNEL).toBe('rally:watercooler');
    const set = load({
      WATERCOOLER_STUN_URLS: ' stun:stun.example:3478 , stun:other.example ',
      WATERCOOLER_TURN_URLS: 'turn:turn.example:3478?transport=udp,turns:turn.example:5349',
      WATERCOOLER_TURN_SECRET: 's3cret',
    });
    expect(set.WATERCOOLER_STUN_URLS).toEqual(['stun:stun.example:3478', 'stun:other.example']);
    expect(set.WATERCOOLER_TURN_URLS).toHaveLength(2);
    expect(errorOf({ WATERCOOLER_TURN_URLS: 'turn:turn.example' }).message).toMatch(/WATERCOOLER_TURN_SECRET/);
  });

  it("FRAME_ANCESTORS: Microsoft's list of tab hosts by default; any https origin or *. pattern; local http only", () => {
    expect(load({}).FRAME_ANCESTORS).toEqual([...DEFAULT_FRAME_ANCESTORS]);
    expect(DEFAULT_FRAME_ANCESTORS).toEqual([
      "'self'",
      'https://teams.microsoft.com',
      'https://*.teams.microsoft.com',
      'https://*.cloud.microsoft',
      'https://*.microsoft365.com',
      'https://*.office.com',
      'https://outlook.office.com',
      'https://outlook.office365.com',
      'https://outlook-sdf.office.com',
      'https://outlook-sdf.office365.com',
    ]);
    expect(
      load({ FRAME_ANCESTORS: "  'self'   https://host.teams.test\thttps://*.teams.microsoft.com " }).FRAME_ANCESTORS,
    ).toEqual(["'self'", 'https://host.teams.test', 'https://*.teams.microsoft.com']);
    expect(load({ FRAME_ANCESTORS: 'http://localhost:5173 http://127.0.0.1' }).FRAME_ANCESTORS).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1',
    ]);
    // The message names what was refused and what is accepted.
    const err = errorOf({ FRAME_ANCESTORS: "'self' http://evil.example https://ok.example" });
    expect(err.message).toContain('FRAME_ANCESTORS: refused http://evil.example:');
    expect(err.message).not.toContain('https://ok.example');
    expect(err.message).toContain("'self' and https origins");
  });
});
