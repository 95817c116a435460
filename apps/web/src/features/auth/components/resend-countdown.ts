import { useEffect, useState } from 'react';
import { Timing } from '@rally/contract';

/** Milliseconds left of the 5-minute Resend countdown that started at `sentAt`. */
export function useCountdown(sentAt: number, cycleMs: number = Timing.resendCountdownMs): number {
  const left = () => Math.max(0, sentAt + cycleMs - Date.now());
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(Math.max(0, sentAt + cycleMs - Date.now()));
    const id = setInterval(() => {
      const next = Math.max(0, sentAt + cycleMs - Date.now());
      setRemaining(next);
      if (next === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [sentAt, cycleMs]);
  return remaining;
}

/** m:ss, reading 0:00 at the end. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
