import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Limits, PostMessages, PromptMessages, Timing, type CreateSlideshowInput, type PostDto } from '@rally/contract';
import { CountedTextField } from '../../../components/counted-text-field';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { createSlideshow, useCreatePrompt } from '../api/create-prompt';
import { IMAGE_ACCEPT, imageProblem } from './image-files';
import { PromptFormFrame } from './prompt-form-frame';

type SlideshowValues = { topic: string; content: string | null };

interface Props {
  teamId: number;
  onPosted?: (post: PostDto) => void;
  onDone?: () => void;
}

/**
 * A slideshow (spec §3, §5): a topic of 4 to 300 characters (counted), a description of up to
 * 500, and one .png, .jpg or .jpeg image; sent as one multipart request with upload progress. On
 * a failure everything typed and chosen stays, to send again.
 */
export function CreateSlideshowForm({ teamId, onPosted, onDone }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const create = useCreatePrompt(async (values: SlideshowValues & { image: File }) => {
    try {
      return await createSlideshow(teamId, values, setProgress);
    } finally {
      setProgress(0);
    }
  }, onPosted);
  const { control, handleSubmit, reset, setError, formState } = useForm<CreateSlideshowInput, unknown, SlideshowValues>(
    {
      resolver: formResolver((s) => s.createSlideshowForm),
      defaultValues: { topic: '', content: '' },
    },
  );

  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.files?.[0];
    e.target.value = '';
    if (!next) return;
    const problem = imageProblem(next);
    if (problem) return showError(problem);
    setImage(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!image) return showError(PromptMessages.imagesRequired);
    try {
      await create.mutateAsync({ ...values, image });
      reset();
      setImage(null);
      enqueueSnackbar(PostMessages.postCreated, { variant: 'success' });
      onDone?.();
    } catch (err) {
      const message = applyServerErrors(err, setError, ['topic', 'content']);
      showError(message || errorMessage(err));
    }
  });
  const busy = formState.isSubmitting;

  return (
    <PromptFormFrame
      onSubmit={onSubmit}
      error={error}
      control={control}
      topicPlaceholder="What should the team answer with pictures?"
      busy={busy}
      progress={progress}
      submitLabel="Post"
    >
      <CountedTextField
        control={control}
        name="content"
        label="Description"
        placeholder="More about it (optional)"
        max={Limits.slideshowContentMax}
        minRows={2}
        disabled={busy}
      />
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={pick}
        aria-label="Image to post"
        data-testid="slideshow-file-input"
      />
      {image && preview ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={preview}
            alt="Your image"
            // Room is left for the remove button beside it on a phone.
            sx={{
              minWidth: 0,
              maxWidth: 'min(calc(100% - 44px), 320px)',
              maxHeight: 200,
              objectFit: 'contain',
              borderRadius: 1,
            }}
          />
          <IconButton size="small" aria-label="Remove image" onClick={() => setImage(null)} disabled={busy}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </Stack>
      ) : (
        <Box>
          <Button startIcon={<AddAPhotoOutlined />} onClick={() => input.current?.click()} disabled={busy}>
            Add an image
          </Button>
        </Box>
      )}
    </PromptFormFrame>
  );
}
