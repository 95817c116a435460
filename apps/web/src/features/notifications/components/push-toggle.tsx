import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { pushRegisteredHere } from '../../../lib/push-subscription';
import { useSnackbar } from '../../../lib/snackbar';
import { pushSupported, turnOnPush } from '../api/register-push';

/**
 * 'Turn on push notifications': registers the service worker and this browser's subscription for
 * the signed-in session.
 * Where the browser has no Push API it says 'push not supported', and nothing else changes.
 */
export function PushToggle() {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  // A subscription ends with the session that registered it: a new session offers the button again.
  const [on, setOn] = useState(() => supported && Notification.permission === 'granted' && pushRegisteredHere());
  if (!supported)
    return (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
        push not supported
      </Typography>
    );
  if (on) return null;
  return (
    <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Button
        size="small"
        loading={busy}
        onClick={() => {
          setBusy(true);
          turnOnPush()
            .then(() => {
              setOn(true);
              enqueueSnackbar('Push notifications are on.', { variant: 'success' });
            })
            .catch((err: unknown) => enqueueSnackbar(errorMessage(err), { variant: 'error' }))
            .finally(() => setBusy(false));
        }}
      >
        Turn on push notifications
      </Button>
    </Box>
  );
}
