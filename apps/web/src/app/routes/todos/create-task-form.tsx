import { Card, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Limits, TodoMessages, type CreateTaskData } from '@rally/contract';
import { CountedTextField } from '../../../components/counted-text-field';
import { useMembers } from '../../../features/members/api/get-members';
import { AttachmentSubmitRow } from '../../../components/attachment/attachment-picker';
import { CHOSEN_FILE, mediaFields, useAttachmentUpload } from '../../../components/attachment/use-attachment-upload';
import { TagMembersField } from '../../../components/tag-members-field';
import { useCreateTask } from '../../../features/todos/api/create-task';
import { DAY_INPUT_FORMAT, dayFromInput, dayToInput, maskDay } from '../../../lib/day-input';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSession } from '../../../lib/session';
import { useSnackbar } from '../../../lib/snackbar';

interface TaskValues {
  description: string;
  priority: string;
  due_date: string;
  /** Stands for the chosen file until it is uploaded, so "text or a file" is checked first. */
  media: string | null;
  tag_users: number[];
}
const EMPTY: TaskValues = { description: '', priority: '', due_date: '', media: null, tag_users: [] };

interface Props {
  teamId: number;
  listId: number;
  onInvite?: () => void;
}

/**
 * A new task (spec §5): a description of 4–500 characters or a file, a priority of up to 25, a
 * due date and the members it tags (never oneself; each choice confirmed by a snackbar, §8). The
 * file is uploaded on Post; if posting fails, everything stays for another try.
 */
export function CreateTaskForm({ teamId, listId, onInvite }: Props) {
  const selfId = useSession()?.user.id ?? 0;
  const members = useMembers(teamId);
  const create = useCreateTask(teamId, listId);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError, setValue, trigger, formState } = useForm<
    TaskValues,
    unknown,
    CreateTaskData
  >({
    resolver: formResolver((s) => s.createTaskSchema) as unknown as Resolver<TaskValues, unknown, CreateTaskData>,
    defaultValues: EMPTY,
  });
  const attachmentUpload = useAttachmentUpload(teamId, 'team.celebration', (chosen) => {
    setValue('media', chosen ? CHOSEN_FILE : null);
    if (formState.isSubmitted) void trigger('description');
  });
  const { uploaded, failed, clear } = attachmentUpload;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        description: values.description,
        text: values.description,
        priority: values.priority,
        due_date: values.due_date,
        ...mediaFields(await uploaded()),
        tag_users: values.tag_users,
      });
      reset(EMPTY);
      clear();
      enqueueSnackbar(TodoMessages.taskCreated, { variant: 'success' });
    } catch (err) {
      if (failed(err)) return;
      const message = applyServerErrors(err, setError, ['description', 'priority', 'due_date', 'tag_users']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });
  const busy = formState.isSubmitting;

  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={1.5} aria-label="Create task">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Add a task
        </Typography>
        <CountedTextField
          control={control}
          name="description"
          label="Task description"
          placeholder="What needs to be done?"
          max={Limits.taskDescriptionMax}
          minRows={2}
          disabled={busy}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Controller
            control={control}
            name="priority"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Priority"
                placeholder="e.g. High"
                fullWidth
                disabled={busy}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? `Up to ${Limits.priorityMax} characters`}
              />
            )}
          />
          <Controller
            control={control}
            name="due_date"
            render={({ field, fieldState }) => (
              // Typed as DD/MM/YYYY like every date of the app (a native date input follows the
              // browser's locale); the form holds the API's YYYY-MM-DD once the day is a real one,
              // else what was typed, which the contract's schema refuses.
              <TextField
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={dayToInput(field.value)}
                onChange={(e) => {
                  const typed = maskDay(e.target.value);
                  field.onChange(dayFromInput(typed) ?? typed);
                }}
                label="Due date"
                placeholder={DAY_INPUT_FORMAT}
                fullWidth
                disabled={busy}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: DAY_INPUT_FORMAT.length },
                  inputLabel: { shrink: true },
                  // The blank line keeps it level with Priority's hint beside it; stacked on a phone it is only a gap.
                  formHelperText: { sx: { display: fieldState.error ? 'block' : { xs: 'none', sm: 'block' } } },
                }}
              />
            )}
          />
        </Stack>
        <Controller
          control={control}
          name="tag_users"
          render={({ field }) => (
            <TagMembersField
              members={members}
              selfId={selfId}
              value={field.value}
              onChange={field.onChange}
              onInvite={onInvite}
              disabled={busy}
            />
          )}
        />
        <AttachmentSubmitRow upload={attachmentUpload} busy={busy} submitLabel="Post Task" />
      </Stack>
    </Card>
  );
}
