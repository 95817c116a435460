import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The large, full-width submit button of the sign-in screens. Those come prerendered (ADR 0011):
 * the form is on the page before the app has hydrated it, and until then the button does not
 * submit (`type="button"`; `aria-disabled` tells assistive technology, and browser tests wait for
 * it), so an early click cannot post the form natively. It looks the same throughout.
 */
export function SubmitButton({ loading, children }: { loading?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button
      type={hydrated ? 'submit' : 'button'}
      aria-disabled={hydrated ? undefined : true}
      variant="contained"
      size="large"
      fullWidth
      sx={{ mt: 2 }}
      loading={loading}
    >
      {children}
    </Button>
  );
}
