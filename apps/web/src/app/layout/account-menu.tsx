import { ListItemIcon, Menu, MenuItem } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../lib/session';
import { paths } from '../../config/paths';

/**
 * The user menu's entries, Profile / Settings / Sign Out (UserMenu): a chunk of its own, as MUI's
 * Menu (with Popover) is nothing the first screen draws (issue 25).
 */
export function AccountMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const items = [
    { label: 'Profile', Icon: PersonOutline, onSelect: () => void navigate(paths.profile) },
    { label: 'Settings', Icon: SettingsOutlined, onSelect: () => void navigate(paths.settings) },
    { label: 'Sign Out', Icon: Logout, onSelect: () => void signOut().then(() => navigate(paths.login)) },
  ];
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map(({ label, Icon, onSelect }) => (
        <MenuItem
          key={label}
          onClick={() => {
            onClose();
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
  );
}
