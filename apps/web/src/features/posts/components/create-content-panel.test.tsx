import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLORS, PostType, Role, Routes, type PostDto, PostMessages } from '@rally/contract';
import { advance, expectFieldError } from '../../../test/helpers';
import { buildPost } from '../../../test/post-fixtures';
import { signIn } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildMember, renderWithProviders } from '../../../test/team-fixtures';
import { postKeys, type PostPage } from '../api/post-cache';
import { CreateContentPanel, type CreateContentPanelProps } from './create-content-panel';
import { selectablePostTypes } from './post-type-selector';

vi.mock('../../../lib/upload', () => ({ uploadFile: vi.fn() }));

const TEAM = 5;
const members = {
  data: [
    buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 }),
    buildMember({ id: 31 }),
  ],
  isPending: false,
};

function renderPanel(props: Partial<CreateContentPanelProps> = {}) {
  signIn();
  server.use(http.get(apiUrl(Routes.colors), () => apiOk([...COLORS])));
  return renderWithProviders(<CreateContentPanel teamId={TEAM} role={Role.Member} members={members} {...props} />);
}

/** A loaded first page of the team's timeline, as the feed would have it. */
function seedTimeline(queryClient: ReturnType<typeof renderPanel>['queryClient'], posts: PostDto[]) {
  const page: PostPage = { data: posts, meta: { current_page: 1, last_page: 1, per_page: 10, total: posts.length } };
  queryClient.setQueryData(postKeys.timeline(TEAM), { pages: [page], pageParams: [1] });
}
const timeline = (queryClient: ReturnType<typeof renderPanel>['queryClient']) =>
  queryClient.getQueryData<{ pages: PostPage[] }>(postKeys.timeline(TEAM))!.pages[0]!;

async function openPanel(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(screen.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }));
  return screen.findByRole('tablist', { name: 'Post type' });
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('post type selector', () => {
  it('offers text, announcement and bright idea to every role; lead-only types wait for their forms', () => {
    for (const role of [Role.Owner, Role.Admin, Role.Member])
      expect(selectablePostTypes(role)).toEqual([PostType.text, PostType.celebration, PostType.brightidea]);
  });

  it.each([Role.Member, Role.Owner])('shows the types of role %i as tabs, text first', async (role) => {
    const { user } = renderPanel({ role });
    await openPanel(user);
    expect(tabNames()).toEqual(['Text', 'Announcement', 'Bright Idea']);
    expect(screen.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects the page type first: celebration on the wall of fame, bright idea on bright ideas', async () => {
    const { user, unmount } = renderPanel({ typeFilter: PostType.celebration });
    await user.click(screen.getByRole('button', { name: /Celebrate a teammate or announce some news/ }));
    expect(await screen.findByRole('tab', { name: 'Announcement' })).toHaveAttribute('aria-selected', 'true');
    unmount();

    const second = renderPanel({ typeFilter: PostType.brightidea });
    await second.user.click(screen.getByRole('button', { name: /Share a bright idea/ }));
    expect(await screen.findByRole('tab', { name: 'Bright Idea' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('create-content panel: text post', () => {
  const field = 'What would you like to share?';

  it('asks for text, then at least 4 characters, then at most 500, and sends nothing meanwhile', async () => {
    const sent = vi.fn();
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), () => (sent(), HttpResponse.json({}, { status: 500 }))),
    );
    const { user } = renderPanel();
    await openPanel(user);
    const post = screen.getByRole('button', { name: 'Post' });

    await user.click(post);
    await waitFor(() => expectFieldError(field, PostMessages.postTextRequired));
    await user.type(screen.getByLabelText(field), 'abc');
    await waitFor(() => expectFieldError(field, PostMessages.postTextMin));
    await user.clear(screen.getByLabelText(field));
    await user.click(screen.getByLabelText(field));
    await user.paste('x'.repeat(501));
    await waitFor(() => expectFieldError(field, PostMessages.postTextMax));
    expect(screen.getByTestId('character-count')).toHaveTextContent('501 / 500');
    expect(sent).not.toHaveBeenCalled();
  });

  it('posts the text, empties the form, puts the post on top of the timeline and says so', async () => {
    let body: unknown;
    const created = buildPost({ id: 99, team_id: TEAM, data: { content: 'Shipped the new onboarding flow' } });
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
    );
    const { user, queryClient } = renderPanel();
    seedTimeline(queryClient, [buildPost({ id: 1, team_id: TEAM })]);
    await openPanel(user);
    await user.type(screen.getByLabelText(field), 'Shipped the new onboarding flow');
    expect(screen.getByTestId('character-count')).toHaveTextContent('31 / 500');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(PostMessages.postCreated)).toBeInTheDocument();
    expect(body).toEqual({ content: 'Shipped the new onboarding flow', media_type: 'text' });
    expect(screen.getByLabelText(field)).toHaveValue('');
    expect(timeline(queryClient).data.map((p) => p.id)).toEqual([99, 1]);
    expect(timeline(queryClient).meta.total).toBe(2);
  });

  it('on failure says why and keeps the text', async () => {
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), () => apiError(403, PostMessages.postTypeNotAllowed)),
    );
    const { user } = renderPanel();
    await openPanel(user);
    await user.type(screen.getByLabelText(field), 'Keep these words');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PostMessages.postTypeNotAllowed)).toBeInTheDocument();
    expect(screen.getByLabelText(field)).toHaveValue('Keep these words');
  });
});

describe('create-content panel: opening and closing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes 1 second after it is dismissed, keeping what was typed', async () => {
    const { user } = renderPanel();
    await openPanel(user);
    await waitFor(() => expect(screen.getByLabelText('What would you like to share?')).toHaveFocus());
    await user.type(screen.getByLabelText('What would you like to share?'), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await advance(800);
    expect(screen.queryByRole('button', { name: /Share a thought/ })).not.toBeInTheDocument();
    await advance(300);
    const opener = screen.getByRole('button', { name: /Share a thought/ });
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(screen.getByLabelText('What would you like to share?')).toHaveValue('Half a thought');
  });

  it('a dismissal is cancelled when the writer comes back within the second', async () => {
    const { user } = renderPanel();
    await openPanel(user);
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('What would you like to share?'));
    await advance(1500);
    expect(screen.queryByRole('button', { name: /Share a thought/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Create a post' })).getByRole('tablist')).toBeVisible();
  });

  it('closes a second after a post is made', async () => {
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), () =>
        HttpResponse.json({ data: buildPost({ id: 7, team_id: TEAM }) }, { status: 201 }),
      ),
    );
    const { user } = renderPanel();
    await openPanel(user);
    await user.type(screen.getByLabelText('What would you like to share?'), 'Done and dusted');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText(PostMessages.postCreated);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1100);
    });
    expect(screen.getByRole('button', { name: /Share a thought/ })).toBeInTheDocument();
  });
});
