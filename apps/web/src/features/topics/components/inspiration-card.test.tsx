import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { noEngagement, PostMessages, Routes, TopicMessages, type TopicDto } from '@rally/contract';
import { expectFieldError, fill } from '../../../test/helpers';
import { signIn } from '../../../test/render';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import { InspirationCard } from './inspiration-card';
import { todayUtc, tomorrowUtc, topicDay } from './topic-dates';

const TEAM = 5;

const buildTopic = (over: Partial<TopicDto> = {}): TopicDto => ({
  id: 41,
  team_id: TEAM,
  content: 'What made you proud this week?',
  created_at: '2026-11-25T08:00:00.000Z',
  publish_date: todayUtc(),
  published_at: '2026-11-25T08:00:00.000Z',
  post_id: 900,
  user: { id: 7, full_name: 'Ada Lovelace', avatar: null },
  data: { content: over.content ?? 'What made you proud this week?' },
  ...noEngagement(),
  ...over,
});

/** Serves today's topic (or none) and the scheduled list; returns the bodies of writes. */
function serveTopics(today: TopicDto | null, scheduled: TopicDto[] = []) {
  const state = { today, scheduled };
  const writes: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl(Routes.topicOfDay, { id: TEAM }), () => apiOk(state.today)),
    http.get(apiUrl(Routes.scheduledTopics, { id: TEAM }), () => apiOk(state.scheduled)),
  );
  return { state, writes };
}

function renderCard({ canEdit = true, hasHistory = false } = {}) {
  signIn();
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <InspirationCard teamId={TEAM} canEdit={canEdit} hasHistory={hasHistory} onSaved={onSaved} />,
  );
  return { ...view, onSaved };
}

describe('the Inspiration card', () => {
  it.each([
    [false, TopicMessages.noTopic],
    [true, TopicMessages.noInspiration],
  ])('a member sees the read-only icon and, without a topic (history %s), “%s”', async (hasHistory, text) => {
    serveTopics(null);
    renderCard({ canEdit: false, hasHistory });
    expect(screen.getByRole('heading', { name: TopicMessages.heading })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: TopicMessages.readOnly })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create topic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plan a topic' })).not.toBeInTheDocument();
  });

  it('shows today’s topic; its dialog has the topic, date, author, reactions and engagements', async () => {
    serveTopics(
      buildTopic({
        buzzes_count: 7,
        reactions: [
          { id: 1, buzz_type_id: 7, user: { id: 31, full_name: 'Mia Member', avatar: null, responded_at: 'x' } },
          { id: 2, buzz_type_id: 8, user: { id: 32, full_name: 'Leo Lane', avatar: null, responded_at: 'x' } },
        ],
        expressions_count: 3,
        recent_expressed_activity_user: { id: 32, full_name: 'Leo Lane', avatar: null },
      }),
    );
    const { user } = renderCard({ canEdit: false });
    await user.click(await screen.findByRole('button', { name: /Open today's inspiration/ }));
    const dialog = await screen.findByRole('dialog', { name: TopicMessages.heading });
    expect(dialog).toHaveTextContent('What made you proud this week?');
    expect(dialog).toHaveTextContent(topicDay(todayUtc()));
    expect(dialog).toHaveTextContent('Ada Lovelace');
    expect(dialog).toHaveTextContent('Reactions (7)');
    const reactions = within(dialog).getAllByRole('listitem');
    expect(reactions[0]).toHaveTextContent('Mia MemberGreat');
    expect(reactions[1]).toHaveTextContent('Leo LaneCongratulations');
    expect(reactions[2]).toHaveTextContent(PostMessages.andMore(5));
    expect(dialog).toHaveTextContent('3 engagements · latest by Leo Lane');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the card writes the topic’s day whole, never cut short by an ellipsis (the sidebar is narrow)', async () => {
    serveTopics(buildTopic({ user: { id: 7, full_name: 'Augusta Ada King, Countess of Lovelace', avatar: null } }));
    renderCard({ canEdit: false });
    const open = await screen.findByRole('button', { name: /Open today's inspiration/ });
    const day = within(open).getByText(topicDay(todayUtc()));
    for (let el: HTMLElement | null = day; el && el !== open; el = el.parentElement)
      expect(getComputedStyle(el).textOverflow).not.toBe('ellipsis');
    expect(getComputedStyle(day).whiteSpace).toBe('nowrap');
  });

  it('a dialog without reactions says No Reaction; opening it reads the topic again', async () => {
    const { state } = serveTopics(buildTopic());
    const { user } = renderCard({ canEdit: false });
    const open = await screen.findByRole('button', { name: /Open today's inspiration/ });
    await user.click(open);
    expect(await screen.findByRole('dialog')).toHaveTextContent(PostMessages.noReaction);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // Someone reacted on the timeline since: the dialog shows it.
    state.today = buildTopic({
      buzzes_count: 1,
      reactions: [
        { id: 3, buzz_type_id: 9, user: { id: 31, full_name: 'Mia Member', avatar: null, responded_at: 'x' } },
      ],
    });
    await user.click(open);
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Reactions (1)'));
    expect(screen.getByRole('dialog')).toHaveTextContent('Mia MemberUnsure');
  });

  it('a coach creates today’s topic: 4-row textarea, counter, the spec’s messages, trimmed content', async () => {
    const { state } = serveTopics(null);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl(Routes.createTopic, { id: TEAM }), async ({ request }) => {
        const body = (await request.json()) as { content: string; publish_date: string };
        bodies.push(body);
        state.today = buildTopic({ content: body.content });
        return apiOk(state.today, TopicMessages.created);
      }),
    );
    const { user, onSaved } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Create topic' }));
    const field = screen.getByLabelText('Topic');
    expect(field).toHaveAttribute('rows', '4');
    expect(screen.getByTestId('character-count')).toHaveTextContent(`0 / 165`);
    expect(screen.getByLabelText('Publish date')).toHaveValue(todayUtc());

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expectFieldError('Topic', TopicMessages.contentRequired));
    await fill(user, 'Topic', '  short ');
    expect(screen.getByTestId('character-count')).toHaveTextContent('5 / 165');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expectFieldError('Topic', TopicMessages.contentLength));
    await fill(user, 'Topic', 'x'.repeat(166));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expectFieldError('Topic', TopicMessages.contentLength));
    expect(bodies).toEqual([]);

    await fill(user, 'Topic', '  Who helped you this week?  ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(TopicMessages.created)).toBeInTheDocument();
    expect(bodies).toEqual([{ content: 'Who helped you this week?', publish_date: todayUtc() }]);
    expect(await screen.findByRole('button', { name: /Open today's inspiration: Who helped you/ })).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it('a coach plans a topic ahead; a refused date shows the server’s message on the date', async () => {
    serveTopics(buildTopic(), [
      buildTopic({ id: 50, content: 'Planned already', publish_date: '2099-01-02', published_at: null, post_id: null }),
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl(Routes.createTopic, { id: TEAM }), async ({ request }) => {
        bodies.push(await request.json());
        return apiError(422, TopicMessages.publishDateTaken, { publish_date: [TopicMessages.publishDateTaken] });
      }),
    );
    const { user } = renderCard();
    expect(await screen.findByText('Planned already')).toBeInTheDocument();
    expect(screen.getByText(topicDay('2099-01-02'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plan a topic' }));
    expect(screen.getByLabelText('Publish date')).toHaveValue(tomorrowUtc());
    await fill(user, 'Topic', 'Something for tomorrow');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expectFieldError('Publish date', TopicMessages.publishDateTaken));
    expect(bodies).toEqual([{ content: 'Something for tomorrow', publish_date: tomorrowUtc() }]);
    // Cancel returns to the card, the words of today's topic unchanged.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: /Open today's inspiration/ })).toBeInTheDocument();
  });

  it('a coach edits today’s topic without its date (a published topic keeps its day)', async () => {
    const { state } = serveTopics(buildTopic());
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl(Routes.updateTopic, { id: TEAM, topicId: 41 }), async ({ request }) => {
        const body = (await request.json()) as { content: string };
        bodies.push(body);
        state.today = buildTopic({ content: body.content });
        return apiOk(state.today, TopicMessages.updated);
      }),
    );
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit topic' }));
    expect(screen.getByLabelText('Topic')).toHaveValue('What made you proud this week?');
    expect(screen.queryByLabelText('Publish date')).not.toBeInTheDocument();
    await fill(user, 'Topic', 'What made you laugh this week?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TopicMessages.updated)).toBeInTheDocument();
    expect(bodies).toEqual([{ content: 'What made you laugh this week?' }]);
    expect(await screen.findByRole('button', { name: /What made you laugh this week/ })).toBeInTheDocument();
  });
});
