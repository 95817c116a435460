import { createTheme } from '@mui/material/styles';

/** Rally's one theme. Breakpoint md is the spec's 959 px desktop line (960 and up is desktop). */
export const theme = createTheme({
  palette: {
    primary: { main: '#3949ab' },
    secondary: { main: '#ffb300' },
    background: { default: '#f4f5fb' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
  },
});

export const DRAWER_WIDTH = 260;
