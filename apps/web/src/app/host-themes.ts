import { createTheme, type Theme } from '@mui/material/styles';
import { baseThemeOptions } from './theme-base';

/** Rally in a Teams host's dark and high-contrast themes (Teams' own colours). */
export const hostThemes: Record<'dark' | 'contrast', Theme> = {
  dark: createTheme({
    ...baseThemeOptions,
    palette: {
      mode: 'dark',
      primary: { main: '#7f85f5' },
      secondary: { main: '#ffb300' },
      background: { default: '#1f1f1f', paper: '#292929' },
    },
  }),
  contrast: createTheme({
    ...baseThemeOptions,
    palette: {
      mode: 'dark',
      primary: { main: '#ffff01', contrastText: '#000000' },
      secondary: { main: '#1aebff', contrastText: '#000000' },
      background: { default: '#000000', paper: '#000000' },
      text: { primary: '#ffffff', secondary: '#ffffff' },
      divider: '#ffffff',
    },
  }),
};
