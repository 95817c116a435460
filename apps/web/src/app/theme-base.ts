import type { ThemeOptions } from '@mui/material/styles';

/** The narrowest window with the desktop layout (spec §9): theme breakpoint md. */
export const DESKTOP_MIN_WIDTH = 959;

/** What every theme of Rally shares (its own, and a Teams host's dark and contrast ones). */
export const baseThemeOptions: ThemeOptions = {
  /**
   * md is the spec's desktop line (§9, "desktop button breakpoint 959 px"): 959 px wide and up is
   * the desktop layout (permanent drawer, no bottom bar), 958 px and below the phone one. MUI's
   * default md is 900; the others stay MUI's.
   */
  breakpoints: { values: { xs: 0, sm: 600, md: DESKTOP_MIN_WIDTH, lg: 1200, xl: 1536 } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
  },
};
