import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckinMessages, PostType, Routes, type CheckinMetricsDto, type TeamStatsDto } from '@rally/contract';
import { buildPost } from '../../../test/post-fixtures';
import { signIn } from '../../../test/render';
import { apiError, apiOk, apiUrl, emptyCheckinMetrics, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import { CheckinPostBody } from './checkin-post-body';
import { CheckinStatsCard } from './checkin-stats-card';
import { RequestCheckinForm } from './request-checkin-form';
import { TeamStatsDialog } from './team-stats-dialog';
import { fromDateOf } from '../../../components/time-filter';

const TEAM = 5;
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('requesting a check-in', () => {
  it('is disabled with the last time in red within 4 hours of the last request', async () => {
    signIn();
    const last = hoursFromNow(-1);
    server.use(
      http.get(apiUrl(Routes.checkinStatus, { id: TEAM }), () =>
        apiOk({ last_checkin_time: last, next_checkin_available: hoursFromNow(3) }),
      ),
    );
    renderWithProviders(<RequestCheckinForm teamId={TEAM} membersCount={4} />);
    const notice = await screen.findByText(/^Last Check-in initiated at /);
    expect(notice).toHaveStyle({ color: 'rgb(211, 47, 47)' }); // the theme's error red
    expect(screen.getByRole('button', { name: 'Request Check-in' })).toBeDisabled();
  });

  it('asks the server once the 4 hours are over, and says why a team of one cannot', async () => {
    signIn();
    let requested = 0;
    server.use(
      http.get(apiUrl(Routes.checkinStatus, { id: TEAM }), () =>
        apiOk({ last_checkin_time: hoursFromNow(-5), next_checkin_available: hoursFromNow(-1) }),
      ),
      http.post(apiUrl(Routes.requestCheckin, { id: TEAM }), () => {
        requested++;
        return apiOk(buildPost({ id: 70, type_id: PostType.checkin, team_id: TEAM, data: { checkin_id: 9 } }));
      }),
    );
    const { user, unmount } = renderWithProviders(<RequestCheckinForm teamId={TEAM} membersCount={4} />);
    const button = await screen.findByRole('button', { name: 'Request Check-in' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(/^Last Check-in initiated at /)).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(CheckinMessages.requested)).toBeInTheDocument();
    expect(requested).toBe(1);
    unmount();

    renderWithProviders(<RequestCheckinForm teamId={TEAM} membersCount={1} />);
    expect(await screen.findByText(CheckinMessages.needMembers)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Check-in' })).toBeDisabled();
  });
});

describe('answering a check-in', () => {
  const post = buildPost({ id: 71, type_id: PostType.checkin, team_id: TEAM, data: { checkin_id: 9 } });
  const checkin = (over: object = {}) => ({
    id: 9,
    post_id: 71,
    user: { id: 2, full_name: 'Cora Coach', avatar: null },
    created_at: hoursFromNow(-1),
    responses_count: 1,
    max_responses_count: 4,
    is_responded: false,
    can_answer: true,
    ...over,
  });

  it('chooses a mood, keeps "Share only with my coach" checked by default, and says it went to the initiator', async () => {
    signIn();
    let body: unknown;
    let answered = false;
    server.use(
      http.get(apiUrl(Routes.checkin, { id: TEAM, checkinId: 9 }), () =>
        apiOk(answered ? checkin({ responses_count: 2, is_responded: true, can_answer: false }) : checkin()),
      ),
      http.post(apiUrl(Routes.answerCheckin, { id: TEAM, checkinId: 9 }), async ({ request }) => {
        body = await request.json();
        answered = true;
        return apiOk(null, CheckinMessages.sentTo('Cora Coach'));
      }),
    );
    const { user } = renderWithProviders(<CheckinPostBody post={post} />);
    expect(await screen.findByText('1 of 4 checked in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Answer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Check-in' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: CheckinMessages.shareOnlyWithCoach })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Calm' }));
    expect(within(dialog).getByRole('radio', { name: 'Calm' })).toHaveAttribute('aria-checked', 'true');
    await user.click(submit);

    expect(await screen.findByText(CheckinMessages.sentTo('Cora Coach'))).toBeInTheDocument();
    expect(body).toEqual({ mood_id: 3, private: true });
    expect(await screen.findByText('You checked in')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 checked in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('sends private false when the box is cleared, and shows the server’s refusal in the dialog', async () => {
    signIn();
    let body: unknown;
    server.use(
      http.get(apiUrl(Routes.checkin, { id: TEAM, checkinId: 9 }), () => apiOk(checkin())),
      http.post(apiUrl(Routes.answerCheckin, { id: TEAM, checkinId: 9 }), async ({ request }) => {
        body = await request.json();
        return apiError(409, CheckinMessages.alreadyAnswered);
      }),
    );
    const { user } = renderWithProviders(<CheckinPostBody post={post} />);
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check-in' });
    await user.click(within(dialog).getByRole('radio', { name: 'Happy' }));
    await user.click(within(dialog).getByRole('checkbox', { name: CheckinMessages.shareOnlyWithCoach }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CheckinMessages.alreadyAnswered)).toBeInTheDocument();
    expect(body).toEqual({ mood_id: 1, private: false });
  });

  it('offers no Answer to the initiator', async () => {
    signIn();
    server.use(
      http.get(apiUrl(Routes.checkin, { id: TEAM, checkinId: 9 }), () => apiOk(checkin({ can_answer: false }))),
    );
    renderWithProviders(<CheckinPostBody post={post} />);
    expect(await screen.findByText('1 of 4 checked in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });
});

describe('Check-In Stats', () => {
  const metrics: CheckinMetricsDto = {
    engaged_users_count: 4,
    total_activities: 6,
    initiated_count: 2,
    entertained_count: 2,
    metrics_meter: {
      meter: 72,
      moods: [
        { id: 1, name: 'Happy', media: '/static/moods/happy.svg', count: 3, mood_avg: 50 },
        { id: 3, name: 'Calm', media: '/static/moods/calm.svg', count: 3, mood_avg: 50 },
      ],
      hidden: false,
      hidden_reason: null,
      trend: { previous_meter: 65, change: 7, direction: 'up' },
    },
    users: [{ id: 31, full_name: 'Mia Member', avatar: null, meter: 85, answers_count: 2, moods: [] }],
  };

  it('shows the meter, trend, moods, counts and members, and asks again for another period', async () => {
    signIn();
    const asked: (string | null)[] = [];
    server.use(
      http.get(apiUrl(Routes.checkinMetrics, { id: TEAM }), ({ request }) => {
        const from = new URL(request.url).searchParams.get('from_date');
        asked.push(from);
        return apiOk(
          from === null
            ? {
                ...emptyCheckinMetrics,
                metrics_meter: {
                  ...emptyCheckinMetrics.metrics_meter,
                  hidden_reason: CheckinMessages.hiddenBelowFloor(3, 2),
                },
              }
            : metrics,
        );
      }),
    );
    const { user } = renderWithProviders(<CheckinStatsCard teamId={TEAM} />);
    expect(await screen.findByRole('progressbar', { name: 'Team happiness, 30 Days' })).toHaveAttribute(
      'aria-valuenow',
      '72',
    );
    expect(asked).toEqual([fromDateOf('30')]);
    expect(screen.getByText('+7 points vs the period before (65%)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Mood breakdown' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Engaged users').previousSibling).toHaveTextContent('4');
    expect(screen.getByText('Entertained').previousSibling).toHaveTextContent('2');
    expect(screen.getByRole('progressbar', { name: 'Mia Member’s happiness' })).toHaveAttribute('aria-valuenow', '85');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All Time' }));
    expect(await screen.findByText(CheckinMessages.hiddenBelowFloor(3, 2))).toBeInTheDocument();
    expect(asked).toEqual([fromDateOf('30'), null]);
    expect(screen.queryByRole('progressbar', { name: /Team happiness/ })).not.toBeInTheDocument();
  });

  it('lists the answers in the View Details drawer, page by page', async () => {
    signIn();
    const answerOf = (id: number) => ({
      id,
      checkin_id: 9,
      user: { id: 30 + id, full_name: `Person ${id}`, avatar: null },
      mood: { id: 1, name: 'Happy', media: '/static/moods/happy.svg' },
      is_private: id === 1,
      created_at: hoursFromNow(-id),
    });
    server.use(
      http.get(apiUrl(Routes.checkinMetrics, { id: TEAM }), () => apiOk(metrics)),
      http.get(apiUrl(Routes.checkinMetricsDetail, { id: TEAM }), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({
          data: page === 1 ? [answerOf(1), answerOf(2)] : [answerOf(3)],
          meta: { current_page: page, last_page: 2, per_page: 2, total: 3 },
        });
      }),
    );
    const { user } = renderWithProviders(<CheckinStatsCard teamId={TEAM} />);
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Person 1')).toBeInTheDocument();
    expect(within(drawer).getByText('Private')).toBeInTheDocument();
    await user.click(await within(drawer).findByRole('button', { name: 'Load More' }));
    expect(await within(drawer).findByText('Person 3')).toBeInTheDocument();
    expect(await within(drawer).findByText('Yay! You have seen it all')).toBeInTheDocument();
  });
});

describe('the period’s time zone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The browser says the viewer is in Auckland, whatever the machine running the test is set to. */
  function inAuckland() {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its own `this` below
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'Pacific/Auckland' };
    });
  }
  const paramsOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  it('sends tz with every from_date of Check-In Stats and its details, and neither for All Time', async () => {
    signIn();
    inAuckland();
    const metrics: Record<string, string>[] = [];
    const details: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl(Routes.checkinMetrics, { id: TEAM }), ({ request }) => {
        metrics.push(paramsOf(request));
        return apiOk(emptyCheckinMetrics);
      }),
      http.get(apiUrl(Routes.checkinMetricsDetail, { id: TEAM }), ({ request }) => {
        details.push(paramsOf(request));
        return HttpResponse.json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
      }),
    );
    const { user } = renderWithProviders(<CheckinStatsCard teamId={TEAM} />);
    await waitFor(() => expect(metrics).toHaveLength(1));
    expect(metrics[0]).toEqual({ from_date: fromDateOf('30'), tz: 'Pacific/Auckland' });

    await user.click(screen.getByRole('button', { name: 'View Details' }));
    await waitFor(() => expect(details).toHaveLength(1));
    expect(details[0]).toEqual({ from_date: fromDateOf('30'), tz: 'Pacific/Auckland', page: '1' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    await waitFor(() => expect(metrics).toHaveLength(2));
    expect(metrics[1]).toEqual({ from_date: fromDateOf('today'), tz: 'Pacific/Auckland' });
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All Time' }));
    await waitFor(() => expect(metrics).toHaveLength(3));
    expect(metrics[2]).toEqual({});
  });

  it('sends tz with the Team Statistics dialog’s from_date', async () => {
    signIn();
    inAuckland();
    const asked: Record<string, string>[] = [];
    const stats: TeamStatsDto = {
      posts_count: 1,
      reactions_count: 2,
      comments_count: 3,
      active_members_count: 2,
      members_count: 4,
      videos_count: 3,
      video_responses_count: 5,
      slideshows_count: 1,
      slideshow_responses_count: 2,
    };
    server.use(
      http.get(apiUrl(Routes.teamStats, { id: TEAM }), ({ request }) => {
        asked.push(paramsOf(request));
        return apiOk(stats);
      }),
    );
    renderWithProviders(<TeamStatsDialog open teamId={TEAM} teamName="Rally" onClose={() => {}} />);
    expect(await screen.findByText('2 of 4')).toBeInTheDocument();
    // Issue 22: the team videos and slideshows of the period, and their answers.
    const counts: [string, string][] = [
      ['Team videos', '3'],
      ['Video responses', '5'],
      ['Slideshows', '1'],
      ['Slideshow responses', '2'],
    ];
    for (const [label, value] of counts) expect(screen.getByText(label).previousSibling).toHaveTextContent(value);
    expect(asked).toEqual([{ from_date: fromDateOf('30'), tz: 'Pacific/Auckland' }]);
  });
});
