import Alert from '@mui/material/Alert';

/** A form's error message, announced to screen readers; nothing when the message is empty. */
export function FormError({ message, placement = 'top' }: { message: string; placement?: 'top' | 'bottom' }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={placement === 'top' ? { mb: 1 } : { mt: 1 }}>
      {message}
    </Alert>
  );
}
