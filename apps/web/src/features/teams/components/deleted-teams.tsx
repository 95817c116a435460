import { Alert } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { Suspense, lazy } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useDeletedTeams } from '../api/deleted-teams';

// Most people have none: the list's own code loads only when there is one to show.
const DeletedTeamsCard = lazy(() => import('./deleted-teams-card').then((m) => ({ default: m.DeletedTeamsCard })));

/**
 * 'Deleted engagements': the owner's deleted teams with the days left to restore each (ADR 0019).
 * Nothing at all while there are none, so members and coaches who never deleted one see no change.
 */
export function DeletedTeams({ sx }: { sx?: SxProps<Theme> }) {
  const deleted = useDeletedTeams();
  if (deleted.isError) return <Alert severity="error">{errorMessage(deleted.error)}</Alert>;
  if (!deleted.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <DeletedTeamsCard teams={deleted.data} sx={sx} />
    </Suspense>
  );
}
