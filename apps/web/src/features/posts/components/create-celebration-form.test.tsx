import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLORS, PostType, Routes, PostMessages } from '@rally/contract';
import { expectFieldError, expectNoFieldError } from '../../../test/helpers';
import { buildPost } from '../../../test/post-fixtures';
import { signIn } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildMember, renderWithProviders } from '../../../test/team-fixtures';
import { uploadFile } from '../../../lib/upload';
import { postKeys, type PostPage } from '../api/post-cache';
import { CreateCelebrationForm, type ColouredPostType } from './create-celebration-form';

vi.mock('../../../lib/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const TEAM = 5;
const CELEBRATION_FIELD = 'Your announcement';
const IDEA_FIELD = 'Your bright idea';
const team = [
  buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 }),
  buildMember({ id: 31, first_name: 'Mia', last_name: 'Member' }),
  buildMember({ id: 32, first_name: 'Leo', last_name: 'Lane' }),
];

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  upload.mockReset();
  upload.mockImplementation(async (_file, _target, onProgress) => {
    onProgress(40);
    onProgress(100);
    return { key: 'uploads/team/5/abc.png', media_type: 'photo' };
  });
});
afterEach(() => vi.restoreAllMocks());

function renderForm(type: ColouredPostType = PostType.celebration, { members = team, onInvite = vi.fn() } = {}) {
  signIn();
  server.use(http.get(apiUrl(Routes.colors), () => apiOk([...COLORS])));
  const view = renderWithProviders(
    <CreateCelebrationForm
      teamId={TEAM}
      type={type}
      members={{ data: members, isPending: false }}
      onInviteMembers={onInvite}
    />,
  );
  return { ...view, onInvite };
}

const preview = () => screen.getByRole('region', { name: 'Preview' });
const png = () => new File(['png-bytes'], 'team-photo.png', { type: 'image/png' });

/** Every create call's JSON body, answering with `respond`. */
function serveCreate(path: typeof Routes.createCelebration | typeof Routes.createBrightIdea, respond: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl(path, { id: TEAM }), async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

describe('celebration and bright idea: text or attachment', () => {
  it('asks for 4 characters or a file; a file alone is enough', async () => {
    const bodies = serveCreate(Routes.createCelebration, () =>
      HttpResponse.json({ data: buildPost({ id: 70, type_id: PostType.celebration, team_id: TEAM }) }, { status: 201 }),
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expectFieldError(CELEBRATION_FIELD, PostMessages.textOrAttachment));
    await user.type(screen.getByLabelText(CELEBRATION_FIELD), 'Yay');
    await waitFor(() => expectFieldError(CELEBRATION_FIELD, PostMessages.postTextMin));
    await user.clear(screen.getByLabelText(CELEBRATION_FIELD));

    await user.upload(screen.getByTestId('post-file-input'), png());
    await waitFor(() => expectNoFieldError(CELEBRATION_FIELD));
    expect(within(preview()).getByRole('img', { name: 'Photo from You' })).toHaveAttribute('src', 'blob:preview');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PostMessages.celebrationCreated)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        color_id: 2,
        text: null,
        media: 'uploads/team/5/abc.png',
        media_type: 'photo',
        media_type_id: 2,
        tag_users: null,
      },
    ]);
  });

  it('refuses a file of another type, and text over 500 characters', async () => {
    const { user } = renderForm(PostType.brightidea);
    // A picker that lets any file through (the accept list is only a hint to the browser).
    fireEvent.change(screen.getByTestId('post-file-input'), {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(PostMessages.uploadTypeUnsupported);
    expect(screen.queryByRole('button', { name: 'Remove attachment' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText(IDEA_FIELD));
    await user.paste('z'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expectFieldError(IDEA_FIELD, PostMessages.postTextMax));
    expect(screen.getByTestId('character-count')).toHaveTextContent('501 / 500');
  });
});

describe('colour and live preview', () => {
  it('shows the words on the chosen colour, black on white and white on the others', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(CELEBRATION_FIELD), 'Welcome aboard, Mia!');
    const words = () => within(preview()).getByText('Welcome aboard, Mia!');
    expect(screen.getByRole('radio', { name: 'Ocean' })).toBeChecked();
    expect(words().parentElement).toHaveStyle({ color: 'rgb(255, 255, 255)' });

    await user.click(screen.getByRole('radio', { name: 'White' }));
    expect(words().parentElement).toHaveStyle({ color: 'rgb(0, 0, 0)' });
    await user.click(screen.getByRole('radio', { name: 'Sunset' }));
    expect(words().parentElement).toHaveStyle({ color: 'rgb(255, 255, 255)' });
  });

  it('offers the colours the server lists (GET user/colors)', async () => {
    signIn();
    server.use(
      http.get(apiUrl(Routes.colors), () =>
        apiOk([...COLORS, { id: 7, name: 'teal', color_gradient: ['#0f766e', '#115e59'] }]),
      ),
    );
    renderWithProviders(<CreateCelebrationForm teamId={TEAM} type={PostType.brightidea} />);
    expect(await screen.findByRole('radio', { name: 'Teal' })).toBeInTheDocument();
  });
});

describe('tag members', () => {
  it('offers the other members, never oneself, and confirms each choice and removal', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Tag members' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['MMMia Member', 'LLLeo Lane']);

    await user.click(screen.getByRole('option', { name: /Mia Member/ }));
    expect(await screen.findByText(PostMessages.tagSelected('Mia Member'))).toBeInTheDocument();
    expect(within(preview()).getByLabelText('Tagged members')).toHaveTextContent('Mia Member');

    await user.keyboard('{Backspace}');
    expect(await screen.findByText(PostMessages.tagRemoved('Mia Member'))).toBeInTheDocument();
  });

  it('a team with no one else says so, and offers Invite Members', async () => {
    const { user, onInvite } = renderForm(PostType.celebration, { members: [team[0]!] });
    expect(screen.getByText(/No one else is in this team yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite Members' }));
    expect(onInvite).toHaveBeenCalled();
  });

  it('a bright idea has no tags', () => {
    renderForm(PostType.brightidea);
    expect(screen.queryByRole('combobox', { name: 'Tag members' })).not.toBeInTheDocument();
  });
});

describe('posting', () => {
  it('uploads with progress, posts, resets the form and puts the post on top of the wall of fame', async () => {
    const progress: number[] = [];
    upload.mockImplementation(async (_file, target, onProgress) => {
      expect(target).toEqual({ teamId: TEAM, policy: 'team.celebration' });
      for (const p of [0, 50, 100]) {
        onProgress(p);
        progress.push(p);
      }
      return { key: 'uploads/team/5/abc.png', media_type: 'photo' };
    });
    const created = buildPost({ id: 80, type_id: PostType.celebration, team_id: TEAM });
    const bodies = serveCreate(Routes.createCelebration, () => HttpResponse.json({ data: created }, { status: 201 }));
    const { user, queryClient } = renderForm();
    const page: PostPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
    queryClient.setQueryData(postKeys.timeline(TEAM, PostType.celebration), { pages: [page], pageParams: [1] });

    await user.type(screen.getByLabelText(CELEBRATION_FIELD), 'Mia closed the biggest deal of the year');
    await user.click(screen.getByRole('radio', { name: 'Grape' }));
    await user.click(screen.getByRole('combobox', { name: 'Tag members' }));
    await user.click(await screen.findByRole('option', { name: /Mia Member/ }));
    await user.upload(screen.getByTestId('post-file-input'), png());
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(PostMessages.celebrationCreated)).toBeInTheDocument();
    expect(progress).toEqual([0, 50, 100]);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        color_id: 5,
        text: 'Mia closed the biggest deal of the year',
        media: 'uploads/team/5/abc.png',
        media_type: 'photo',
        media_type_id: 2,
        tag_users: [31],
      },
    ]);
    const feed = queryClient.getQueryData<{ pages: PostPage[] }>(postKeys.timeline(TEAM, PostType.celebration))!;
    expect(feed.pages[0]!.data.map((p) => p.id)).toEqual([80]);

    expect(screen.getByLabelText(CELEBRATION_FIELD)).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Ocean' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Remove attachment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mia Member/ })).not.toBeInTheDocument();
  });

  it('on failure says why and keeps the words, colour, tags and file; the retry reuses the upload', async () => {
    let fail = true;
    const bodies = serveCreate(Routes.createBrightIdea, () =>
      fail
        ? apiError(500, 'The server is having a moment.')
        : HttpResponse.json(
            { data: buildPost({ id: 81, type_id: PostType.brightidea, team_id: TEAM }) },
            { status: 201 },
          ),
    );
    const { user } = renderForm(PostType.brightidea);
    await user.type(screen.getByLabelText(IDEA_FIELD), 'Demo Fridays');
    await user.click(screen.getByRole('radio', { name: 'Forest' }));
    await user.upload(screen.getByTestId('post-file-input'), png());
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('The server is having a moment.')).toBeInTheDocument();
    expect(screen.getByLabelText(IDEA_FIELD)).toHaveValue('Demo Fridays');
    expect(screen.getByRole('radio', { name: 'Forest' })).toBeChecked();
    expect(screen.getByText('team-photo.png')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PostMessages.brightIdeaCreated)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      text: 'Demo Fridays',
      color_id: 3,
      media: 'uploads/team/5/abc.png',
      tag_users: null,
    });
  });
  it('a failed upload says why and offers Retry, which uploads the same file again', async () => {
    upload.mockImplementationOnce(async (_file, _target, onProgress) => {
      onProgress(30);
      throw new Error('The network is unreachable. Please try again.');
    });
    const bodies = serveCreate(Routes.createCelebration, () =>
      HttpResponse.json({ data: buildPost({ id: 82, type_id: PostType.celebration, team_id: TEAM }) }, { status: 201 }),
    );
    const { user } = renderForm();
    const file = png();
    await user.upload(screen.getByTestId('post-file-input'), file);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    const failure = await screen.findByText('The upload failed: The network is unreachable. Please try again.');
    expect(bodies).toHaveLength(0);
    expect(screen.getByText('team-photo.png')).toBeInTheDocument();
    await user.click(within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(PostMessages.celebrationCreated)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(file);
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText(/The upload failed/)).not.toBeInTheDocument();
  });
});
