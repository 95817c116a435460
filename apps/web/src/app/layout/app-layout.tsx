import {
  AppBar,
  Box,
  BottomNavigation,
  BottomNavigationAction,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import { Suspense, lazy, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { DRAWER_WIDTH } from '../theme';
import { paths } from '../../config/paths';
import { useTeamsHost } from '../../lib/teams-host';
import { useLeadsAnEngagement } from '../routes/lead-teams';
import { activeItem, itemsFor, mainNavItems, visibleItems, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';

/** Title of the top bar: the team name when a team is open, else the spec's fallbacks. */
function titleFor(pathname: string, teamName?: string): string {
  if (teamName) return teamName;
  if (pathname.startsWith(paths.dashboard)) return 'Dashboard';
  // The same word as the page's heading.
  if (pathname.startsWith(paths.engagements)) return 'Engagements';
  // The page's own name, not the home page's.
  if (pathname.startsWith(paths.profile)) return 'Profile';
  if (pathname.startsWith(paths.settings)) return 'Settings';
  if (pathname.startsWith(paths.portfolio)) return 'Portfolio';
  return 'My Teams';
}

/**
 * The bell and its list come a moment after the top bar: in this chunk they
 * would put every signed-in route over its 50 KB budget (scripts/check-bundle-size.mjs).
 */
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * On a phone's main pages (/ and /engagements) the bell opens the side panel, notifications and
 * invites in one, as their one entry point with one count.
 */
const MainPanelBell = lazy(() => import('../routes/main-panel-bell').then((m) => ({ default: m.MainPanelBell })));

const titleSx = {
  flexGrow: 1,
  fontWeight: 700,
  fontSize: '1.1rem',
  maxWidth: 258,
  mx: 'auto',
  textAlign: 'center',
  color: 'text.primary',
} as const;

/** The team's right sidebar on large screens (on small ones a drawer of at most 85% of the width). */
export const RIGHT_SIDEBAR_WIDTH = 300;

/**
 * A click handler for a drawer's content: activating a link or button in it closes the drawer, so
 * the page or dialog it opens is not left behind an open drawer.
 */
const closeOnControl = (close: () => void) => (e: MouseEvent<HTMLElement>) => {
  if (e.target instanceof Element && e.target.closest('a, button')) close();
};

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = activeItem(items, pathname);
  return (
    <List component="nav" aria-label="Main navigation">
      {visibleItems(items).map((item) => (
        <ListItemButton
          key={item.path}
          component={RouterLink}
          to={item.path}
          selected={item === active}
          onClick={onNavigate}
        >
          <ListItemIcon>
            <item.icon />
          </ListItemIcon>
          <ListItemText primary={item.name} />
        </ListItemButton>
      ))}
    </List>
  );
}

interface AppLayoutProps {
  items?: NavItem[];
  teamName?: string;
  /** Extra drawer content below the entries (e.g. a team's Invite Members action). */
  drawerExtra?: ReactNode;
  /** Rendered instead of the route outlet (e.g. while a workspace loads). */
  content?: ReactNode;
  /**
   * The team's right sidebar (spec §2): its panels. The top bar's toggle shows only when it is
   * given, which a team workspace does when the viewer has a panel to see.
   */
  rightSidebar?: ReactNode;
  /** The top bar's notification icon with its badge, between the title and the user menu. */
  notificationSlot?: ReactNode;
}

/**
 * Sticky top bar, side drawer (temporary below 959 px, permanent from 959 px: theme md, spec §9),
 * the team's right sidebar (a drawer below 959 px) and mobile bottom bar (spec §2).
 */
export function AppLayout({
  items: allItems = mainNavItems,
  teamName,
  drawerExtra,
  content,
  rightSidebar,
  notificationSlot,
}: AppLayoutProps) {
  const theme = useTheme();
  // The Portfolio entry is for those who lead an engagement (issue 26).
  const items = itemsFor(allItems, useLeadsAnEngagement());
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  // Below 1536 px seven team entries do not fit the top bar by their full names; the permanent
  // drawer beside it still lists them in full.
  const roomy = useMediaQuery(theme.breakpoints.up('xl'));
  const [open, setOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // The sidebar's panels load their own data: nothing is fetched for a sidebar never opened, and
  // once opened they stay mounted, so closing and reopening it fetches nothing again.
  const [sidebarOpened, setSidebarOpened] = useState(false);
  if (sidebarOpen && !sidebarOpened) setSidebarOpened(true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = visibleItems(items);
  const active = activeItem(items, pathname);
  const host = useTeamsHost();
  // Inside a Teams tab the host owns navigation: the top bar has no links and the logo is not one
  // (spec §2); its configure page, a dialog of the host, has nothing to navigate to at all.
  const inTab = host.inHost;
  const configuring = inTab && host.frameContext === 'settings';
  const logo = <img src="/rally-logo.svg" alt="Rally" width={32} height={32} />;
  const title = titleFor(pathname, teamName);
  // The pages whose side panel (notifications and invites) a phone has no room for.
  const mainPage = !teamName && (pathname === paths.home || pathname === paths.engagements);

  const drawerContent = (
    <>
      <Toolbar />
      {teamName && (
        <Typography variant="subtitle1" noWrap sx={{ px: 2, pt: 2, maxWidth: 220, fontWeight: 700 }} title={teamName}>
          {teamName}
        </Typography>
      )}
      <NavList items={items} onNavigate={() => setOpen(false)} />
      {drawerExtra && <Box onClick={closeOnControl(() => setOpen(false))}>{drawerExtra}</Box>}
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        {/* Tighter on phones, so a team's name has room between the logo and the bell. */}
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          {!desktop && !configuring && (
            <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          {inTab ? (
            <Box sx={{ display: 'flex', alignItems: 'center', mr: { xs: 0, sm: 1 } }}>{logo}</Box>
          ) : (
            <Link
              component={RouterLink}
              to={paths.home}
              sx={{ display: 'flex', alignItems: 'center', mr: { xs: 0, sm: 1 } }}
              aria-label="Rally home"
            >
              {logo}
            </Link>
          )}
          {desktop && !inTab && (
            <Box component="nav" aria-label="Top navigation" sx={{ display: 'flex', gap: 0.5 }}>
              {visible.map((item) => (
                <Link
                  key={item.path}
                  component={RouterLink}
                  to={item.path}
                  underline="none"
                  aria-label={item.name}
                  sx={{
                    px: 1,
                    py: 0.5,
                    borderRadius: 1,
                    fontWeight: 600,
                    // A two-word entry ('Wall of Fame') stays on one line.
                    whiteSpace: 'nowrap',
                    color: item === active ? 'primary.main' : 'text.secondary',
                  }}
                >
                  {roomy || !item.short ? item.name : item.short}
                </Link>
              ))}
            </Box>
          )}
          {inTab ? (
            <Typography component="div" noWrap sx={titleSx}>
              {title}
            </Typography>
          ) : (
            <Link component={RouterLink} to={paths.home} underline="none" color="text.primary" noWrap sx={titleSx}>
              {title}
            </Link>
          )}
          {notificationSlot ?? (
            // The fallback keeps the bell's place, so the user menu does not move when it arrives.
            <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
              {!desktop && mainPage ? <MainPanelBell /> : <NotificationBell />}
            </Suspense>
          )}
          <UserMenu />
          {rightSidebar && (
            <IconButton
              aria-label="Team sidebar"
              title="Team sidebar"
              aria-expanded={sidebarOpen}
              aria-controls={sidebarOpen ? 'team-sidebar' : undefined}
              color={sidebarOpen ? 'primary' : 'default'}
              onClick={() => setSidebarOpen((o) => !o)}
            >
              <ViewSidebarOutlined />
            </IconButton>
          )}
        </Toolbar>
      </AppBar>

      {!configuring && (
        <Drawer
          variant={desktop ? 'permanent' : 'temporary'}
          open={desktop || open}
          onClose={() => setOpen(false)}
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {drawerContent}
        </Drawer>
      )}

      <Box
        component="main"
        // The target of index.html's skip link, the first focusable element of the page.
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, pb: { xs: 10, md: 3 }, outline: 0 }}
      >
        <Toolbar />
        {content ?? <Outlet />}
      </Box>

      {rightSidebar && (
        <Drawer
          anchor="right"
          variant={desktop ? 'persistent' : 'temporary'}
          open={sidebarOpen}
          onClose={() => setSidebarOpen(false)}
          sx={{
            // Docked on large screens: the page narrows beside it instead of sliding under it.
            ...(desktop && {
              width: sidebarOpen ? RIGHT_SIDEBAR_WIDTH : 0,
              flexShrink: 0,
              transition: (t) => t.transitions.create('width'),
            }),
            '& .MuiDrawer-paper': {
              width: { xs: `min(${RIGHT_SIDEBAR_WIDTH}px, 85vw)`, md: RIGHT_SIDEBAR_WIDTH },
              boxSizing: 'border-box',
            },
          }}
          slotProps={{ paper: { id: 'team-sidebar', component: 'aside', 'aria-label': 'Team sidebar' } }}
        >
          <Toolbar />
          <Box onClick={desktop ? undefined : closeOnControl(() => setSidebarOpen(false))}>
            {sidebarOpened && rightSidebar}
          </Box>
        </Drawer>
      )}

      {!desktop && !configuring && visible.length > 1 && (
        <BottomNavigation
          showLabels
          value={active?.path ?? false}
          onChange={(_e, value: string) => void navigate(value)}
          sx={{
            position: 'fixed',
            bottom: 0,
            left: 0,
            right: 0,
            borderTop: 1,
            borderColor: 'divider',
            zIndex: (t) => t.zIndex.appBar,
            // Up to six entries on a 390 px phone: no minimum width, labels kept on one line.
            '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 },
            '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap' },
          }}
        >
          {visible.map((item) => (
            <BottomNavigationAction
              key={item.path}
              value={item.path}
              label={item.short ?? item.name}
              aria-label={item.name}
              icon={<item.icon />}
            />
          ))}
        </BottomNavigation>
      )}
    </Box>
  );
}
