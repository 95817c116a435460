import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  /** The submit button's label; it shows a spinner while `pending`. */
  submitLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The form's message and fields. */
  children: ReactNode;
}

/** A small dialog around one form: its title, its fields, Cancel and the submit button. */
export function FormDialog({ open, title, submitLabel, pending, onSubmit, onClose, children }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
