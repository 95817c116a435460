import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { Limits, type TopicData, type TopicDto, type TopicInput } from '@rally/contract';
import { CountedTextField } from '../../../components/counted-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSaveTopic } from '../api/save-topic';
import { todayUtc } from './topic-dates';

interface Props {
  teamId: number;
  /** The topic being edited; none to write a new one. */
  topic?: TopicDto | undefined;
  /** The day a new topic starts on. */
  defaultDay?: string;
  onDone: () => void;
  onSaved?: (() => void) | undefined;
}

function PublishDateField({ control }: { control: Control<TopicInput, unknown, TopicData> }) {
  const { field, fieldState } = useController({ name: 'publish_date', control });
  const id = useId();
  const message = fieldState.error?.message;
  return (
    <FormControl error={Boolean(message)} fullWidth>
      <InputLabel htmlFor={id} shrink>
        Publish date
      </InputLabel>
      <OutlinedInput
        id={id}
        type="date"
        label="Publish date"
        notched
        inputRef={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputProps={{ min: todayUtc() }}
        aria-describedby={`${id}-help`}
      />
      <FormHelperText id={`${id}-help`}>{message ?? 'Today publishes now; a later day publishes then.'}</FormHelperText>
    </FormControl>
  );
}

/**
 * Writing the topic (spec §5): 6–165 characters once trimmed, a `length / limit` counter, a
 * 4-row textarea; a new topic, or one not yet published, also has its publish date.
 */
export function TopicForm({ teamId, topic, defaultDay, onDone, onSaved }: Props) {
  const save = useSaveTopic(teamId, onSaved);
  const { enqueueSnackbar } = useSnackbar();
  const withDate = !topic?.published_at;
  const { control, handleSubmit, setError, watch, formState } = useForm<TopicInput, unknown, TopicData>({
    resolver: formResolver((s) => s.topicSchema),
    defaultValues: {
      content: topic?.content ?? '',
      publish_date: topic?.publish_date ?? defaultDay ?? todayUtc(),
    },
  });
  const day = watch('publish_date');

  const onSubmit = handleSubmit(async (values) => {
    const body = withDate ? values : { content: values.content };
    try {
      const res = await save.mutateAsync({ topicId: topic?.id, body });
      if (res.message) enqueueSnackbar(res.message, { variant: 'success' });
      onDone();
    } catch (err) {
      const message = applyServerErrors(err, setError, ['content', 'publish_date']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const label = !withDate ? 'Save' : day && day > todayUtc() ? 'Schedule' : 'Publish';
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={topic ? 'Edit topic' : 'Create topic'}>
      <Stack spacing={2}>
        <CountedTextField
          control={control}
          name="content"
          label="Topic"
          placeholder="What should the team think about today?"
          max={Limits.topicMax}
          rows={4}
          autoFocus
        />
        {withDate && <PublishDateField control={control} />}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {label}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
