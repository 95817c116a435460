import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `ms` (spec §8: 4 s on auth screens, 2 s on engagement forms). */
export function useTimedMessage(ms: number): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(''), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
