import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Limits, type TextPostData, type TextPostInput, PostMessages } from '@rally/contract';
import { formResolver } from '../../../lib/form-resolver';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useCreatePost } from '../api/create-post';
import { CreateTextField } from './create-text-field';

interface Props {
  teamId: number;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** The post is on the timeline and the form is empty again. */
  onPosted?: () => void;
  /** More buttons beside Post (e.g. the thought panel's Close). */
  actions?: ReactNode;
}

/**
 * A text post (spec §5: required, 4 to 500 characters), from the create panel or as a thought. On
 * success the form empties, the post heads the feed and a snackbar says so; on failure a snackbar
 * says why and the text stays.
 */
export function CreateTextPostForm({ teamId, label, placeholder, autoFocus, onPosted, actions }: Props) {
  const create = useCreatePost(teamId);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError, formState } = useForm<TextPostInput, unknown, TextPostData>({
    resolver: formResolver((s) => s.textPostSchema),
    defaultValues: { content: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      reset();
      enqueueSnackbar(PostMessages.postCreated, { variant: 'success' });
      onPosted?.();
    } catch (err) {
      const message = applyServerErrors(err, setError, ['content']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <CreateTextField
        control={control}
        name="content"
        label={label}
        placeholder={placeholder}
        max={Limits.textPostMax}
        autoFocus={autoFocus}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {actions}
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Post
        </Button>
      </Stack>
    </Box>
  );
}
