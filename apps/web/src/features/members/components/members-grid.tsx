import { Alert, Box } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Messages, Role, type MemberDto } from '@rally/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { errorMessage } from '../../../lib/error-message';
import { useChangeRole } from '../api/change-role';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { memberActions, type MemberAction } from './member-actions';
import { MemberCard } from './member-card';

interface Props {
  teamId: number;
  /** The signed-in user and their role in this team. */
  viewer: { id: number; role: number };
  /** After a role change or a removal (the team's counts changed). */
  onChanged?: () => void;
  /** After the viewer removed themselves from the team. */
  onLeft?: () => void;
}

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: 2,
  m: 0,
  p: 0,
} as const;

/** The members grid of the 'Engagement Information' page, with the actions of spec §6 behind a confirm. */
export function MembersGrid({ teamId, viewer, onChanged, onLeft }: Props) {
  const members = useMembers(teamId);
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const { enqueueSnackbar } = useSnackbar();
  // The chosen action stays set while the dialog closes, so its title does not blank out.
  const [pending, setPending] = useState<{ action: MemberAction; member: MemberDto } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  if (members.isPending) return <SkeletonGrid sx={grid} height={170} />;
  if (members.isError) return <Alert severity="error">{members.error.message}</Alert>;

  const run = async () => {
    if (!pending) return;
    const { action, member } = pending;
    try {
      if (action.kind === 'remove') {
        await removeMember.mutateAsync({ teamId, userId: member.id });
        enqueueSnackbar(Messages.memberRemoved(member.full_name), { variant: 'success' });
        setConfirmOpen(false);
        if (member.id === viewer.id) onLeft?.();
        else onChanged?.();
      } else {
        const roleId = action.kind === 'makeAdmin' ? Role.Admin : Role.Member;
        await changeRole.mutateAsync({ teamId, userId: member.id, roleId });
        enqueueSnackbar(Messages.roleChanged(member.full_name), { variant: 'success' });
        setConfirmOpen(false);
        onChanged?.();
      }
    } catch (err) {
      setConfirmOpen(false);
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <>
      <Box component="ul" sx={grid} aria-label="Members">
        {members.data.map((m) => (
          <MemberCard
            key={m.id}
            member={m}
            actions={memberActions(viewer, m)}
            onAction={(action, member) => {
              setPending({ action, member });
              setConfirmOpen(true);
            }}
          />
        ))}
      </Box>
      <ConfirmDialog
        open={confirmOpen}
        title={pending?.action.confirm ?? ''}
        confirmLabel="Yes"
        pending={changeRole.isPending || removeMember.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
