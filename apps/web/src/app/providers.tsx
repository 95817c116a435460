import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { sessionStore } from '../lib/session-storage';
import { useTeamsHost } from '../lib/teams-host';
import { loadHostThemes, loadedHostThemes, theme } from './theme';

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

/**
 * Theme (Rally's, or inside a Teams tab the host's: default, dark or high contrast, followed as it
 * changes) and server-state cache (the signed-in screens add snackbars: app/signed-in-frame.tsx).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  const host = useTeamsHost();
  const [hostThemes, setHostThemes] = useState(loadedHostThemes);
  useEffect(() => {
    if (host.theme !== 'default' && !hostThemes) void loadHostThemes().then(setHostThemes);
  }, [host.theme, hostThemes]);
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
    <ThemeProvider theme={host.theme !== 'default' && hostThemes ? hostThemes[host.theme] : theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
