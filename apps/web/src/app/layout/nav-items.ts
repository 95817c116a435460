import type { SvgIconComponent } from '@mui/icons-material';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import { paths } from '../../config/paths';

/** A route entry of the drawer, top bar and bottom bar (spec §2 Layout). */
export interface NavItem {
  name: string;
  path: string;
  icon: SvgIconComponent;
  /** Listed nowhere in the sidebar, top bar or bottom bar (reachable by link only). */
  hiddenFromSidebar?: boolean;
}

/** The app's top-level entries; team entries come from the workspace. */
export const mainNavItems: NavItem[] = [
  { name: 'Home', path: paths.home, icon: HomeOutlined },
  { name: 'Engagements', path: paths.engagements, icon: GroupsOutlined },
  { name: 'Profile', path: paths.profile, icon: PersonOutline, hiddenFromSidebar: true },
];

/** A team workspace's entries (spec §2); the others arrive with their features. */
export const teamNavItems = (teamId: number): NavItem[] => [
  { name: 'My Engagements', path: paths.engagements, icon: GroupsOutlined },
  { name: 'Engagement Information', path: paths.teamInfo(teamId), icon: InfoOutlined },
  { name: 'Profile', path: paths.profile, icon: PersonOutline, hiddenFromSidebar: true },
];

export const visibleItems = (items: NavItem[]) => items.filter((i) => !i.hiddenFromSidebar);

/** The active item: the current path contains its link (spec §2), the longest match wins. */
export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  return items
    .filter((i) => (i.path === '/' ? pathname === '/' : pathname === i.path || pathname.startsWith(`${i.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
