import { createContext, isValidElement, useContext } from 'react';
import type { OptionsObject, ProviderContext, SnackbarKey, SnackbarMessage } from 'notistack';

/**
 * The snackbars of the signed-in app (notistack), handed down by SnackbarHost in
 * app/signed-in-frame.tsx. Screens reach them through this context instead of importing notistack,
 * so notistack is loaded once, after the first screen, and not by every screen that shows one.
 */
export const SnackbarContext = createContext<ProviderContext | null>(null);

/** `enqueueSnackbar` and `closeSnackbar`, as notistack's hook gives them. */
export function useSnackbar(): ProviderContext {
  const snackbar = useContext(SnackbarContext);
  if (!snackbar) throw new Error('useSnackbar: render inside SnackbarHost (app/signed-in-frame.tsx)');
  return snackbar;
}

type Enqueued = { message?: SnackbarMessage } & OptionsObject;

/**
 * notistack's `enqueueSnackbar` and `closeSnackbar` before notistack has loaded (issue 25: it is
 * not on the signed-in first screen's path): a snackbar asked for in the meantime waits here, with
 * its key, and is shown once `attach` hands over notistack's own; `demand` is told, so that
 * notistack is loaded then at the latest. Closing a waiting snackbar drops it.
 */
export function snackbarQueue(demand: () => void) {
  let target: ProviderContext | null = null;
  let waiting: Enqueued[] = [];
  let count = 0;
  const enqueueSnackbar = ((first: SnackbarMessage | Enqueued, options?: OptionsObject) => {
    if (target) return target.enqueueSnackbar(first as SnackbarMessage, options);
    // Its two forms, as notistack tells them apart: (options with the message) or (message, options).
    const snack: Enqueued =
      first && typeof first === 'object' && !isValidElement(first)
        ? { ...(first as Enqueued) }
        : { ...options, message: first as SnackbarMessage };
    snack.key ??= `queued-${++count}`;
    waiting.push(snack);
    demand();
    return snack.key;
  }) as ProviderContext['enqueueSnackbar'];
  const closeSnackbar = (key?: SnackbarKey) => {
    if (target) return target.closeSnackbar(key);
    waiting = key === undefined ? [] : waiting.filter((snack) => snack.key !== key);
  };
  return {
    context: { enqueueSnackbar, closeSnackbar } satisfies ProviderContext,
    attach: (notistack: ProviderContext) => {
      target = notistack;
      for (const snack of waiting) notistack.enqueueSnackbar(snack);
      waiting = [];
    },
  };
}
