import { Card, CardContent, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import { useState } from 'react';
import { roleLabel, type MemberDto } from '@rally/contract';
import { ProfileLink } from '../../../components/profile-link';
import { UserAvatar } from '../../../components/user-avatar';
import type { MemberAction } from './member-actions';

interface Props {
  member: MemberDto;
  actions: MemberAction[];
  onAction: (action: MemberAction, member: MemberDto) => void;
}

/** A member of the team: avatar and name (a link to their profile), role label and, where allowed, an action menu. */
export function MemberCard({ member, actions, onAction }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Card component="li" aria-label={member.full_name} sx={{ listStyle: 'none', position: 'relative' }}>
      {actions.length > 0 && (
        <>
          <IconButton
            aria-label={`Actions for ${member.full_name}`}
            onClick={(e) => setAnchor(e.currentTarget)}
            size="small"
            sx={{ position: 'absolute', top: 4, right: 4 }}
          >
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {actions.map((a) => (
              <MenuItem
                key={a.kind}
                onClick={() => {
                  setAnchor(null);
                  onAction(a, member);
                }}
              >
                {a.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}>
        <ProfileLink
          userId={member.id}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, maxWidth: '100%' }}
        >
          <UserAvatar
            name={member.full_name}
            src={member.avatar}
            aria-hidden
            sx={{ width: 72, height: 72, fontSize: 26 }}
          />
          <Typography
            component="span"
            sx={{ display: 'block', fontWeight: 700, maxWidth: '100%' }}
            noWrap
            title={member.full_name}
          >
            {member.full_name}
          </Typography>
        </ProfileLink>
        <Typography variant="body2" color="text.secondary">
          {roleLabel(member.role_id)}
        </Typography>
      </CardContent>
    </Card>
  );
}
