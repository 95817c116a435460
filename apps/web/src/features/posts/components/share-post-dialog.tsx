import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { type PostDto, PostMessages } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useSharePost } from '../api/share-post';

/** A team a post can be shared to. */
export interface ShareTeam {
  id: number;
  name: string;
}

interface Props {
  open: boolean;
  post: PostDto;
  /** The viewer's other teams that they lead (spec §6: sharing is for roles 2 and 3). */
  teams: ShareTeam[];
  onClose: () => void;
}

/** Share a post to other teams: 400 px wide, Share disabled until a team is chosen (spec §2, §5). */
export function SharePostDialog({ open, post, teams, onClose }: Props) {
  const [chosen, setChosen] = useState<number[]>([]);
  const share = useSharePost(post);
  const { enqueueSnackbar } = useSnackbar();

  const close = () => {
    if (share.isPending) return;
    setChosen([]);
    onClose();
  };
  const toggle = (teamId: number, on: boolean) =>
    setChosen((ids) => (on ? [...ids, teamId] : ids.filter((id) => id !== teamId)));

  const submit = async () => {
    try {
      await share.mutateAsync(chosen);
      enqueueSnackbar(PostMessages.postShared, { variant: 'success' });
      setChosen([]);
      onClose();
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="share-post-title"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="share-post-title">Share Post</DialogTitle>
      <DialogContent dividers>
        {teams.length === 0 ? (
          <Typography color="text.secondary">You lead no other engagement to share this post with.</Typography>
        ) : (
          <FormGroup aria-label="Engagements to share with">
            {teams.map((team) => (
              <FormControlLabel
                key={team.id}
                control={
                  <Checkbox
                    checked={chosen.includes(team.id)}
                    onChange={(e) => toggle(team.id, e.target.checked)}
                    disabled={share.isPending}
                  />
                }
                label={team.name}
                sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={share.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={chosen.length === 0}
          loading={share.isPending}
        >
          Share
        </Button>
      </DialogActions>
    </Dialog>
  );
}
