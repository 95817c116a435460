import { IconButton } from '@mui/material';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { lazyDialog } from '../../components/lazy-dialog';
import { useSession } from '../../lib/session';
import { whenIdle } from '../../lib/when-idle';

const loadMenu = () => import('./account-menu').then((m) => m.AccountMenu);
const AccountMenu = lazyDialog(loadMenu, ({ anchor }) => anchor !== null);

/**
 * Profile / Settings / Sign Out menu of the top bar (spec §2). The menu's code comes after the
 * first screen: when the page is idle, or when the avatar is pointed at or focused.
 */
export function UserMenu() {
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => whenIdle(() => void loadMenu()), []);
  if (!session) return null;

  return (
    <>
      {/* A native title, not MUI's Tooltip: Popper would weigh on every signed-in page. */}
      <IconButton
        aria-label="Account menu"
        title={session.user.full_name}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        size="small"
      >
        <UserAvatar name={session.user.full_name} src={session.user.avatar} />
      </IconButton>
      <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
