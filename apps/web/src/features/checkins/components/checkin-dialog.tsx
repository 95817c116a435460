import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CheckinMessages, MOODS, MOOD_IMAGE_PREFIX, MoodGroup, type PostDto } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useAnswerCheckin } from '../api/answer-checkin';

const TEAM_MOODS = MOODS.filter((m) => m.mood_group_id === MoodGroup.Moods);

export interface CheckinDialogProps {
  open: boolean;
  teamId: number;
  checkinId: number;
  onClose: () => void;
  /** A public answer's `checkin.reply` post, for the page to put on the timeline. */
  onPosted?: (post: PostDto) => void;
}

/**
 * The Check-in dialog (spec §2): choose a mood, keep or clear "Share only with my coach" (checked
 * by default), submit. Afterwards the snackbar says it went to the initiator (spec §4).
 */
export function CheckinDialog({ open, teamId, checkinId, onClose, onPosted }: CheckinDialogProps) {
  const [mood, setMood] = useState<number | null>(null);
  const [onlyCoach, setOnlyCoach] = useState(true);
  const answer = useAnswerCheckin(teamId, checkinId, onPosted);
  const { enqueueSnackbar } = useSnackbar();

  const submit = () => {
    if (mood === null) return;
    answer.mutate(
      { mood_id: mood, private: onlyCoach },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message ?? CheckinMessages.sentTo('your coach'), { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="checkin-dialog-title">
      <DialogTitle id="checkin-dialog-title">Check-in</DialogTitle>
      <DialogContent>
        <Typography id="checkin-mood-label" sx={{ mb: 1.5 }}>
          How are you feeling?
        </Typography>
        <Box
          role="radiogroup"
          aria-labelledby="checkin-mood-label"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
        >
          {TEAM_MOODS.map((m) => {
            const chosen = mood === m.id;
            return (
              <Button
                key={m.id}
                role="radio"
                aria-checked={chosen}
                variant={chosen ? 'contained' : 'outlined'}
                color={chosen ? 'primary' : 'inherit'}
                onClick={() => setMood(m.id)}
                sx={{ flexDirection: 'column', gap: 0.5, py: 1, textTransform: 'none', borderColor: 'divider' }}
              >
                <Box component="img" src={`${MOOD_IMAGE_PREFIX}${m.file}`} alt="" sx={{ width: 40, height: 40 }} />
                {m.name}
              </Button>
            );
          })}
        </Box>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Checkbox checked={onlyCoach} onChange={(e) => setOnlyCoach(e.target.checked)} />}
          label={CheckinMessages.shareOnlyWithCoach}
        />
        <Typography variant="body2" color="text.secondary">
          {onlyCoach
            ? 'Only the coach who asked sees your answer; it still counts in the team’s figures.'
            : 'Your mood also appears on the team’s timeline.'}
        </Typography>
        {answer.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(answer.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={mood === null || answer.isPending}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
