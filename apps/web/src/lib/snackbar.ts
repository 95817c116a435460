import { createContext, useContext } from 'react';
import type { ProviderContext } from 'notistack';

/**
 * The snackbars of the signed-in app (notistack), handed down by SnackbarHost in
 * app/signed-in-frame.tsx. Screens reach them through this context instead of importing notistack,
 * so notistack is loaded once, with the signed-in frame, and not by every screen that shows one.
 */
export const SnackbarContext = createContext<ProviderContext | null>(null);

/** `enqueueSnackbar` and `closeSnackbar`, as notistack's hook gives them. */
export function useSnackbar(): ProviderContext {
  const snackbar = useContext(SnackbarContext);
  if (!snackbar) throw new Error('useSnackbar: render inside SnackbarHost (app/signed-in-frame.tsx)');
  return snackbar;
}
