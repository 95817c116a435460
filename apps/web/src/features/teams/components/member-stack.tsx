import { Avatar, Box } from '@mui/material';
import type { MemberDto } from '@rally/contract';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { ProfileLink } from '../../../components/profile-link';
import { UserAvatar } from '../../../components/user-avatar';

/** How many member avatars a team card shows before +N (spec §9). */
export const STACK_SIZE = 4;

/**
 * Up to four overlapping member avatars, each a link to that member's profile, then +N for the
 * rest of users_count. `tabIndex` -1 takes the links out of the tab order (an inactive card).
 */
export function MemberStack({ users, count, tabIndex }: { users: MemberDto[]; count: number; tabIndex?: number }) {
  const shown = users.slice(0, STACK_SIZE);
  const more = count - STACK_SIZE;
  // A white ring sets each avatar off from the one it overlaps. The overlap (4 px: the ring and
  // 2 px of the circle's empty edge) covers no letter: UserAvatar sizes the initials to the circle.
  const ring = { width: 32, height: 32, border: 2, borderColor: 'background.paper', boxSizing: 'content-box' } as const;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center' }}
      aria-label={`${count} ${count === 1 ? 'member' : 'members'}`}
      role="group"
    >
      {shown.map((u, i) => (
        <DeferredTooltip key={u.id} title={u.full_name}>
          <ProfileLink
            userId={u.id}
            aria-label={`${u.full_name}'s profile`}
            tabIndex={tabIndex}
            sx={{ display: 'inline-flex', borderRadius: '50%', ml: i === 0 ? 0 : -0.5 }}
          >
            <UserAvatar name={u.full_name} src={u.avatar} sx={ring} data-testid="member-avatar" />
          </ProfileLink>
        </DeferredTooltip>
      ))}
      {more > 0 && (
        <Avatar sx={{ ...ring, ml: -0.5, fontSize: 12, fontWeight: 600, bgcolor: 'grey.300', color: 'text.primary' }}>
          {`+${more}`}
        </Avatar>
      )}
    </Box>
  );
}
