import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DynamicFeedOutlined from '@mui/icons-material/DynamicFeedOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LocalCafeOutlined from '@mui/icons-material/LocalCafeOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import { paths } from '../../config/paths';

/** A route entry of the drawer, top bar and bottom bar (spec §2 Layout). */
export interface NavItem {
  name: string;
  path: string;
  icon: SvgIconComponent;
  /** The bottom bar's label on phones, where six entries share 390 px (the full name is its accessible name). */
  short?: string;
  /** Listed nowhere in the sidebar, top bar or bottom bar (reachable by link only). */
  hiddenFromSidebar?: boolean;
  /** More path prefixes under which the entry is the active one (pages it links to, not below it). */
  alsoActiveUnder?: string[];
  /** Listed only for a user who leads at least one team (roles 2 and 3). */
  leadsOnly?: boolean;
}

/** The app's top-level entries; team entries come from the workspace. */
export const mainNavItems: NavItem[] = [
  { name: 'Home', path: paths.home, icon: HomeOutlined },
  { name: 'Dashboard', path: paths.dashboard, icon: DashboardOutlined },
  { name: 'Engagements', path: paths.engagements, icon: GroupsOutlined },
  { name: 'Portfolio', path: paths.portfolio, icon: InsightsOutlined, leadsOnly: true },
  { name: 'Profile', path: paths.profile, icon: PersonOutline, hiddenFromSidebar: true },
];

/** A team workspace's entries (spec §2); the others arrive with their features. */
export const teamNavItems = (teamId: number): NavItem[] => [
  { name: 'My Engagements', short: 'Teams', path: paths.engagements, icon: GroupsOutlined },
  { name: 'Timeline', path: paths.teamTimeline(teamId), icon: DynamicFeedOutlined },
  { name: 'Wall of Fame', short: 'Fame', path: paths.teamWallOfFame(teamId), icon: EmojiEventsOutlined },
  { name: 'Bright Ideas', short: 'Ideas', path: paths.teamBrightIdeas(teamId), icon: LightbulbOutlined },
  {
    name: 'To-do Lists',
    short: 'To-do',
    path: paths.teamTodoLists(teamId),
    icon: ChecklistRounded,
    // A list's tasks live at /engagements/{id}/todo/{listId}/list-task.
    alsoActiveUnder: [`${paths.team(teamId)}/todo`],
  },
  { name: 'Engagement Information', short: 'Info', path: paths.teamInfo(teamId), icon: InfoOutlined },
  { name: 'Watercooler', short: 'Cooler', path: paths.teamWatercooler(teamId), icon: LocalCafeOutlined },
  { name: 'FAQ', path: paths.teamFaq(teamId), icon: HelpOutlineOutlined },
  { name: 'Profile', path: paths.profile, icon: PersonOutline, hiddenFromSidebar: true },
];

export const visibleItems = (items: NavItem[]) => items.filter((i) => !i.hiddenFromSidebar);

/** The entries for this user: the leads' own only for one who leads a team. */
export const itemsFor = (items: NavItem[], leads: boolean) => (leads ? items : items.filter((i) => !i.leadsOnly));

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The active item: the current path contains its link (spec §2), the longest match wins. The
 * `/teams/{id}/…` alias of a team page counts as its `/engagements/{id}/…` path.
 */
export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  const path = pathname.replace(/^\/teams\/(?=\d)/, `${paths.engagements}/`);
  const matched = (i: NavItem) =>
    i.path === '/' ? path === '/' : [i.path, ...(i.alsoActiveUnder ?? [])].some((p) => under(path, p));
  return items.filter(matched).sort((a, b) => b.path.length - a.path.length)[0];
}
