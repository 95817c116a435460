import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import {
  Routes,
  subscriptionActive,
  type InvitationDto,
  type MemberDto,
  type SubscriptionDto,
  type TeamDto,
} from '@rally/contract';
import { AppProviders, makeQueryClient } from '../app/providers';
import { SnackbarHost } from '../app/signed-in-frame';
import { activeSubscription, apiOk, apiUrl, server, testUser } from './server';

/** Test data for the team screens; every builder takes overrides. */
export function buildMember(overrides: Partial<MemberDto> = {}): MemberDto {
  const id = overrides.id ?? 100;
  const first = overrides.first_name ?? `First${id}`;
  const last = overrides.last_name ?? `Last${id}`;
  return {
    id,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    avatar: null,
    role_id: 4,
    ...overrides,
  };
}

export function buildTeam(overrides: Partial<TeamDto> = {}): TeamDto {
  const id = overrides.id ?? 1;
  const name = overrides.name ?? `Team ${id}`;
  const owner = buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 });
  const users = overrides.users ?? [owner];
  return {
    id,
    name,
    avatar: null,
    status: 'active',
    role_id: 2,
    is_personal: false,
    manager: { id: owner.id, full_name: owner.full_name, avatar: null },
    users,
    members: users,
    users_count: users.length,
    latest_topic: null,
    read_welcome_message: false,
    profile: { name, avatar: null, level_of_engagement: { id: 1 } },
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildInvitation(overrides: Partial<InvitationDto> = {}): InvitationDto {
  const id = overrides.id ?? 1;
  return {
    id,
    invitation_code: `CODE${id}`,
    invitor: { id: 50 + id, full_name: `Coach ${id}`, avatar: null },
    team: { id: 200 + id, name: `Squad ${id}`, avatar: null },
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A subscription with `is_active` as the server presents it now (the contract's rule), unless given. */
export const subscription = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto => {
  const s = { ...activeSubscription, ...overrides };
  return { ...s, is_active: overrides.is_active ?? subscriptionActive(s) };
};

/** The fake API answers user/subscription with `subscription(overrides)` from now on. */
export const serveSubscription = (overrides: Partial<SubscriptionDto> = {}) =>
  server.use(http.get(apiUrl(Routes.userSubscription), () => apiOk(subscription(overrides))));

/** A paged list envelope as the API sends it (pages from 1). */
export function pagedJson<T>(items: T[], page: number, perPage: number, total: number) {
  return HttpResponse.json({
    data: items,
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  });
}

/** Renders one component with the app's providers, the signed-in snackbars and a memory router (no retries). */
export function renderWithProviders(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <SnackbarHost>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </SnackbarHost>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}
