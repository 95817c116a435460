import type { ThemeOptions } from '@mui/material/styles';

/** What every theme of Rally shares (its own, and a Teams host's dark and contrast ones). */
export const baseThemeOptions: ThemeOptions = {
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
  },
};
