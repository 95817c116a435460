/** Settings from the environment, statistics over rounds, and how the reports print numbers. */
import type { PacedSummary } from './paced.js';

/** A positive number from the environment variable `name`, or `fallback` when it is unset. */
export const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return n;
};

/** The `p`th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
/** Two decimals, for the figures a load generator reports. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const int = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
export const ms = (n: number) => (Number.isNaN(n) ? '?' : `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`);
export const pct = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} %`;
export const range = (xs: number[], f: (n: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
export const mib = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(0));

/** One phase of the paced generator on one line, for the progress on stderr. */
export const pacedLine = (p: PacedSummary) =>
  `${p.answeredPerSecond.toFixed(0).padStart(5)} req/s  p50 ${p.p50} ms  p99 ${p.p99} ms  max ${p.max} ms  lag p99 ${p.lagP99} ms` +
  (p.errors + p.non2xx ? `  ERRORS ${p.errors} non2xx ${p.non2xx} ${JSON.stringify(p.statusCodes)}` : '');

/** Errors and non-2xx answers of paced phases, warm-ups included. */
export const badPaced = (ps: PacedSummary[]) =>
  sum(ps.map((p) => p.errors + p.non2xx + p.warmup.errors + p.warmup.non2xx));

/** Status codes other than 2xx over the rounds (measured phases), e.g. ` (429×3)`; '' when none. */
export function statuses(xs: { statusCodes: Record<string, number> }[]): string {
  const all: Record<string, number> = {};
  for (const x of xs)
    for (const [c, n] of Object.entries(x.statusCodes)) if (!c.startsWith('2')) all[c] = (all[c] ?? 0) + n;
  const s = Object.entries(all).map(([c, n]) => `${c}×${n}`);
  return s.length ? ` (${s.join(', ')})` : '';
}
