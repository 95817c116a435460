import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { useCallback } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostType, Routes, type PostDto, PostMessages } from '@rally/contract';
import { paths } from '../../config/paths';
import { useTeamViewer } from '../../lib/viewer';
import { signIn } from '../../test/render';
import { apiError, apiOk, apiUrl, server } from '../../test/server';
import { renderWithProviders } from '../../test/team-fixtures';
import { buildPost, buildReaction, me, serveTimeline } from '../../test/post-fixtures';
import { uploadFile } from '../../lib/upload';
import { useTimeline } from '../../features/posts/api/get-feed';
import { useBuzzes } from '../../features/engagement';
import { PostFeed } from '../../features/posts/components/post-feed';
import type { ShareTeam } from '../../features/posts/components/share-post-dialog';
import { postEngagement } from './engagement';

vi.mock('../../lib/upload', () => ({ uploadFile: vi.fn() }));

function Timeline({ role, leadTeams = [] }: { role: number; leadTeams?: ShareTeam[] }) {
  const feed = useTimeline(5);
  useBuzzes();
  const viewer = useTeamViewer(role, true);
  const viewerFor = useCallback(() => viewer, [viewer]);
  return (
    <PostFeed
      engagement={postEngagement}
      feed={feed}
      viewerFor={viewerFor}
      leadTeams={leadTeams}
      endText={PostMessages.timelineEnd}
      label="Timeline"
    />
  );
}

/**
 * Renders team 5's timeline of `posts` for a viewer of `role`; waits for every loaded card (the
 * feed's foot, Load More or the end text, comes with the last of them).
 */
async function showTimeline(
  posts: PostDto[],
  { role = 4, leadTeams, perPage }: { role?: number; leadTeams?: ShareTeam[]; perPage?: number } = {},
) {
  const seen = serveTimeline(posts, { perPage });
  const view = renderWithProviders(<Timeline role={role} leadTeams={leadTeams} />);
  if (posts.length) {
    await screen.findAllByRole('article');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Load More' }) ?? screen.queryByText(PostMessages.timelineEnd),
      ).toBeInTheDocument(),
    );
  }
  return { ...view, seen };
}

const card = (name: RegExp | string) => screen.getByRole('article', { name });

beforeEach(() => signIn());

describe('post card', () => {
  it('draws a body for every type, and says when a type is not supported', async () => {
    await showTimeline(
      [
        buildPost({ id: 1, data: { content: 'Just a thought' } }),
        buildPost({
          id: 2,
          type_id: PostType.celebration,
          data: {
            text: 'We won the regatta!',
            color: { id: 2, name: 'ocean', color_gradient: ['#1d4ed8', '#0e7490'] },
            tagged_users: [{ id: 9, full_name: 'Tom Tagged' }],
            media: '/files/photo.jpg',
            media_type: 'photo',
          },
        }),
        buildPost({ id: 3, type_id: PostType.brightidea, data: { text: 'Row at dawn', color: null } }),
        buildPost({ id: 4, type_id: PostType.welcomemessage, data: { text: 'Glad you are here.' } }),
        buildPost({ id: 5, type_id: PostType.topic, data: { topic: 'Small steps every day' } }),
        buildPost({ id: 6, type_id: PostType.checkin, data: { responses_count: 2 } }),
        buildPost({
          id: 7,
          type_id: PostType['checkin.reply'],
          data: { mood: { id: 1, name: 'Happy', media: '/static/moods/happy.svg' } },
        }),
        buildPost({
          id: 8,
          type_id: PostType.teamvideo,
          data: { topic: 'Our season', media: '/files/v.mp4', media_type: 'video', published: true },
        }),
        buildPost({ id: 9, type_id: PostType.slideshow, data: { topic: 'Race day', published: false } }),
        buildPost({ id: 10, type_id: PostType.watercooler, data: {} }),
        buildPost({ id: 11, type_id: PostType.todo, data: { text: 'Book the boathouse' } }),
        buildPost({ id: 12, type_id: 42, user: { id: 41, full_name: 'Odd Poster', avatar: null } }),
      ],
      { perPage: 20 },
    );
    const text = card(/shared a thought/);
    expect(within(text).getByText('Just a thought')).toBeInTheDocument();
    expect(within(text).getByRole('link', { name: "Bea Author's profile" })).toHaveAttribute('href', '/profile/40');
    expect(within(text).getByText('Rowing')).toBeInTheDocument();
    expect(within(text).getByText('3 hours ago')).toBeInTheDocument();

    const celebration = card(/made an announcement/);
    const words = within(celebration).getByText('We won the regatta!');
    expect(words).toHaveStyle({ color: '#ffffff' });
    expect(within(celebration).getByText('Tom Tagged')).toBeInTheDocument();
    expect(within(celebration).getByRole('img', { name: 'Photo from Bea Author' })).toHaveAttribute(
      'src',
      '/files/photo.jpg',
    );
    // No colour: black text on the plain background.
    expect(within(card(/shared a bright idea/)).getByText('Row at dawn')).toHaveStyle({ color: '#000000' });

    expect(within(card(/welcomed the team/)).getByText('Welcome to Rowing!')).toBeInTheDocument();
    expect(within(card(/inspiration of the day/)).getByText('Small steps every day')).toBeInTheDocument();
    expect(within(card(/asked how everyone feels/)).getByText('2 members have checked in.')).toBeInTheDocument();

    const reply = card(/is feeling Happy/);
    expect(within(reply).queryByText(/words/)).not.toBeInTheDocument();

    const video = card(/engagement video/);
    expect(within(video).getByText('Topic: Our season')).toBeInTheDocument();
    expect(within(video).getByLabelText('Video from Bea Author')).toHaveAttribute('src', '/files/v.mp4');
    const slideshow = card(/shared a slideshow/);
    expect(within(slideshow).getByText('Topic: Race day')).toBeInTheDocument();
    expect(within(slideshow).getByText('Not Published')).toBeInTheDocument();

    expect(within(card(/opened the watercooler/)).getByText('Watercooler')).toBeInTheDocument();
    expect(within(card(/shared a task/)).getByText('Book the boathouse')).toBeInTheDocument();
    expect(within(card(/Odd Poster/)).getByText(PostMessages.postTypeNotSupported)).toBeInTheDocument();
  });

  it('check-in and watercooler posts have no reactions or comments; others do', async () => {
    await showTimeline([
      buildPost({ id: 1, type_id: PostType.checkin, data: {} }),
      buildPost({ id: 2, type_id: PostType.watercooler, data: {} }),
      buildPost({ id: 3, type_id: PostType['checkin.reply'], data: { mood: null } }),
    ]);
    for (const name of [/asked how everyone feels/, /opened the watercooler/]) {
      expect(within(card(name)).queryByRole('button', { name: 'React' })).not.toBeInTheDocument();
      expect(within(card(name)).queryByRole('button', { name: 'Engage' })).not.toBeInTheDocument();
    }
    expect(within(card(/checked in/)).getByRole('button', { name: 'React' })).toBeInTheDocument();
    expect(within(card(/checked in/)).getByRole('button', { name: '0 Engagements' })).toBeInTheDocument();
  });

  it('a forwarded post names its first author and who shared it from where', async () => {
    await showTimeline([
      buildPost({
        id: 1,
        is_forwarded: true,
        user: { id: 50, full_name: 'Sam Sharer', avatar: null },
        original_post: { user: { id: 40, full_name: 'Bea Author', avatar: null }, team: { id: 9, name: 'Sailing' } },
      }),
    ]);
    const post = card(/Bea Author/);
    expect(within(post).getByText('Shared By Sam Sharer from Sailing')).toBeInTheDocument();
  });
});

describe('share and delete, by the permission table', () => {
  const own = buildPost({ id: 1, user: me, data: { text: 'Mine' } });
  const others = buildPost({ id: 2, data: { text: 'Theirs' } });
  const forwarded = buildPost({
    id: 3,
    data: { text: 'Forwarded' },
    is_forwarded: true,
    original_post: { user: { id: 40, full_name: 'Bea Author', avatar: null }, team: { id: 9, name: 'Sailing' } },
  });
  const welcome = buildPost({ id: 4, type_id: PostType.welcomemessage, data: { text: 'Welcome' } });
  const draftVideo = buildPost({ id: 5, type_id: PostType.teamvideo, data: { topic: 'Draft', published: false } });

  const buttons = (post: PostDto) => {
    const article = screen
      .getAllByRole('article')
      .find((a) => a.textContent?.includes(post.data.text ?? post.data.topic ?? ''))!;
    return {
      share: Boolean(within(article).queryByRole('button', { name: 'Share' })),
      delete: Boolean(within(article).queryByRole('button', { name: 'Delete' })),
    };
  };

  it.each([
    ['a member, own text post', 4, own, false, true],
    ["a member, someone else's post", 4, others, false, false],
    ["an admin, someone else's post", 3, others, true, true],
    ["the owner, someone else's post", 2, others, true, true],
    ['the owner, a forwarded post', 2, forwarded, false, true],
    ['the owner, the welcome message', 2, welcome, true, false],
    ['the owner, an unpublished team video', 2, draftVideo, false, true],
    ['a member, an unpublished team video', 4, draftVideo, false, false],
  ])('%s (role %i): share and delete as the table says', async (_label, role, post, share, del) => {
    await showTimeline([post], { role });
    expect(buttons(post)).toEqual({ share, delete: del });
  });

  it('shares to the other teams the viewer leads; Share is disabled until one is chosen', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.sharePost, { id: 5, postId: 2 }), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { data: { posts: [{ id: 99, team_id: 6 }] }, message: PostMessages.postShared },
          { status: 201 },
        );
      }),
    );
    const { user } = await showTimeline([others], {
      role: 2,
      leadTeams: [
        { id: 5, name: 'Rowing' },
        { id: 6, name: 'Sailing' },
        { id: 7, name: 'Cycling' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Post' });
    expect(within(dialog).queryByLabelText('Rowing')).not.toBeInTheDocument();
    const share = within(dialog).getByRole('button', { name: 'Share' });
    expect(share).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Cycling'));
    expect(share).toBeEnabled();
    await user.click(share);
    expect(await screen.findByText(PostMessages.postShared)).toBeInTheDocument();
    expect(body).toEqual({ team_ids: [7] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes after a confirmation; the post leaves the feed', async () => {
    server.use(
      http.delete(apiUrl(Routes.deletePost, { id: 5, postId: 1 }), () => apiOk(null, PostMessages.postDeleted)),
    );
    const { user } = await showTimeline([own, others], { role: 4 });
    await user.click(within(card(/Ada Lovelace/)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PostMessages.postDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mine')).not.toBeInTheDocument());
    expect(screen.getByText('Theirs')).toBeInTheDocument();
  });
});

describe('reactions', () => {
  it('a reaction shows at once (count +1), and the server answer stands', async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    let query = '';
    server.use(
      http.post(apiUrl(Routes.reactToPost, { id: 5, postId: 1 }), async ({ request }) => {
        query = new URL(request.url).search;
        await answered;
        return apiOk({
          buzz_type_id: 8,
          buzzes_count: 3,
          reactions: [{ id: 50, buzz_type_id: 8, user: { ...me, responded_at: new Date().toISOString() } }],
          recent_buzz_activity_user: me,
          expressions_count: 0,
          user_expressed: false,
          recent_expressed_activity_user: null,
        });
      }),
    );
    const { user } = await showTimeline([buildPost({ id: 1, buzzes_count: 1, reactions: [buildReaction(1)] })]);
    expect(screen.getByRole('button', { name: /^1 reaction,/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'React' }));
    const menu = await screen.findByRole('menu', { name: 'Reactions' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Congratulations' }));

    // Before the server answers: the viewer's buzz and the count are there.
    expect(await screen.findByRole('button', { name: /Your reaction: Congratulations/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^2 reactions,/ })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: /^3 reactions,/ })).toBeInTheDocument();
    expect(query).toBe('?buzz_type_id=8');
  });

  it('changing keeps the count; a failure puts the old reaction back and says so', async () => {
    server.use(http.post(apiUrl(Routes.reactToPost, { id: 5, postId: 1 }), () => apiError(500, 'Reaction failed.')));
    const { user } = await showTimeline([
      buildPost({
        id: 1,
        buzz_type_id: 7,
        buzzes_count: 2,
        reactions: [
          { id: 3, buzz_type_id: 7, user: { ...me, responded_at: '2026-03-01T00:00:00.000Z' } },
          buildReaction(1),
        ],
      }),
    ]);
    await user.click(screen.getByRole('button', { name: /Your reaction: Great/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sad' }));
    expect(await screen.findByText('Reaction failed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Your reaction: Great/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^2 reactions,/ })).toBeInTheDocument();
  });

  it('clearing drops the count by one', async () => {
    server.use(
      http.delete(apiUrl(Routes.clearPostReaction, { id: 5, postId: 1 }), async () => {
        await delay(400);
        return apiError(500, 'Could not clear.');
      }),
    );
    const { user } = await showTimeline([
      buildPost({
        id: 1,
        buzz_type_id: 7,
        buzzes_count: 1,
        reactions: [{ id: 3, buzz_type_id: 7, user: { ...me, responded_at: '2026-03-01T00:00:00.000Z' } }],
      }),
    ]);
    await user.click(screen.getByRole('button', { name: /Your reaction: Great/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Remove reaction' }));
    expect(await screen.findByRole('button', { name: 'React' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /reactions?,/ })).not.toBeInTheDocument();
    // ...and the failure restores it.
    expect(await screen.findByText('Could not clear.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^1 reaction,/ })).toBeInTheDocument();
  });

  it('the hover list shows up to 5 names, then "and N more"', async () => {
    const { user } = await showTimeline([
      buildPost({ id: 1, buzzes_count: 8, reactions: [1, 2, 3, 4, 5].map((n) => buildReaction(n)) }),
    ]);
    await user.hover(screen.getByRole('button', { name: /^8 reactions,/ }));
    const tip = await screen.findByRole('tooltip');
    expect(
      within(tip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fan 1', 'Fan 2', 'Fan 3', 'Fan 4', 'Fan 5', 'and 3 more']);
  });

  it("a post without reactions shows no count (no lone '0'), only React", async () => {
    await showTimeline([buildPost({ id: 1, expressions_count: 2 })]);
    const post = screen.getByRole('article');
    expect(within(post).queryByRole('button', { name: /reactions?,/ })).not.toBeInTheDocument();
    expect(within(post).queryByText('0')).not.toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'React' })).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: '2 Engagements' })).toBeInTheDocument();
  });

  it('reaction names are cased alike in the picker, its menu and the list of who reacted', async () => {
    server.use(
      http.get(apiUrl(Routes.postReactions, { id: 5, postId: 1 }), () =>
        apiOk([{ id: 3, buzz_type_id: 7, user: { ...me, responded_at: '2026-03-01T00:00:00.000Z' } }]),
      ),
    );
    const { user } = await showTimeline([
      buildPost({
        id: 1,
        buzz_type_id: 7,
        buzzes_count: 1,
        reactions: [{ id: 3, buzz_type_id: 7, user: { ...me, responded_at: '2026-03-01T00:00:00.000Z' } }],
      }),
    ]);
    const picker = screen.getByRole('button', { name: /Your reaction: Great/ });
    expect(picker).toHaveTextContent(/^Great$/);
    await user.click(picker);
    const menu = await screen.findByRole('menu', { name: 'Reactions' });
    expect(within(menu).getByRole('menuitem', { name: 'Great' })).toHaveTextContent(/^Great$/);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^1 reaction,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    expect(await within(dialog).findByText('Great · Mar 01, 2026')).toBeInTheDocument();
  });

  it('the reaction list dialog shows everyone with the date as MMM DD, YYYY', async () => {
    server.use(
      http.get(apiUrl(Routes.postReactions, { id: 5, postId: 1 }), () =>
        apiOk([buildReaction(1, 8), buildReaction(2, 9)]),
      ),
    );
    const { user } = await showTimeline([buildPost({ id: 1, buzzes_count: 2, reactions: [buildReaction(1, 8)] })]);
    await user.click(screen.getByRole('button', { name: /^2 reactions,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    expect(await within(dialog).findByText('Fan 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Congratulations · Mar 05, 2026')).toBeInTheDocument();
  });

  it("the reaction list links each name and avatar to the person's profile", async () => {
    server.use(http.get(apiUrl(Routes.postReactions, { id: 5, postId: 1 }), () => apiOk([buildReaction(2, 9)])));
    const { user } = await showTimeline([buildPost({ id: 1, buzzes_count: 1, reactions: [buildReaction(2, 9)] })]);
    await user.click(screen.getByRole('button', { name: /^1 reaction/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    const fan = await within(dialog).findByRole('link', { name: 'Fan 2' });
    expect(fan).toHaveAttribute('href', paths.userProfile(102));
    expect(within(dialog).getByRole('link', { name: "Fan 2's profile" })).toHaveAttribute(
      'href',
      paths.userProfile(102),
    );
  });
});

describe('comments', () => {
  const emptyComments = () =>
    http.get(apiUrl(Routes.postComments, { id: 5, postId: 1 }), () =>
      HttpResponse.json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } }),
    );
  const submit = () => screen.getByRole('button', { name: 'Post engagement' });

  it('text needs 4 characters unless a file is attached', async () => {
    const posted: unknown[] = [];
    server.use(
      emptyComments(),
      http.post(apiUrl(Routes.commentOnPost, { id: 5, postId: 1 }), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          {
            data: {
              id: 70,
              content: null,
              media: '/files/a.png',
              media_type: 'photo',
              created_at: new Date().toISOString(),
              user: me,
              engagement: {
                buzz_type_id: null,
                buzzes_count: 0,
                reactions: [],
                recent_buzz_activity_user: null,
                expressions_count: 1,
                user_expressed: true,
                recent_expressed_activity_user: me,
              },
            },
          },
          { status: 201 },
        );
      }),
    );
    vi.mocked(uploadFile).mockImplementation(async (_file, _target, onProgress) => {
      onProgress?.(100);
      return { key: 'uploads/7/a.png', media_type: 'photo' };
    });
    const { user } = await showTimeline([buildPost({ id: 1 })]);
    await user.click(screen.getByRole('button', { name: 'Engage' }));
    const input = await screen.findByRole('textbox', { name: PostMessages.commentPlaceholder });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', PostMessages.commentPlaceholder);

    await user.click(submit());
    expect(await screen.findByText(PostMessages.commentRequired)).toBeInTheDocument();
    await user.type(input, 'abc');
    await user.click(submit());
    expect(await screen.findByText(PostMessages.commentMin)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(input);
    await user.upload(screen.getByLabelText('Attachment file'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(screen.getByText('a.png')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ content: null, media: 'uploads/7/a.png', media_type: 'photo', media_type_id: 2 });
    expect(vi.mocked(uploadFile).mock.calls[0]![1]).toEqual({ teamId: 5, policy: 'expression' });
    // Saved: the form resets and the post counts the comment.
    expect(await screen.findByRole('button', { name: '1 Engagement' })).toBeInTheDocument();
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Engage' })).toHaveClass('MuiButton-colorPrimary');
  });

  it('refuses a file of another type', async () => {
    server.use(emptyComments());
    const { user } = await showTimeline([buildPost({ id: 1 })]);
    await user.click(screen.getByRole('button', { name: 'Engage' }));
    // A user may pick "All files" in the browser's picker, past the accept list.
    fireEvent.change(screen.getByLabelText('Attachment file'), {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(PostMessages.uploadTypeUnsupported)).toBeInTheDocument();
  });

  it('a failure keeps what was typed and says so; upload progress shows in percent', async () => {
    let finishUpload!: () => void;
    vi.mocked(uploadFile).mockImplementation(
      (_file, _target, onProgress) =>
        new Promise((resolve) => {
          onProgress?.(42);
          finishUpload = () => resolve({ key: 'uploads/7/b.mp3', media_type: 'audio' });
        }),
    );
    server.use(
      emptyComments(),
      http.post(apiUrl(Routes.commentOnPost, { id: 5, postId: 1 }), () => apiError(500, 'Comment failed.')),
    );
    const { user } = await showTimeline([buildPost({ id: 1 })]);
    await user.click(screen.getByRole('button', { name: 'Engage' }));
    const input = await screen.findByRole('textbox', { name: PostMessages.commentPlaceholder });
    await user.type(input, 'Great rowing');
    await user.upload(screen.getByLabelText('Attachment file'), new File(['x'], 'b.mp3', { type: 'audio/mpeg' }));
    await user.click(submit());
    expect(await screen.findByText('Uploading 42%')).toBeInTheDocument();
    finishUpload();
    expect(await screen.findByText('Comment failed.')).toBeInTheDocument();
    expect(input).toHaveValue('Great rowing');
    expect(screen.getByText('b.mp3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Engagements' })).toBeInTheDocument();
  });

  it('lists comments newest first with Load More', async () => {
    const comment = (id: number) => ({
      id,
      content: `Comment ${id}`,
      media: null,
      media_type: 'text',
      created_at: new Date().toISOString(),
      user: { id: 60 + id, full_name: `Writer ${id}`, avatar: null },
    });
    server.use(
      http.get(apiUrl(Routes.postComments, { id: 5, postId: 1 }), ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: p === 1 ? [comment(3), comment(2)] : [comment(1)],
          meta: { current_page: p, last_page: 2, per_page: 2, total: 3 },
        });
      }),
    );
    const { user } = await showTimeline([buildPost({ id: 1, expressions_count: 3 })]);
    await user.click(screen.getByRole('button', { name: '3 Engagements' }));
    const list = await screen.findByRole('list', { name: 'Engagements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Comment 1');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    // Each author's name and avatar open their profile.
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Writer 3' })).toHaveAttribute('href', paths.userProfile(63));
    expect(within(first).getByRole('link', { name: "Writer 3's profile" })).toHaveAttribute(
      'href',
      paths.userProfile(63),
    );
  });
});

describe('paging', () => {
  it("draws a screen's worth of posts first, the rest and the feed's foot after a paint (issue 25)", async () => {
    const posts = Array.from({ length: 10 }, (_, i) => buildPost({ id: 10 - i, data: { text: `Numbered ${10 - i}` } }));
    serveTimeline(posts);
    renderWithProviders(<Timeline role={4} />);
    const first = await screen.findAllByRole('article');
    expect(first.map((a) => within(a).getByText(/^Numbered/).textContent)).toEqual([
      'Numbered 10',
      'Numbered 9',
      'Numbered 8',
    ]);
    // No foot yet: the cards that follow push nothing on screen down.
    expect(screen.queryByText(PostMessages.timelineEnd)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.getByText(PostMessages.timelineEnd)).toBeInTheDocument();
  });

  it('Load More brings the next page, then the end text', async () => {
    const posts = Array.from({ length: 12 }, (_, i) => buildPost({ id: 12 - i, data: { text: `Numbered ${12 - i}` } }));
    const { user, seen } = await showTimeline(posts);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByText(PostMessages.timelineEnd)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getByText(PostMessages.timelineEnd)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(seen.map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(seen[0]!.searchParams.get('per_page')).toBe('10');
  });

  it('an empty feed shows its end text', async () => {
    await showTimeline([]);
    expect(await screen.findByText(PostMessages.timelineEnd)).toBeInTheDocument();
  });
});
