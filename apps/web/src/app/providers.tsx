import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useEffect, useState, type ReactNode } from 'react';
import { Timing } from '@rally/contract';
import { ApiError } from '../lib/api-client';
import { sessionStore } from '../lib/session-storage';
import { theme } from './theme';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors will not heal by retrying.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Theme, server-state cache and snackbars (at most 3 at once, spec §9). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  // Another tab may sign out or in as someone else: never show one user's cached data to another.
  useEffect(() => {
    let userId = sessionStore.get()?.user.id;
    return sessionStore.subscribe(() => {
      const next = sessionStore.get()?.user.id;
      if (next !== userId) client.clear();
      userId = next;
    });
  }, [client]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider maxSnack={Timing.maxSnackbars} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
