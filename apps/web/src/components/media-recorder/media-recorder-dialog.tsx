import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMediaQuery, useTheme } from '@mui/material';
import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import StopRounded from '@mui/icons-material/StopRounded';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MediaLimits } from '@rally/contract';
import {
  MAX_SECONDS,
  CONSTRAINTS,
  accepts,
  canCapture,
  clock,
  deviceProblem,
  recorderMimeType,
  recordingFile,
} from './recording';
import { MODE_ICONS } from './mode-icons';
import type { MediaRecorderDialogProps, RecorderMode } from './types';
import { Waveform } from './waveform';

const MODE_LABELS: Record<RecorderMode, string> = {
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
};

/**
 * The media recorder (spec §2): Video, Audio and Image selectors, a live preview, Record/Stop
 * with the time left (video stops itself at 60 s, audio at 10 s), a picture as a JPEG, then a
 * review with Retake and Use. Camera and microphone are on only while it is open. Without them
 * (refused, missing, an old browser) it says so and offers the file picker instead.
 */
export function MediaRecorderDialog({
  open,
  modes,
  title = 'Record',
  pickerAccept = {},
  onClose,
  onDone,
}: MediaRecorderDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [mode, setMode] = useState<RecorderMode>(modes[0] ?? 'video');
  // Each opening starts afresh, with the first mode.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
      setMode(modes[0] ?? 'video');
    }
  }
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Recorder
        key={`${session}-${mode}`}
        active={open}
        mode={mode}
        modes={modes}
        onMode={setMode}
        accept={pickerAccept[mode]}
        onBusy={setBusy}
        onClose={onClose}
        onDone={onDone}
      />
    </Dialog>
  );
}

type Phase = 'starting' | 'live' | 'recording' | 'review' | 'problem';

interface RecorderProps {
  /** Whether the dialog is open: camera and microphone stop the moment it closes. */
  active: boolean;
  mode: RecorderMode;
  modes: readonly RecorderMode[];
  onMode: (mode: RecorderMode) => void;
  accept: string | undefined;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onDone: (file: File, mode: RecorderMode) => void;
}

/** One mode's recorder: its own stream, recording and result (a new mode starts a new one). */
function Recorder({ active, mode, modes, onMode, accept, onBusy, onClose, onDone }: RecorderProps) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ file: File; url: string } | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [pickError, setPickError] = useState('');
  const preview = useRef<HTMLVideoElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const limit = mode === 'image' ? 0 : MAX_SECONDS[mode];

  const fail = (err: unknown) => {
    setProblem(deviceProblem(mode, err, Boolean(accept)));
    setPhase('problem');
  };

  // The camera or microphone, while the dialog is open; every track stops when it closes.
  useEffect(() => {
    if (!active) return;
    if (!canCapture(mode)) {
      fail(new DOMException('No capture', 'Unsupported'));
      return;
    }
    let cancelled = false;
    let acquired: MediaStream | null = null;
    navigator.mediaDevices.getUserMedia(CONSTRAINTS[mode]).then(
      (granted) => {
        acquired = granted;
        if (cancelled) granted.getTracks().forEach((track) => track.stop());
        else {
          setStream(granted);
          setPhase('live');
        }
      },
      (err: unknown) => {
        if (!cancelled) fail(err);
      },
    );
    return () => {
      cancelled = true;
      acquired?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
    // `fail` reads only the mode and the picker, which key this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, mode, attempt]);

  // A recording in progress when the dialog closes is dropped.
  useEffect(
    () => () => {
      const current = recorder.current;
      if (current && current.state !== 'inactive') {
        current.onstop = null;
        current.stop();
      }
    },
    [active],
  );

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream, phase]);

  const resultUrl = result?.url;
  useEffect(() => (resultUrl ? () => URL.revokeObjectURL(resultUrl) : undefined), [resultUrl]);

  useEffect(() => onBusy(phase === 'recording'), [phase, onBusy]);

  const stop = () => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  };

  // The countdown, and the stop at the limit.
  useEffect(() => {
    if (phase !== 'recording' || mode === 'image') return;
    const started = Date.now();
    const tick = setInterval(() => setElapsedMs(Date.now() - started), 250);
    const stopAtLimit = setTimeout(stop, limit * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(stopAtLimit);
    };
  }, [phase, mode, limit]);

  const review = (file: File) => {
    setResult({ file, url: URL.createObjectURL(file) });
    setPhase('review');
  };

  const record = () => {
    if (!stream || mode === 'image') return;
    const mimeType = recorderMimeType(mode);
    let next: MediaRecorder;
    try {
      next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (err) {
      fail(err);
      return;
    }
    const chunks: Blob[] = [];
    next.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    next.onstop = () => {
      recorder.current = null;
      review(recordingFile(chunks, next.mimeType || mimeType || '', mode));
    };
    recorder.current = next;
    setElapsedMs(0);
    next.start(1000);
    setPhase('recording');
  };

  const capture = () => {
    const video = preview.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 1280;
    canvas.height = video.videoHeight || 720;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) review(new File([blob], 'photo.jpg', { type: 'image/jpeg' }));
        else fail(new Error('No picture'));
      },
      'image/jpeg',
      MediaLimits.recorderJpegQuality,
    );
  };

  const retake = () => {
    setResult(null);
    setElapsedMs(0);
    setPhase(stream ? 'live' : 'starting');
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !accept) return;
    if (!accepts(accept, file)) {
      setPickError(`Choose a ${accept.split(',').join(', ')} file.`);
      return;
    }
    setPickError('');
    onDone(file, mode);
  };

  const secondsLeft = Math.max(0, Math.ceil((limit * 1000 - elapsedMs) / 1000));
  const recording = phase === 'recording';
  const camera = mode !== 'audio';

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {modes.length > 1 && (
          // Buttons that say which is chosen (aria-pressed): one pick of a few, as a segmented control.
          <Stack direction="row" role="group" aria-label="What to record" sx={{ gap: 1 }}>
            {modes.map((m) => (
              <Button
                key={m}
                aria-pressed={m === mode}
                variant={m === mode ? 'contained' : 'outlined'}
                disableElevation
                startIcon={MODE_ICONS[m]}
                onClick={() => m !== mode && onMode(m)}
                // The chosen one keeps its look while the others wait for the recording to end.
                disabled={recording && m !== mode}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {MODE_LABELS[m]}
              </Button>
            ))}
          </Stack>
        )}

        {phase === 'problem' ? (
          <Alert severity="warning" role="alert">
            {problem}
          </Alert>
        ) : (
          <Box
            sx={{
              position: 'relative',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: camera ? 'common.black' : 'action.hover',
              // Full screen on a phone, the camera takes the height there is; in a dialog, 16:9.
              flex: camera ? { xs: '1 1 auto', sm: 'none' } : 'none',
              aspectRatio: camera ? { sm: '16 / 9' } : undefined,
              minHeight: camera ? { xs: 240, sm: 0 } : 160,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {phase === 'review' && result ? (
              <Review file={result.file} url={result.url} mode={mode} />
            ) : camera ? (
              <Box
                component="video"
                ref={preview}
                autoPlay
                muted
                playsInline
                aria-label="Camera preview"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: stream ? 'block' : 'none' }}
              />
            ) : (
              stream && (
                <Stack sx={{ width: '100%', alignItems: 'center', p: 2 }} spacing={1}>
                  <Waveform stream={stream} />
                </Stack>
              )
            )}
            {phase === 'starting' && (
              <Stack spacing={1} sx={{ alignItems: 'center', color: camera ? 'common.white' : 'text.secondary' }}>
                <CircularProgress color="inherit" size={28} />
                <Typography variant="body2">
                  {camera ? 'Starting your camera…' : 'Starting your microphone…'}
                </Typography>
              </Stack>
            )}
            {recording && (
              <Box
                sx={{
                  position: 'absolute',
                  top: 12,
                  left: 12,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  px: 1,
                  py: 0.25,
                  borderRadius: 1,
                  bgcolor: 'rgba(0, 0, 0, 0.6)',
                  color: 'common.white',
                }}
              >
                <FiberManualRecordRounded sx={{ fontSize: 14, color: '#ff5252' }} aria-hidden />
                <Typography variant="body2" sx={{ fontWeight: 600 }} role="timer" aria-label="Time left">
                  {`${clock(secondsLeft)} left`}
                </Typography>
              </Box>
            )}
          </Box>
        )}

        {recording && (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (elapsedMs / (limit * 1000)) * 100)}
            aria-label="Recording time used"
          />
        )}
        {phase === 'live' && mode !== 'image' && (
          <Typography variant="body2" color="text.secondary">
            {mode === 'video'
              ? `Record up to ${limit} seconds of video; it stops by itself at ${clock(limit)}.`
              : `Record up to ${limit} seconds of audio; it stops by itself at ${clock(limit)}.`}
          </Typography>
        )}
        {phase === 'review' && (
          <Typography variant="body2" color="text.secondary">
            {mode === 'image' ? 'Use this picture, or take another.' : 'Play it back, then use it or record again.'}
          </Typography>
        )}
        {accept && (
          <input
            ref={picker}
            type="file"
            accept={accept}
            hidden
            onChange={pick}
            aria-label={`${MODE_LABELS[mode]} file`}
          />
        )}
        {pickError && (
          <Alert severity="error" role="alert">
            {pickError}
          </Alert>
        )}
      </DialogContent>

      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {accept && phase !== 'recording' && phase !== 'review' && (
          <Button
            startIcon={<FolderOpenOutlined />}
            onClick={() => picker.current?.click()}
            variant={phase === 'problem' ? 'contained' : 'text'}
          >
            Choose a file
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose} disabled={recording}>
          Cancel
        </Button>
        {phase === 'problem' && (
          <Button onClick={() => (setPhase('starting'), setProblem(''), setAttempt((n) => n + 1))}>Try again</Button>
        )}
        {(phase === 'live' || phase === 'starting') &&
          (mode === 'image' ? (
            <Button variant="contained" startIcon={<CameraAltOutlined />} onClick={capture} disabled={phase !== 'live'}>
              Take photo
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<FiberManualRecordRounded />}
              onClick={record}
              disabled={phase !== 'live'}
            >
              Record
            </Button>
          ))}
        {recording && (
          <Button variant="contained" color="error" startIcon={<StopRounded />} onClick={stop}>
            Stop
          </Button>
        )}
        {phase === 'review' && result && (
          <>
            <Button onClick={retake}>Retake</Button>
            <Button variant="contained" onClick={() => onDone(result.file, mode)}>
              Use
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

/** The recording played back, or the picture shown, before it is used. */
function Review({ file, url, mode }: { file: File; url: string; mode: RecorderMode }) {
  switch (mode) {
    case 'video':
      return (
        <Box
          component="video"
          src={url}
          controls
          playsInline
          aria-label="Your recording"
          sx={{ width: '100%', height: '100%', display: 'block', bgcolor: 'common.black' }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          src={url}
          controls
          aria-label="Your recording"
          sx={{ width: '100%', mx: 2, display: 'block' }}
        />
      );
    case 'image':
      return (
        <Box
          component="img"
          src={url}
          alt={`Your picture (${file.name})`}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      );
  }
}
