import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLORS, PostType, Routes, type TeamDto } from '@rally/contract';
import { MediaRecorderDialog } from '../components/media-recorder';
import { selectablePostTypes } from '../features/posts/components/post-type-selector';
import { detectTeamsHost } from '../lib/teams-host';
import { realtime } from '../lib/realtime';
import * as fake from '../test/fake-teams-sdk';
import { buildPost, serveRealtime, serveTimeline } from '../test/post-fixtures';
import { renderApp } from '../test/render';
import { apiOk, apiUrl, server, testUser } from '../test/server';
import { buildMember, buildTeam } from '../test/team-fixtures';
import { AppProviders } from './providers';

vi.mock('@microsoft/teams-js', () => import('../test/fake-teams-sdk'));

// This file's app is a team's tab inside Teams (a content frame), in the host's dark theme.
beforeAll(async () => {
  Object.assign(fake.host, { answers: true, frameContext: 'content', theme: 'dark', clientType: 'web' });
  fake.framePage();
  await detectTeamsHost();
});

function serveTeam(team: TeamDto) {
  server.use(
    http.get(apiUrl(Routes.teams), () => apiOk([team])),
    http.get(apiUrl(Routes.teamMembers, { id: team.id }), () =>
      apiOk([buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 })]),
    ),
    http.get(apiUrl(Routes.colors), () => apiOk(COLORS.map((c) => ({ ...c, color_gradient: [...c.color_gradient] })))),
  );
}

beforeEach(() => {
  serveRealtime();
});
afterEach(() => realtime.stop());

describe('a team timeline in a Teams content tab', () => {
  it('the top bar has no links and the logo is not a link; engagement video is not offered', async () => {
    serveTeam(buildTeam({ id: 5, name: 'Rowing', role_id: 2 }));
    serveTimeline([buildPost({ id: 1, data: { text: 'First' } })]);
    const { user } = renderApp('/engagements/5/timeline', { signedInAs: testUser });
    await screen.findByText('First');
    const bar = screen.getByRole('banner');
    expect(within(bar).queryAllByRole('link')).toEqual([]);
    expect(within(bar).getByRole('img', { name: 'Rally' }).closest('a')).toBeNull();
    expect(within(bar).getByText('Rowing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }));
    await screen.findByRole('tab', { name: 'Text' });
    expect(screen.getByRole('tab', { name: 'Slideshow' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Team Video' })).not.toBeInTheDocument();
  });

  it('wears the host theme and follows its changes', async () => {
    render(
      <AppProviders>
        <p>Themed</p>
      </AppProviders>,
    );
    await screen.findByText('Themed');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(31, 31, 31)');
    fake.changeHostTheme('contrast');
    await waitFor(() => expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(0, 0, 0)'));
    fake.changeHostTheme('default');
    await waitFor(() => expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(244, 245, 251)'));
    fake.changeHostTheme('dark');
  });
});

describe('the post type selector', () => {
  it('offers engagement video to a lead except inside a chat client', () => {
    const extra = new Map([
      [PostType.teamvideo, { label: 'Team Video', icon: <span />, hint: '', render: () => null }],
      [PostType.slideshow, { label: 'Slideshow', icon: <span />, hint: '', render: () => null }],
    ]);
    expect(selectablePostTypes(2, extra)).toContain(PostType.teamvideo);
    expect(selectablePostTypes(2, extra, true)).not.toContain(PostType.teamvideo);
    expect(selectablePostTypes(2, extra, true)).toContain(PostType.slideshow);
  });
});

describe('capture inside Teams', () => {
  it('audio goes through the host media picker (1 minute, one item) and comes back as the file to upload', async () => {
    fake.media.selectMedia.mockImplementation((_inputs: unknown, done: (error: unknown, items: unknown[]) => void) =>
      done(undefined, [{ format: 'base64', content: btoa('ID3-audio'), mimeType: 'audio/mpeg', size: 9 }]),
    );
    const onDone = vi.fn();
    render(
      <AppProviders>
        <MediaRecorderDialog open modes={['audio']} onClose={() => {}} onDone={onDone} />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Record audio' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fake.media.selectMedia).toHaveBeenCalledWith(
      { mediaType: fake.media.MediaType.Audio, maxMediaCount: 1, audioProps: { maxDuration: 1 } },
      expect.any(Function),
    );
    const [file, mode] = onDone.mock.calls[0] as [File, string];
    expect(mode).toBe('audio');
    expect(file.name).toBe('recording.mp3');
    expect(file.type).toBe('audio/mpeg');
    expect(await file.text()).toBe('ID3-audio');
  });

  it('a video the host keeps by id is fetched with getMedia; a cancel hands back nothing', async () => {
    const getMedia = vi.fn((done: (error: unknown, blob: Blob) => void) => done(undefined, new Blob(['mp4-bytes'])));
    fake.media.selectMedia
      .mockImplementationOnce((_i: unknown, done: (error: unknown, items: unknown[]) => void) =>
        done({ errorCode: fake.ErrorCode.USER_ABORT }, []),
      )
      .mockImplementationOnce((_i: unknown, done: (error: unknown, items: unknown[]) => void) =>
        done(undefined, [{ format: 'id', content: 'media-1', mimeType: 'video/mp4', getMedia }]),
      );
    const onDone = vi.fn();
    render(
      <AppProviders>
        <MediaRecorderDialog open modes={['video']} onClose={() => {}} onDone={onDone} />
      </AppProviders>,
    );
    const record = await screen.findByRole('button', { name: 'Record a video' });
    await userEvent.click(record);
    await waitFor(() => expect(record).toBeEnabled());
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(record);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [file] = onDone.mock.calls[0] as [File];
    expect(file.name).toBe('recording.mp4');
    expect(await file.text()).toBe('mp4-bytes');
  });
});
