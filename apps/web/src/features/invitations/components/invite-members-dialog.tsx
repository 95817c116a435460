import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useSnackbar } from '../../../lib/snackbar';
import { useState, type FormEvent } from 'react';
import { Messages, emailField } from '@rally/contract';
import { ApiError } from '../../../lib/api-client';
import { useSendInvites } from '../api/send-invites';

interface Props {
  open: boolean;
  teamId: number;
  teamName: string;
  onClose: () => void;
}

/** The message of a failed send (spec §8): with the server's message, or without a response. */
function sendFailure(err: unknown): string {
  return err instanceof ApiError && err.status > 0
    ? Messages.inviteSendFailedWith(err.message)
    : Messages.inviteSendFailed;
}

/** Invite Team Members: add e-mails one at a time (duplicates ignored), remove them, send (spec §2, §5, §8). */
export function InviteMembersDialog({ open, teamId, teamName, onClose }: Props) {
  const send = useSendInvites();
  const { enqueueSnackbar } = useSnackbar();
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [listError, setListError] = useState('');

  const reset = () => {
    setEmails([]);
    setDraft('');
    setFieldError('');
    setListError('');
  };
  // The form empties once the dialog has faded out, not while it fades.
  const close = () => {
    if (!send.isPending) onClose();
  };

  /** Validates the draft with the contract's e-mail rule; returns the list with it added. */
  const addDraft = (): string[] | null => {
    const parsed = emailField.safeParse(draft);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? Messages.emailInvalid);
      return null;
    }
    const next = emails.includes(parsed.data) ? emails : [...emails, parsed.data];
    setEmails(next);
    setDraft('');
    setFieldError('');
    setListError('');
    return next;
  };

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    addDraft();
  };

  const onSend = async () => {
    // An address typed but not yet added is sent too, when it is valid.
    let list = emails;
    if (draft.trim()) {
      const next = addDraft();
      if (!next) return;
      list = next;
    }
    if (list.length === 0) {
      setListError(Messages.inviteEmpty);
      return;
    }
    try {
      const res = await send.mutateAsync({ teamId, emails: list });
      enqueueSnackbar(res.message ?? Messages.invitationsSent, { variant: 'success' });
      onClose();
    } catch (err) {
      enqueueSnackbar(sendFailure(err), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="invite-dialog-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      {/* Its own id: DialogTitle takes the dialog's aria-labelledby as its id otherwise, and the
          dialog's name is its heading, not the breadcrumb trail around it. */}
      <DialogTitle id="invite-dialog-bar" component="div">
        <Breadcrumbs aria-label="breadcrumb">
          <Typography color="text.secondary" noWrap sx={{ maxWidth: 220 }}>
            {teamName}
          </Typography>
          <Typography id="invite-dialog-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Invite Team Members
          </Typography>
        </Breadcrumbs>
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onAdd}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pt: 1 }}>
            <TextField
              label="Email"
              type="email"
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                if (fieldError) setFieldError('');
              }}
              error={Boolean(fieldError)}
              helperText={fieldError || 'Add one address at a time.'}
              autoFocus
              fullWidth
              size="small"
            />
            <Button type="submit" variant="outlined" sx={{ flexShrink: 0 }}>
              Add
            </Button>
          </Stack>
        </Box>
        {listError && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {listError}
          </Alert>
        )}
        {emails.length > 0 && (
          <List
            dense
            aria-label="E-mails to invite"
            sx={{ mt: 2, maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {emails.map((email) => (
              <ListItem
                key={email}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${email}`}
                    onClick={() => setEmails((list) => list.filter((e) => e !== email))}
                    size="small"
                  >
                    <Close fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={email} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void onSend()} loading={send.isPending}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
