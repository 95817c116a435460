import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Limits } from '@rally/contract';
import { CountedTextField } from '../../../components/counted-text-field';
import { FormError } from '../../../components/form-error';

interface Props<T extends FieldValues, TOut extends FieldValues> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string;
  control: Control<T, unknown, TOut>;
  /** What the topic asks for. */
  topicPlaceholder: string;
  busy: boolean;
  /** 0 while nothing uploads, else 0–100. */
  progress: number;
  submitLabel: string;
  /** The form's own fields and its file, between the topic and the progress bar. */
  children: ReactNode;
}

/**
 * What both prompt forms (team video, slideshow) show around their own fields: the error (spec §9:
 * 2000 ms), the counted topic of 4 to 300 characters (spec §5), the upload's progress and the
 * submit button.
 */
export function PromptFormFrame<T extends FieldValues & { topic: unknown }, TOut extends FieldValues = T>({
  onSubmit,
  error,
  control,
  topicPlaceholder,
  busy,
  progress,
  submitLabel,
  children,
}: Props<T, TOut>) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1.5}>
      <FormError message={error} />
      <CountedTextField
        control={control}
        name={'topic' as Path<T>}
        label="Topic"
        placeholder={topicPlaceholder}
        max={Limits.slideshowTextMax}
        minRows={2}
        disabled={busy}
      />
      {children}
      {progress > 0 && (
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ borderRadius: 1 }} />
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
