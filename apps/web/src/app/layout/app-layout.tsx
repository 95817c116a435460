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
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { DRAWER_WIDTH } from '../theme';
import { paths } from '../../config/paths';
import { activeItem, mainNavItems, visibleItems, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';

/** Title of the top bar: the team name when a team is open, else the spec's fallbacks. */
function titleFor(pathname: string, teamName?: string): string {
  if (teamName) return teamName;
  if (pathname.startsWith('/dashboard')) return 'Dashboard';
  return 'My Teams';
}

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
}

/** Sticky top bar, side drawer (temporary below 960 px, permanent above) and mobile bottom bar (spec §2). */
export function AppLayout({ items = mainNavItems, teamName, drawerExtra, content }: AppLayoutProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const visible = visibleItems(items);
  const active = activeItem(items, pathname);

  const drawerContent = (
    <>
      <Toolbar />
      {teamName && (
        <Typography variant="subtitle1" noWrap sx={{ px: 2, pt: 2, maxWidth: 220, fontWeight: 700 }} title={teamName}>
          {teamName}
        </Typography>
      )}
      <NavList items={items} onNavigate={() => setOpen(false)} />
      {drawerExtra}
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to={paths.home}
            sx={{ display: 'flex', alignItems: 'center', mr: 1 }}
            aria-label="Rally home"
          >
            <img src="/rally-logo.svg" alt="Rally" width={32} height={32} />
          </Link>
          {desktop && (
            <Box component="nav" aria-label="Top navigation" sx={{ display: 'flex', gap: 0.5 }}>
              {visible.map((item) => (
                <Link
                  key={item.path}
                  component={RouterLink}
                  to={item.path}
                  underline="none"
                  sx={{
                    px: 1.5,
                    py: 0.5,
                    borderRadius: 1,
                    fontWeight: 600,
                    color: item === active ? 'primary.main' : 'text.secondary',
                  }}
                >
                  {item.name}
                </Link>
              ))}
            </Box>
          )}
          <Link
            component={RouterLink}
            to={paths.home}
            underline="none"
            color="text.primary"
            noWrap
            sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.1rem', maxWidth: 258, mx: 'auto', textAlign: 'center' }}
          >
            {titleFor(pathname, teamName)}
          </Link>
          <UserMenu />
        </Toolbar>
      </AppBar>

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

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, pb: { xs: 10, md: 3 } }}>
        <Toolbar />
        {content ?? <Outlet />}
      </Box>

      {!desktop && visible.length > 1 && (
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
