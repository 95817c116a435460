import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../paths';

/** Profile / Settings / Sign Out menu of the top bar (spec §2). */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={session.user.full_name}>
        <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)} size="small">
          {session.user.avatar ? (
            <Avatar src={session.user.avatar} alt="" />
          ) : (
            <UserAvatar name={session.user.full_name} />
          )}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            void navigate(paths.profile);
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate(paths.settings);
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void signOut().then(() => navigate(paths.login));
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
