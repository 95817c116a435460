import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface NoticeAction {
  label: string;
  to: string;
}

interface Props {
  open: boolean;
  title?: string;
  message: string;
  action?: NoticeAction;
  onClose: () => void;
}

/** A message the user has to acknowledge, with an optional link onwards (spec §8 subscription dialogs). */
export function NoticeDialog({ open, title = 'Subscription', message, action, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="notice-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="notice-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {action && (
          <Button variant="contained" component={RouterLink} to={action.to} onClick={onClose}>
            {action.label}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
