import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { captureWithHost } from './host-capture';
import { accepts } from './recording';
import { MODE_ICONS } from './mode-icons';
import type { MediaRecorderDialogProps, RecorderMode } from './types';

const ACTION_LABELS: Record<RecorderMode, string> = {
  video: 'Record a video',
  audio: 'Record audio',
  image: 'Take a picture',
};

/**
 * The media recorder inside a Teams tab (spec §1, §9): the host's own camera and microphone
 * capture (media.selectMedia; audio at most 1 minute, one item), whose result goes to `onDone`
 * like the browser recorder's, beside the same file picker.
 */
export function HostMediaDialog({
  open,
  modes,
  title = 'Record',
  pickerAccept = {},
  onClose,
  onDone,
}: MediaRecorderDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const [pickMode, setPickMode] = useState<RecorderMode | null>(null);

  const capture = async (mode: RecorderMode) => {
    setError('');
    setBusy(true);
    try {
      const file = await captureWithHost(mode);
      if (file) onDone(file, mode);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Teams could not capture this.');
    } finally {
      setBusy(false);
    }
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    const accept = pickMode && pickerAccept[pickMode];
    if (!file || !pickMode || !accept) return;
    if (!accepts(accept, file)) {
      setError(`Choose a ${accept.split(',').join(', ')} file.`);
      return;
    }
    onDone(file, pickMode);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Teams opens its camera or microphone.
        </Typography>
        <Stack spacing={1}>
          {modes.map((mode) => (
            <Button
              key={mode}
              variant="outlined"
              startIcon={MODE_ICONS[mode]}
              disabled={busy}
              onClick={() => void capture(mode)}
            >
              {ACTION_LABELS[mode]}
            </Button>
          ))}
          {modes
            .filter((mode) => pickerAccept[mode])
            .map((mode) => (
              <Button
                key={`pick-${mode}`}
                startIcon={<FolderOpenOutlined />}
                disabled={busy}
                onClick={() => {
                  setPickMode(mode);
                  picker.current?.click();
                }}
              >
                Choose a {pickerAccept[mode]} file
              </Button>
            ))}
        </Stack>
        <input
          ref={picker}
          type="file"
          hidden
          accept={(pickMode && pickerAccept[pickMode]) || undefined}
          onChange={pick}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
