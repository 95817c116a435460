import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useMemo } from 'react';
import { type MemberDto, PostMessages } from '@rally/contract';
import { UserAvatar } from './user-avatar';
import { useSnackbar } from '../lib/snackbar';

/** A team's members as the page has them (the members feature's query result). */
export interface TeamMembers {
  data?: readonly MemberDto[];
  isPending: boolean;
}

interface Props {
  members: TeamMembers;
  /** The signed-in user, who is never offered (spec §5: the member picker excludes the current user). */
  selfId: number;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Offered when no one else is in the team yet (spec §6: leads invite from the tag dialog). */
  onInvite?: () => void;
  disabled?: boolean;
}

/**
 * 'Tag members' of a celebration: a multi-select of the team's other members. Each choice and
 * removal is confirmed by a snackbar (spec §8).
 */
export function TagMembersField({ members, selfId, value, onChange, onInvite, disabled }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const candidates = useMemo(() => (members.data ?? []).filter((m) => m.id !== selfId), [members.data, selfId]);
  const selected = useMemo(() => candidates.filter((m) => value.includes(m.id)), [candidates, value]);

  if (!members.isPending && candidates.length === 0)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          No one else is in this team yet, so there is no one to tag.
        </Typography>
        {onInvite && (
          <Button size="small" startIcon={<PersonAddAlt1Outlined />} onClick={onInvite}>
            Invite Members
          </Button>
        )}
      </Box>
    );

  const change = (next: MemberDto[]) => {
    const nextIds = new Set(next.map((m) => m.id));
    for (const m of next)
      if (!value.includes(m.id)) enqueueSnackbar(PostMessages.tagSelected(m.full_name), { variant: 'info' });
    for (const m of selected)
      if (!nextIds.has(m.id)) enqueueSnackbar(PostMessages.tagRemoved(m.full_name), { variant: 'info' });
    onChange(next.map((m) => m.id));
  };

  return (
    <Autocomplete
      multiple
      options={candidates}
      value={selected}
      onChange={(_e, next) => change(next)}
      getOptionLabel={(m) => m.full_name}
      getOptionKey={(m) => m.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      loading={members.isPending}
      disabled={disabled}
      noOptionsText="No more members to tag"
      renderOption={({ key, ...props }, m) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar name={m.full_name} src={m.avatar} sx={{ width: 28, height: 28, fontSize: 13 }} />
          {m.full_name}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label="Tag members" placeholder={selected.length ? '' : 'Who are you celebrating?'} />
      )}
    />
  );
}
