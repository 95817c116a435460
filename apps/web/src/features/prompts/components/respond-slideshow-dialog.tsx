import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { MediaLimits, Timing, PromptMessages, type PromptResponseDto } from '@rally/contract';
import { FormError } from '../../../components/form-error';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useRespondToSlideshow } from '../api/respond';
import { IMAGE_ACCEPT, imageProblem } from './image-files';

const MediaRecorderDialog = lazyDialog(() =>
  import('../../../components/media-recorder').then((m) => m.MediaRecorderDialog),
);

interface Chosen {
  key: number;
  file: File;
  url: string;
  caption: string;
}

export interface RespondSlideshowDialogProps {
  open: boolean;
  teamId: number;
  slideshowId: number;
  topic: string;
  onClose: () => void;
  onResponded?: (responses: PromptResponseDto[]) => void;
}

/**
 * A slideshow answer (spec §4, §5): one to five pictures, picked (.png, .jpg, .jpeg) or taken with
 * the camera, each with a caption; sent as one multipart request with upload progress. On a
 * failure the pictures and captions stay, to send again.
 */
export function RespondSlideshowDialog({
  open,
  teamId,
  slideshowId,
  topic,
  onClose,
  onResponded,
}: RespondSlideshowDialogProps) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [camera, setCamera] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const respond = useRespondToSlideshow(teamId, slideshowId, setProgress);
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);

  // The previews' object URLs live as long as the dialog holds their files.
  const latest = useRef(chosen);
  latest.current = chosen;
  useEffect(() => () => latest.current.forEach((c) => URL.revokeObjectURL(c.url)), []);

  const add = (files: File[]) => {
    const problem = files.map(imageProblem).find(Boolean);
    if (problem) return showError(problem);
    if (chosen.length + files.length > MediaLimits.slideshowResponseImagesMax)
      return showError(PromptMessages.tooManyImages);
    setChosen([
      ...chosen,
      ...files.map((file) => ({ key: nextKey.current++, file, url: URL.createObjectURL(file), caption: '' })),
    ]);
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length) add(files);
  };
  const remove = (key: number) => {
    const gone = chosen.find((c) => c.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    setChosen(chosen.filter((c) => c.key !== key));
  };
  const setCaption = (key: number, caption: string) =>
    setChosen(chosen.map((c) => (c.key === key ? { ...c, caption } : c)));

  const tooLong = chosen.some((c) => c.caption.trim().length > MediaLimits.captionMax);
  const busy = respond.isPending;

  const send = async () => {
    if (chosen.length === 0) return showError(PromptMessages.imagesRequired);
    if (tooLong) return showError(PromptMessages.captionMax);
    try {
      const answers = await respond.mutateAsync(chosen.map((c) => ({ file: c.file, caption: c.caption })));
      chosen.forEach((c) => URL.revokeObjectURL(c.url));
      setChosen([]);
      enqueueSnackbar(PromptMessages.responseSent, { variant: 'success' });
      onResponded?.(answers);
      onClose();
    } catch (err) {
      showError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="respond-slideshow-title"
    >
      <DialogTitle id="respond-slideshow-title">Respond with images</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {topic}
        </Typography>
        <FormError message={error} />
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          onChange={pick}
          aria-label="Images to answer with"
          data-testid="slideshow-response-input"
        />
        <Stack spacing={2} component="ol" aria-label="Chosen images" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {chosen.map((c, i) => (
            <Stack key={c.key} component="li" direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Box
                component="img"
                src={c.url}
                alt={`Image ${i + 1}`}
                sx={{ width: { xs: '100%', sm: 140 }, height: 105, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
              />
              <Stack direction="row" spacing={0.5} sx={{ flex: 1, alignItems: 'flex-start', minWidth: 0 }}>
                <TextField
                  label={`Caption of image ${i + 1}`}
                  value={c.caption}
                  onChange={(e) => setCaption(c.key, e.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                  disabled={busy}
                  error={c.caption.trim().length > MediaLimits.captionMax}
                  helperText={`${c.caption.trim().length} / ${MediaLimits.captionMax}`}
                />
                <IconButton aria-label={`Remove image ${i + 1}`} onClick={() => remove(c.key)} disabled={busy}>
                  <CloseRounded />
                </IconButton>
              </Stack>
            </Stack>
          ))}
        </Stack>
        {chosen.length < MediaLimits.slideshowResponseImagesMax && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
            <Button startIcon={<PhotoLibraryOutlined />} onClick={() => input.current?.click()} disabled={busy}>
              Add images
            </Button>
            <Button startIcon={<CameraAltOutlined />} onClick={() => setCamera(true)} disabled={busy}>
              Take a photo
            </Button>
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {`${chosen.length} of ${MediaLimits.slideshowResponseImagesMax} images · .png, .jpg or .jpeg`}
        </Typography>
        {progress > 0 && (
          <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ mt: 1 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void send()} loading={busy}>
          Send
        </Button>
      </DialogActions>
      <MediaRecorderDialog
        open={camera}
        modes={['image']}
        title="Take a photo"
        pickerAccept={{ image: IMAGE_ACCEPT }}
        onClose={() => setCamera(false)}
        onDone={(file) => {
          setCamera(false);
          add([file]);
        }}
      />
    </Dialog>
  );
}
