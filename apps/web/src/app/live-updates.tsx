import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Messages, notificationSentence } from '@rally/contract';
import { paths } from '../config/paths';
import { realtime } from '../lib/realtime';
import { useSnackbar } from '../lib/snackbar';
import { applyLiveEvent, catchUpLive } from './live-events';

/**
 * The signed-in tab's one subscription to the realtime stream, mounted once by the signed-in frame:
 * every event goes to every cache that shows it (app/live-events.ts), so a screen opened later
 * shows it without asking again, and no screen subscribes on its own. After a reconnect everything
 * cached is read again. A new notification also shows a snackbar; an engagement deleted while the
 * user is in it takes them to the engagements page (ADR 0019).
 */
export function LiveUpdates(): null {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const latest = useRef({ pathname, navigate, enqueueSnackbar });
  useEffect(() => {
    latest.current = { pathname, navigate, enqueueSnackbar };
  });
  useEffect(
    () =>
      realtime.subscribe(
        (event) => {
          const { pathname, navigate, enqueueSnackbar } = latest.current;
          const outcome = applyLiveEvent(queryClient, event, pathname);
          if (outcome.notification) enqueueSnackbar(notificationSentence(outcome.notification), { variant: 'info' });
          if (outcome.leaveTeam) {
            enqueueSnackbar(Messages.teamGone, { variant: 'info' });
            void navigate(paths.engagements, { replace: true });
          }
        },
        () => void catchUpLive(queryClient),
      ),
    [queryClient],
  );
  return null;
}

export default LiveUpdates;
