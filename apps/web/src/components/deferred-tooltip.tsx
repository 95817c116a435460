import type { TooltipProps } from '@mui/material/Tooltip';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { whenIdle } from '../lib/when-idle';

let loaded: ComponentType<TooltipProps> | undefined;
const loadTooltip = () =>
  import('@mui/material/Tooltip').then((m) => {
    loaded = m.default;
    return loaded;
  });

/** What takes the focus back in a control made anew (the control itself, or the first focusable in it). */
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * MUI's Tooltip around `children` once it has loaded, which is when the page is idle: it and its
 * positioning engine (Popper, about 7 KB as sent) are nothing a first screen draws (issue 25).
 * Until then `children` is shown as it is, without the tooltip. For the first pages' controls (the
 * bell, the engagement cards); the other screens use MUI's Tooltip as it is.
 *
 * Putting the Tooltip around the control makes the control anew: a keyboard user whose focus was
 * on it at that moment keeps it (the wrapper, `display: contents`, lays nothing out).
 */
export function DeferredTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState(() => loaded);
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (Tooltip) return;
    return whenIdle(
      () =>
        void loadTooltip().then((component) => {
          hadFocus.current = Boolean(wrapper.current?.contains(document.activeElement));
          setTooltip(() => component);
        }),
    );
  }, [Tooltip]);
  useLayoutEffect(() => {
    if (!Tooltip || !hadFocus.current) return;
    hadFocus.current = false;
    const el = wrapper.current;
    const target = el?.firstElementChild?.matches(FOCUSABLE)
      ? el.firstElementChild
      : el?.querySelector<HTMLElement>(FOCUSABLE);
    (target as HTMLElement | null | undefined)?.focus({ preventScroll: true });
  }, [Tooltip]);
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {Tooltip ? <Tooltip title={title}>{children}</Tooltip> : children}
    </span>
  );
}
