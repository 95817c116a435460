import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromptMessages, Routes, type PromptMetricsDto, type PromptSummaryDto } from '@rally/contract';
import { fromDateOf } from '../../../components/time-filter';
import { signIn } from '../../../test/render';
import { apiOk, apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import { TEAM, coach, member, response } from '../test/prompt-fixtures';
import { PromptStatsCard } from './prompt-stats-card';

afterEach(() => vi.restoreAllMocks());

const summary = (id: number, over: Partial<PromptSummaryDto> = {}): PromptSummaryDto => ({
  id,
  post_id: 100 + id,
  topic: `Question ${id}`,
  user: coach,
  created_at: '2026-03-04T10:00:00.000Z',
  published: false,
  published_at: null,
  responses_count: 1,
  max_responses_count: 3,
  ...over,
});
const metrics = (over: Partial<PromptMetricsDto> = {}): PromptMetricsDto => ({
  total: 2,
  responses_count: 3,
  response_rate: 50,
  data: [summary(1), summary(2, { published: true, published_at: '2026-03-05T10:00:00.000Z' })],
  ...over,
});
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const paged = <T,>(data: T[], page: number, lastPage: number, total: number, extra: object = {}) =>
  HttpResponse.json({ data, meta: { current_page: page, last_page: lastPage, per_page: 2, total }, ...extra });

describe('Engagement Video Stats', () => {
  it('shows the period’s figures and latest videos, and asks again for another period', async () => {
    signIn();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl(Routes.videoMetrics, { id: TEAM }), ({ request }) => {
        asked.push(query(request));
        return apiOk(
          asked.length === 1 ? metrics() : metrics({ total: 0, responses_count: 0, response_rate: 0, data: [] }),
        );
      }),
    );
    const { user } = renderWithProviders(<PromptStatsCard teamId={TEAM} kind="video" />);
    const card = screen.getByRole('region', { name: 'Engagement Video Stats' });
    expect(await within(card).findByText('Question 1')).toBeInTheDocument();
    expect(within(card).getByText('50%')).toBeInTheDocument();
    expect(within(card).getByText(/1 of 3 responded · Published$/)).toBeInTheDocument();
    expect(asked[0]!.from_date).toBe(fromDateOf('30'));

    await user.click(within(card).getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'All Time' }));
    expect(await within(card).findByText(PromptMessages.noVideoResponses)).toBeInTheDocument();
    expect(asked[1]).toEqual({});
  });

  it('lists every video in View Details with Load More, and each one’s answers, or none found', async () => {
    signIn();
    const lists: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl(Routes.videoMetrics, { id: TEAM }), () => apiOk(metrics())),
      http.get(apiUrl(Routes.videos, { id: TEAM }), ({ request }) => {
        const q = query(request);
        lists.push(q);
        return q.page === '2' ? paged([summary(3)], 2, 2, 3) : paged([summary(1), summary(2)], 1, 2, 3);
      }),
      http.get(apiUrl(Routes.videoResponses, { id: TEAM, videoId: 1 }), () =>
        paged([response(5, member(31, 'Mia Member'))], 1, 1, 1, { total: 1 }),
      ),
      http.get(apiUrl(Routes.videoResponses, { id: TEAM, videoId: 3 }), () => paged([], 1, 1, 0, { total: 0 })),
    );
    const { user } = renderWithProviders(<PromptStatsCard teamId={TEAM} kind="video" />);
    await screen.findByText('Question 1');
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Engagement Video Stats details' });
    await within(drawer).findByRole('button', { name: /Question 2/ });
    expect(lists[0]).toEqual({ from_date: fromDateOf('30'), tz: expect.any(String), page: '1' });
    await user.click(within(drawer).getByRole('button', { name: 'Load More' }));
    expect(await within(drawer).findByRole('button', { name: /Question 3/ })).toBeInTheDocument();
    expect(await within(drawer).findByText('Yay! You have seen it all')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: /Question 1/ }));
    const answers = await within(drawer).findByRole('list', { name: 'Responses to Question 1' });
    expect(within(answers).getByText('Mia Member')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /Question 3/ }));
    expect(await within(drawer).findByText(PromptMessages.noVideoResponses)).toBeInTheDocument();
  });
});

describe('Slideshow Stats', () => {
  it('says no image responses were found in an empty period, in the card and in View Details', async () => {
    signIn();
    server.use(
      http.get(apiUrl(Routes.slideshowMetrics, { id: TEAM }), () =>
        apiOk(metrics({ total: 0, responses_count: 0, response_rate: 0, data: [] })),
      ),
      http.get(apiUrl(Routes.slideshows, { id: TEAM }), () => paged([], 1, 1, 0)),
    );
    const { user } = renderWithProviders(<PromptStatsCard teamId={TEAM} kind="slideshow" />);
    const card = screen.getByRole('region', { name: 'Slideshow Stats' });
    expect(await within(card).findByText(PromptMessages.noImageResponses)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'View Details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Slideshow Stats details' });
    await waitFor(() => expect(within(drawer).getByText(PromptMessages.noImageResponses)).toBeInTheDocument());
  });
});
