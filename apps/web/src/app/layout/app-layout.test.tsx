import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { windowOfWidth } from '../../test/helpers';
import { renderApp, signIn } from '../../test/render';
import { testUser } from '../../test/server';
import { serveDashboard } from '../../test/post-fixtures';
import { renderWithProviders } from '../../test/team-fixtures';
import { theme } from '../theme';
import { AppLayout } from './app-layout';

const open = (url: string) => renderApp(url, { signedInAs: testUser });

describe('skip link', () => {
  it('is the first focusable element of every page (index.html) and points at #main', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const first = doc.body.querySelector('a[href], button, input, select, textarea, [tabindex]');
    expect(first?.textContent).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main');
    // Off screen until focused, then on screen.
    expect(html).toMatch(/\.skip-link\s*{[^}]*transform: translateY\(-200%\)/);
    expect(html).toMatch(/\.skip-link:focus\s*{\s*transform: none;/);
  });

  it('lands on the signed-in layout’s <main>, which can take focus', async () => {
    open('/engagements');
    await screen.findByRole('heading', { name: 'Engagements' });
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('tabindex', '-1');
  });

  it('lands on the sign-in screens’ <main> too', async () => {
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: /forgot/i });
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });
});

describe('top bar and breadcrumbs', () => {
  it('/engagements: the top bar title and the breadcrumbs match the heading', async () => {
    open('/engagements');
    expect(await screen.findByRole('heading', { name: 'Engagements' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Engagements' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Engagements')).toHaveAttribute('aria-current', 'page');
  });

  it('/ (Home) has its breadcrumb', async () => {
    open('/');
    await screen.findByRole('heading', { name: 'My Teams' });
    expect(screen.getByRole('navigation', { name: 'breadcrumb' })).toHaveTextContent('Home');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'My Teams' })).toBeInTheDocument();
  });

  it('/dashboard has Home / Dashboard', async () => {
    serveDashboard([]);
    open('/dashboard');
    const crumbs = await screen.findByRole('navigation', { name: 'breadcrumb' });
    expect(crumbs).toHaveTextContent('Home/Dashboard');
  });

  it.each([
    ['/profile', 'Profile'],
    ['/settings', 'Settings'],
  ])('%s: the top bar names the page, not My Teams', async (url, title) => {
    open(url);
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: title })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'My Teams' })).not.toBeInTheDocument();
  });

  it('no right-sidebar toggle without a team in the route', async () => {
    open('/engagements');
    await screen.findByRole('heading', { name: 'Engagements' });
    expect(screen.queryByRole('button', { name: 'Team sidebar' })).not.toBeInTheDocument();
  });
});

describe('AppLayout slots (phone width: jsdom matches no media query)', () => {
  function renderLayout(props: Parameters<typeof AppLayout>[0]) {
    signIn();
    return renderWithProviders(<AppLayout content={<p>Page</p>} {...props} />, { url: '/engagements/5/timeline' });
  }

  it('places the notification slot between the title and the user menu', () => {
    renderLayout({ teamName: 'Rowing', notificationSlot: <button type="button">Notifications</button> });
    const bar = within(screen.getByRole('banner'));
    const title = bar.getByRole('link', { name: 'Rowing' });
    const bell = bar.getByRole('button', { name: 'Notifications' });
    const account = bar.getByRole('button', { name: 'Account menu' });
    expect(title.compareDocumentPosition(bell) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bell.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the right-sidebar toggle opens the team sidebar as a drawer; a button in it closes it', async () => {
    let invited = 0;
    const { user } = renderLayout({
      teamName: 'Rowing',
      rightSidebar: (
        <button type="button" onClick={() => (invited += 1)}>
          Invite Members
        </button>
      ),
    });
    const toggle = screen.getByRole('button', { name: 'Team sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const sidebar = await screen.findByRole('dialog', { name: 'Team sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(sidebar).getByRole('button', { name: 'Invite Members' }));
    expect(invited).toBe(1);
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Team sidebar' }));
  });

  it('a dialog opened from the navigation drawer closes the drawer', async () => {
    const { user } = renderLayout({ drawerExtra: <button type="button">Invite Members</button> });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('presentation');
    await user.click(within(drawer).getByRole('button', { name: 'Invite Members' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('presentation'));
  });
});

describe('AppLayout at desktop width', () => {
  // Every media query matches: the docked (persistent) sidebar, the permanent drawer.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('mounts the sidebar panels (which fetch their data) when it first opens, and keeps them', async () => {
    let mounts = 0;
    function Panel() {
      useEffect(() => void (mounts += 1), []);
      return <p>Check-In Stats</p>;
    }
    signIn();
    const { user } = renderWithProviders(
      <AppLayout content={<p>Page</p>} teamName="Rowing" rightSidebar={<Panel />} />,
      {
        url: '/engagements/5/timeline',
      },
    );
    const toggle = screen.getByRole('button', { name: 'Team sidebar' });
    expect(screen.queryByText('Check-In Stats')).toBeNull();
    expect(mounts).toBe(0);
    await user.click(toggle);
    expect(await screen.findByText('Check-In Stats')).toBeInTheDocument();
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(mounts).toBe(1);
  });
});

describe('the desktop line (spec §9: "desktop button breakpoint 959 px")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the theme breakpoint md, for every up/down(md) user', () => {
    expect(theme.breakpoints.values.md).toBe(959);
    expect(theme.breakpoints.up('md')).toBe('@media (min-width:959px)');
    expect(theme.breakpoints.down('md')).toBe('@media (max-width:958.95px)');
  });

  it.each([
    [900, 'phone'],
    [958, 'phone'],
    [959, 'desktop'],
    [960, 'desktop'],
  ] as const)('%i px wide is the %s layout', async (width, layout) => {
    vi.stubGlobal('matchMedia', windowOfWidth(width));
    signIn();
    renderWithProviders(<AppLayout content={<p>Page</p>} />, { url: '/engagements' });
    await act(async () => undefined);
    const menuButton = screen.queryByRole('button', { name: 'Open navigation' });
    // The phone's bottom bar repeats the main entries as buttons; the desktop drawer lists them as links.
    const bottomBar = document.querySelector('.MuiBottomNavigation-root');
    if (layout === 'phone') {
      expect(menuButton).toBeInTheDocument();
      expect(bottomBar).not.toBeNull();
    } else {
      expect(menuButton).not.toBeInTheDocument();
      expect(bottomBar).toBeNull();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    }
  });
});
