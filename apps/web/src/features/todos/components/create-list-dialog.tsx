import { useForm } from 'react-hook-form';
import { Limits, TodoMessages, type CreateTodoListInput } from '@rally/contract';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useCreateTodoList } from '../api/create-todo-list';

interface Props {
  teamId: number;
  open: boolean;
  onClose: () => void;
}

/** 'Create List': a name of 4 to 50 characters (spec §5); the new list heads the page. */
export function CreateListDialog({ teamId, open, onClose }: Props) {
  const create = useCreateTodoList(teamId);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError } = useForm<CreateTodoListInput>({
    resolver: formResolver((s) => s.createTodoListSchema),
    defaultValues: { name: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      enqueueSnackbar(TodoMessages.listCreated, { variant: 'success' });
      close();
    } catch (err) {
      const message = applyServerErrors(err, setError, ['name']);
      if (message) enqueueSnackbar(message, { variant: 'error' });
    }
  });
  return (
    <FormDialog
      open={open}
      title="Create List"
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={(e) => void onSubmit(e)}
      onClose={close}
    >
      <FormTextField
        control={control}
        name="name"
        label="List name"
        autoFocus
        helperText={`4 to ${Limits.listNameMax} characters`}
      />
    </FormDialog>
  );
}
