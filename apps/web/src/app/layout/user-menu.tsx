import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../../config/paths';

/** Profile / Settings / Sign Out menu of the top bar (spec §2). */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  const close = () => setAnchor(null);
  const items = [
    { label: 'Profile', Icon: PersonOutline, onSelect: () => void navigate(paths.profile) },
    { label: 'Settings', Icon: SettingsOutlined, onSelect: () => void navigate(paths.settings) },
    { label: 'Sign Out', Icon: Logout, onSelect: () => void signOut().then(() => navigate(paths.login)) },
  ];

  return (
    <>
      {/* A native title, not MUI's Tooltip: Popper would weigh on every signed-in page. */}
      <IconButton
        aria-label="Account menu"
        title={session.user.full_name}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <UserAvatar name={session.user.full_name} src={session.user.avatar} />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {items.map(({ label, Icon, onSelect }) => (
          <MenuItem
            key={label}
            onClick={() => {
              close();
              onSelect();
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
