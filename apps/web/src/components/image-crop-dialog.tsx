import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Slider,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { cropToPng } from '../lib/crop-image';

interface Props {
  /** Object URL of the picked file; the dialog is open while it is set. */
  src: string | null;
  aspect: number;
  title: string;
  /** Receives the cropped PNG; the dialog stays open (with its spinner) until it resolves. */
  onCropped: (png: Blob) => Promise<void>;
  onClose: () => void;
}

/** Crop a picked picture at a fixed aspect before it is uploaded as PNG (spec §5). */
export function ImageCropDialog({ src, aspect, title, onCropped, onClose }: Props) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    if (busy) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setError('');
    onClose();
  };

  const save = async () => {
    if (!src || !area) return;
    setBusy(true);
    setError('');
    try {
      await onCropped(await cropToPng(src, area));
      setBusy(false);
      close();
    } catch (err) {
      setBusy(false);
      setError(err instanceof Error ? err.message : 'The picture could not be saved.');
    }
  };

  return (
    <Dialog open={Boolean(src)} onClose={close} maxWidth="sm" fullWidth aria-labelledby="crop-dialog-title">
      <DialogTitle id="crop-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            height: 320,
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography variant="body2" id="crop-zoom-label">
            Zoom
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            onChange={(_e, v) => setZoom(v)}
            aria-labelledby="crop-zoom-label"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={busy} disabled={!area}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
