import { Box, FormHelperText, IconButton, InputBase, LinearProgress, Stack, Typography } from '@mui/material';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useController, useForm } from 'react-hook-form';
import {
  MediaType,
  type CommentData,
  type CommentInput,
  type PostDto,
  type UserRefDto,
  PostMessages,
} from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { uploadFile } from '../../../lib/upload';
import { useCommentOnPost } from '../api/comment-on-post';

/** The files a comment may carry (spec §5, the generic picker). */
export const COMMENT_FILE_TYPES = ['.png', '.jpg', '.jpeg', '.mp4', '.mp3'];
const ACCEPT = COMMENT_FILE_TYPES.join(',');
/**
 * What the form's `media` holds while a file is chosen but not yet uploaded, so the schema's rule
 * "text of 4 or more unless a file is attached" sees the file; the upload key replaces it at submit.
 */
const CHOSEN = 'chosen-file';

const accepted = (file: File) => COMMENT_FILE_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext));

interface Props {
  /** The post, or another reactable object of the team (a to-do task) when `send` is given. */
  post: Pick<PostDto, 'id' | 'team_id'>;
  me: UserRefDto;
  /** Sends the comment somewhere other than the post's path (a task's comments, same mechanism). */
  send?: (body: CommentInput) => Promise<unknown>;
  inputRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

/**
 * Writes a comment ("engagement"): text of at least 4 characters unless a .png, .jpg, .jpeg, .mp4
 * or .mp3 file is attached (spec §5). The file is uploaded first, with its progress in percent;
 * on success the form resets, and on failure what was typed and attached stays (decisions.md).
 */
export function CommentComposer({ post, me, send, inputRef, autoFocus }: Props) {
  const comment = useCommentOnPost(post);
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const id = useId();

  const { control, handleSubmit, reset, setValue, formState } = useForm<CommentInput, unknown, CommentData>({
    resolver: formResolver((s) => s.commentSchema),
    defaultValues: { content: '', media: null },
  });
  const { field, fieldState } = useController({ control, name: 'content' });
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    if (!accepted(chosen)) {
      setFileError(PostMessages.uploadTypeUnsupported);
      return;
    }
    setFileError('');
    setFile(chosen);
    setValue('media', CHOSEN, { shouldValidate: formState.isSubmitted });
  };
  const unchoose = () => {
    setFile(null);
    setValue('media', null, { shouldValidate: formState.isSubmitted });
  };

  const onSubmit = handleSubmit(async (values) => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      let attachment: Pick<CommentInput, 'media' | 'media_type' | 'media_type_id'> = {};
      if (file) {
        setProgress(0);
        const uploaded = await uploadFile(
          file,
          { teamId: post.team_id, policy: 'expression' },
          setProgress,
          controller.signal,
        );
        attachment = {
          media: uploaded.key,
          media_type: uploaded.media_type,
          media_type_id: MediaType[uploaded.media_type],
        };
      }
      await (send ?? comment.mutateAsync)({ content: values.content, ...attachment });
      reset({ content: '', media: null });
      setFile(null);
    } catch (err) {
      if (!controller.signal.aborted) enqueueSnackbar(errorMessage(err), { variant: 'error' });
    } finally {
      setProgress(null);
    }
  });

  const busy = formState.isSubmitting;
  const error = fieldState.error?.message ?? fileError;
  const errorId = `${id}-error`;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Write an engagement">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <UserAvatar name={me.full_name} src={me.avatar} sx={{ width: 32, height: 32, mt: 0.5 }} />
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'flex-end',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 5,
            pl: 1.5,
            pr: 0.5,
            bgcolor: 'background.paper',
          }}
        >
          <InputBase
            inputRef={(el: HTMLTextAreaElement | null) => {
              field.ref(el);
              if (typeof inputRef === 'function') inputRef(el);
              else if (inputRef) inputRef.current = el;
            }}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={PostMessages.commentPlaceholder}
            multiline
            maxRows={6}
            autoFocus={autoFocus}
            disabled={busy}
            fullWidth
            sx={{ py: 0.75, fontSize: 15 }}
            inputProps={{
              'aria-label': PostMessages.commentPlaceholder,
              'aria-invalid': Boolean(fieldState.error),
              'aria-describedby': error ? errorId : undefined,
            }}
          />
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="Attachment file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <IconButton
            size="small"
            aria-label="Attach a file"
            title="Attach a photo (.png, .jpg), a video (.mp4) or audio (.mp3)"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <AttachFileRounded fontSize="small" />
          </IconButton>
          <IconButton size="small" type="submit" color="primary" aria-label="Post engagement" loading={busy}>
            <SendRounded fontSize="small" />
          </IconButton>
        </Box>
      </Stack>
      <Box sx={{ pl: 5 }}>
        {file && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
            <AttachFileRounded fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }} title={file.name}>
              {file.name}
            </Typography>
            <IconButton size="small" aria-label="Remove attachment" onClick={unchoose} disabled={busy}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Stack>
        )}
        {progress !== null && file && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <LinearProgress variant="determinate" value={progress} sx={{ flex: 1 }} aria-label="Upload progress" />
            <Typography variant="caption" color="text.secondary" aria-live="polite">
              {`Uploading ${Math.round(progress)}%`}
            </Typography>
          </Stack>
        )}
        {error && (
          <FormHelperText id={errorId} error>
            {error}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
