import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes, PostMessages } from '@rally/contract';
import { advance, expectFieldError } from '../../../test/helpers';
import { buildPost } from '../../../test/post-fixtures';
import { signIn } from '../../../test/render';
import { apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import { THOUGHT_BUTTON_SCROLL_Y, ThoughtButton } from './thought-button';

const TEAM = 5;
const FIELD = 'Your thought, inspiration or action';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

function renderButton() {
  signIn();
  return renderWithProviders(<ThoughtButton teamId={TEAM} />);
}

async function openThoughts(user: ReturnType<typeof renderButton>['user']) {
  scrollTo(THOUGHT_BUTTON_SCROLL_Y + 400);
  await user.click(await screen.findByRole('button', { name: PostMessages.newThoughts }));
  return screen.findByRole('dialog', { name: 'Share a thought' });
}

afterEach(() => {
  scrollTo(0);
  vi.useRealTimers();
});

describe('New Thoughts, Inspirations, Actions', () => {
  it('appears only once the page is scrolled down', async () => {
    renderButton();
    expect(screen.queryByRole('button', { name: PostMessages.newThoughts })).not.toBeInTheDocument();
    scrollTo(THOUGHT_BUTTON_SCROLL_Y + 1);
    expect(await screen.findByRole('button', { name: PostMessages.newThoughts })).toBeInTheDocument();
    scrollTo(0);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: PostMessages.newThoughts })).not.toBeInTheDocument(),
    );
  });

  it('the thought panel asks for a thought of at most 500 characters, with a counter', async () => {
    const sent = vi.fn();
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), () => (sent(), HttpResponse.json({}, { status: 500 }))),
    );
    const { user } = renderButton();
    await openThoughts(user);
    expect(screen.getByLabelText(FIELD)).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expectFieldError(FIELD, PostMessages.postTextRequired));
    await user.paste('y'.repeat(501));
    expect(screen.getByTestId('character-count')).toHaveTextContent('501 / 500');
    await waitFor(() => expectFieldError(FIELD, PostMessages.postTextMax));
    expect(sent).not.toHaveBeenCalled();
  });

  it('posts the thought as a text post and closes a second later; failure keeps the words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: unknown[] = [];
    let fail = true;
    server.use(
      http.post(apiUrl(Routes.createPost, { id: TEAM }), async ({ request }) => {
        bodies.push(await request.json());
        return fail
          ? HttpResponse.json({ message: 'Network hiccup.' }, { status: 503 })
          : HttpResponse.json({ data: buildPost({ id: 12, team_id: TEAM }) }, { status: 201 });
      }),
    );
    const { user } = renderButton();
    await openThoughts(user);
    await user.type(screen.getByLabelText(FIELD), 'Try pairing on Fridays');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Network hiccup.')).toBeInTheDocument();
    expect(screen.getByLabelText(FIELD)).toHaveValue('Try pairing on Fridays');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PostMessages.postCreated)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ content: 'Try pairing on Fridays', media_type: 'text' });
    expect(screen.getByLabelText(FIELD)).toHaveValue('');
    await advance(800);
    expect(screen.getByRole('dialog', { name: 'Share a thought' })).toBeInTheDocument();
    await advance(300);
    expect(screen.queryByRole('dialog', { name: 'Share a thought' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PostMessages.newThoughts })).toHaveFocus();
  });

  it('Close closes the panel a second later and a reopened panel still holds the draft', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderButton();
    await openThoughts(user);
    await user.type(screen.getByLabelText(FIELD), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await advance(1100);
    expect(screen.queryByRole('dialog', { name: 'Share a thought' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PostMessages.newThoughts }));
    expect(await screen.findByRole('dialog', { name: 'Share a thought' })).toBeInTheDocument();
    expect(screen.getByLabelText(FIELD)).toHaveValue('Draft');
  });
});
