import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Switch,
} from '@mui/material';
import { WatercoolerLimits, WatercoolerMessages } from '@rally/contract';

/**
 * Spec §2, §4: the start dialog ('Watercooler', 'Enter Watercooler', a microphone switch, the note
 * that nothing is kept); while entering its button waits with a spinner. A team of one sees
 * instead that it needs members, with Okay.
 */
export function StartDialog({
  needsMembers,
  connecting,
  error,
  micOn,
  onMicChange,
  onEnter,
  onClose,
}: {
  needsMembers: boolean;
  connecting: boolean;
  error: string | null;
  micOn: boolean;
  onMicChange: (on: boolean) => void;
  onEnter: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={connecting ? undefined : onClose}
      aria-labelledby="watercooler-start-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="watercooler-start-title">{WatercoolerMessages.title}</DialogTitle>
      {needsMembers ? (
        <>
          <DialogContent>
            <DialogContentText>{WatercoolerMessages.needsMembers}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Okay
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{WatercoolerMessages.historyNote}</DialogContentText>
            <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
              Chat with your team, and join the video call (up to {WatercoolerLimits.videoCallMax} people).
            </DialogContentText>
            <FormControlLabel
              control={<Switch checked={micOn} onChange={(e) => onMicChange(e.target.checked)} />}
              label="Microphone on in the call"
              disabled={connecting}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={connecting}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={onEnter}
              disabled={connecting}
              startIcon={connecting ? <CircularProgress size={16} color="inherit" aria-label="Entering" /> : undefined}
            >
              {WatercoolerMessages.enter}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
