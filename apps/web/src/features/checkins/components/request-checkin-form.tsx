import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { CheckinMessages, type PostDto } from '@rally/contract';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useCheckinStatus } from '../api/get-checkin-status';
import { useRequestCheckin } from '../api/request-checkin';

export interface RequestCheckinFormProps {
  teamId: number;
  /** People in the team, the viewer included: a team of one cannot check in (spec §5). */
  membersCount: number;
  /** The new `checkin` post, for the page to put on the timeline. */
  onPosted?: (post: PostDto) => void;
  /** The request was made (the create panel closes). */
  onDone?: () => void;
}

/** Re-renders once `iso` has passed, so a button disabled until then enables itself. */
function usePassed(iso: string | null | undefined): boolean {
  const at = iso ? Date.parse(iso) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at <= now;
}

/**
 * The check-in request of a lead (spec §2, §4): one button; within 4 hours of the last request it
 * is disabled and 'Last Check-in initiated at {time}' shows in red.
 */
export function RequestCheckinForm({ teamId, membersCount, onPosted, onDone }: RequestCheckinFormProps) {
  const status = useCheckinStatus(teamId);
  const request = useRequestCheckin(teamId, onPosted);
  const { enqueueSnackbar } = useSnackbar();
  const available = usePassed(status.data?.next_checkin_available);
  const alone = membersCount < 2;
  const last = status.data?.last_checkin_time;

  const submit = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(CheckinMessages.requested, { variant: 'success' });
        onDone?.();
      },
    });

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>Each member answers with a mood, privately to you unless they choose to share it.</Typography>
      {alone && <Alert severity="info">{CheckinMessages.needMembers}</Alert>}
      {last && !available && (
        <Typography color="error" sx={{ fontWeight: 600 }}>
          {CheckinMessages.lastInitiatedAt(dayjs(last).format('DD/MM/YYYY HH:mm'))}
        </Typography>
      )}
      {request.isError && <Alert severity="error">{errorMessage(request.error)}</Alert>}
      <Button
        variant="contained"
        onClick={submit}
        disabled={alone || !status.isSuccess || !available || request.isPending}
      >
        Request Check-in
      </Button>
    </Stack>
  );
}
