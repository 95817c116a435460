import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of every auth screen: logo, product title and the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    // <main id="main" tabIndex={-1}>: the target of index.html's skip link.
    <Box
      component="main"
      id="main"
      tabIndex={-1}
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
        outline: 0,
      }}
    >
      <Paper
        elevation={0}
        // minWidth 0: a grid item would otherwise grow to its longest unbreakable word (an e-mail).
        sx={{ width: '100%', minWidth: 0, maxWidth: 440, p: { xs: 3, sm: 4 }, border: 1, borderColor: 'divider' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <img src="/rally-logo.svg" alt="Rally" width={40} height={40} />
          <Typography variant="h6" color="primary" sx={{ fontWeight: 800 }}>
            Rally
          </Typography>
        </Box>
        <Typography component="h1" variant="h5" gutterBottom sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
