import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostType, type PostDto } from '@rally/contract';
import { feedDate } from '../../../lib/dates';
import { buildPost } from '../../../test/post-fixtures';
import { PostBody } from './post-body';

const show = (data: PostDto['data']) =>
  render(
    <MemoryRouter>
      <PostBody post={buildPost({ type_id: PostType.watercooler, data })} />
    </MemoryRouter>,
  );

describe('PostBody: a watercooler that took place (type 7)', () => {
  it('says when it was open and who joined, each linked to their profile', () => {
    const started = '2026-11-26T10:00:00.000Z';
    const ended = '2026-11-26T10:45:00.000Z';
    show({
      started_at: started,
      ended_at: ended,
      participants: [
        { id: 7, full_name: 'Ada Lovelace', avatar: null },
        { id: 31, full_name: 'Mia Member', avatar: null },
      ],
    });
    expect(screen.getByText('Watercooler')).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`${feedDate(started).slice(-5)} to ${feedDate(ended).slice(-5)}`)),
    ).toBeInTheDocument();
    const who = screen.getByLabelText('Who joined');
    expect(within(who).getByRole('link', { name: /Mia Member/ })).toHaveAttribute('href', '/profile/31');
    expect(within(who).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', '/profile/7');
  });

  it('a room that ran past midnight shows both dates', () => {
    const started = '2026-11-26T23:30:00.000Z';
    const ended = '2026-11-28T00:30:00.000Z';
    show({ started_at: started, ended_at: ended, participants: [{ id: 7, full_name: 'Ada Lovelace', avatar: null }] });
    expect(screen.getByText(`${feedDate(started)} to ${feedDate(ended)}`)).toBeInTheDocument();
  });

  it('an older post without the room’s details still reads as a watercooler', () => {
    show({});
    expect(screen.getByText('Watercooler')).toBeInTheDocument();
    expect(screen.getByText('A team room for a chat, a call or a catch-up.')).toBeInTheDocument();
  });
});
