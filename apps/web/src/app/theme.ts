import { createTheme, type Theme } from '@mui/material/styles';
import type { HostTheme } from '../lib/teams-host';
import { baseThemeOptions } from './theme-base';

/** Rally's one theme. Breakpoint md is the spec's 959 px desktop line (959 and up is desktop: theme-base.ts). */
export const theme = createTheme({
  ...baseThemeOptions,
  palette: {
    primary: { main: '#3949ab' },
    secondary: { main: '#ffb300' },
    background: { default: '#f4f5fb' },
  },
});

export type HostThemes = Record<Exclude<HostTheme, 'default'>, Theme>;

// A Teams host's dark and contrast themes: a chunk of their own, only inside a host.
let hostThemes: HostThemes | null = null;

/** Loads the host themes (once); main.tsx awaits it before a tab's first render. */
export const loadHostThemes = (): Promise<HostThemes> =>
  import('./host-themes').then((m) => (hostThemes = m.hostThemes));

/** The host themes when loaded. */
export const loadedHostThemes = () => hostThemes;

export const DRAWER_WIDTH = 260;
