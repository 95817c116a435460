import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a dismissed create panel or thought panel stays before it closes (spec §2, §9). */
export const DISMISS_DELAY_MS = 1000;

/**
 * Open/closed state of a panel that closes 1 s after it is dismissed (spec §9). While `closing`,
 * the panel is still there: coming back to it (`keepOpen`) cancels the close, so a stray click
 * outside never throws away a half-written post.
 */
export function useDelayedClose(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const keepOpen = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setClosing(false);
  }, []);
  const show = useCallback(() => {
    keepOpen();
    setOpen(true);
  }, [keepOpen]);
  const dismiss = useCallback(() => {
    if (timer.current !== undefined) return;
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setClosing(false);
      setOpen(false);
    }, DISMISS_DELAY_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { open, closing, show, dismiss, keepOpen };
}
