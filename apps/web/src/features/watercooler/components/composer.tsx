import { Alert, Box, Chip, CircularProgress, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import { useRef, useState, type FormEvent } from 'react';
import { Limits, PostMessages, WatercoolerLimits, WatercoolerMessages } from '@rally/contract';
import { ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { SayError } from '../lib/room-socket';

/** Spec §5: a watercooler picture is a .png, .jpg or .jpeg. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg';

/** Why a message cannot be sent as it is, or null when it can (spec §5). */
export function messageProblem(body: string, file: File | null): string | null {
  if (!body.trim() && !file) return WatercoolerMessages.messageRequired;
  if (body.length > WatercoolerLimits.messageMax) return WatercoolerMessages.messageTooLong;
  if (file && !/\.(png|jpe?g)$/i.test(file.name)) return WatercoolerMessages.imagesOnly;
  if (file && file.size > Limits.imageMaxBytes) return PostMessages.uploadTooLarge;
  return null;
}

/**
 * Words and an image to the room: the image goes up first (the upload flow, policy
 * `team.watercooler`), then the `say` names its key. The room's refusal is shown in its words; a
 * failed upload in the server's; anything else as spec §8's sending error.
 */
export function Composer({
  teamId,
  disabled,
  say,
}: {
  teamId: number;
  disabled: boolean;
  say: (content: { body?: string; media_key?: string }) => Promise<void>;
}) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = messageProblem(body, file);
    if (problem) return setError(problem);
    setSending(true);
    setError(null);
    try {
      const media_key = file
        ? (await uploadFile(file, { teamId, policy: 'team.watercooler' }, () => undefined)).key
        : undefined;
      await say({ ...(body.trim() ? { body: body.trim() } : {}), ...(media_key ? { media_key } : {}) });
      setBody('');
      setFile(null);
    } catch (err) {
      setError(err instanceof SayError || err instanceof ApiError ? err.message : WatercoolerMessages.sendFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {file && <Chip label={file.name} onDelete={() => setFile(null)} sx={{ mb: 1, maxWidth: '100%' }} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label="Image to send"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            const problem = messageProblem('x', chosen);
            setError(problem);
            if (!problem) setFile(chosen);
          }}
        />
        <Tooltip title="Attach an image">
          <span>
            <IconButton
              aria-label="Attach an image"
              disabled={disabled || sending}
              onClick={() => input.current?.click()}
            >
              <AttachFileRounded />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.closest('form')?.requestSubmit();
            }
          }}
          placeholder="Write a message"
          multiline
          maxRows={4}
          size="small"
          fullWidth
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: WatercoolerLimits.messageMax, 'aria-label': 'Message' } }}
        />
        <IconButton type="submit" color="primary" aria-label="Send" disabled={disabled || sending}>
          {sending ? <CircularProgress size={20} aria-label="Sending" /> : <SendRounded />}
        </IconButton>
      </Stack>
    </Box>
  );
}
