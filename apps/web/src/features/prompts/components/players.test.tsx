import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaLimits } from '@rally/contract';
import { advance } from '../../../test/helpers';
import { member, response, stubMedia } from '../test/prompt-fixtures';
import { PlaylistPlayer } from './playlist-player';
import { SlideshowPlayer } from './slideshow-player';

let play: ReturnType<typeof stubMedia>;
beforeEach(() => {
  play = stubMedia();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const mia = member(31, 'Mia Member');
const leo = member(32, 'Leo Lane');
const ida = member(33, 'Ida Imre');

describe('the playlist player of a published team video', () => {
  it('shows one video, preloads the next in a hidden element, and swaps to it on ended', () => {
    const answers = [response(1, mia), response(2, leo), response(3, ida)];
    const { container } = render(<PlaylistPlayer responses={answers} topic="Week" />);
    const videos = () => [...container.querySelectorAll('video')];
    const visible = () => videos().filter((v) => !v.hidden);
    expect(videos()).toHaveLength(2);
    expect(visible()).toHaveLength(1);
    const first = visible()[0]!;
    expect(first).toHaveAttribute('src', '/files/answer-1.mp4');
    expect(first).toHaveAttribute('poster', '/files/answer-1.jpg');
    expect(first).toHaveAccessibleName('Answer 1 of 3, by Mia Member');
    const preloaded = videos().find((v) => v.hidden)!;
    expect(preloaded).toHaveAttribute('src', '/files/answer-2.mp4');
    expect(preloaded).toHaveAttribute('preload', 'auto');

    play.mockClear();
    fireEvent.ended(first);
    // The preloaded element comes to the front and plays; the other now waits with the third answer.
    expect(visible()).toEqual([preloaded]);
    expect(preloaded).toHaveAccessibleName('Answer 2 of 3, by Leo Lane');
    expect(play.mock.contexts[0]).toBe(preloaded);
    expect(first).not.toBeVisible();
    expect(first).toHaveAttribute('src', '/files/answer-3.mp4');
    expect(screen.getByText('Leo Lane')).toBeInTheDocument();

    fireEvent.ended(preloaded);
    expect(visible()).toEqual([first]);
    expect(screen.getByText('Answer 3 of 3')).toBeInTheDocument();
  });

  it('shows the progress over all the answers together', () => {
    const answers = [response(1, mia, { duration: 10 }), response(2, leo, { duration: 30 })];
    const { container } = render(<PlaylistPlayer responses={answers} topic="Week" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress over all answers' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const first = container.querySelector<HTMLVideoElement>('video:not([hidden])')!;
    Object.defineProperty(first, 'currentTime', { value: 5, configurable: true });
    fireEvent.timeUpdate(first);
    expect(bar).toHaveAttribute('aria-valuenow', '13'); // 5 of 40 s
    fireEvent.ended(first);
    expect(bar).toHaveAttribute('aria-valuenow', '25'); // the first 10 of 40 s
  });
});

describe('the slideshow player', () => {
  const answers = [
    response(1, mia, { media_type: 'photo', media: '/files/1.png', caption: 'My desk' }),
    response(2, leo, { media_type: 'photo', media: '/files/2.png', caption: 'The view' }),
    response(3, ida, { media_type: 'photo', media: '/files/3.png', caption: null }),
  ];

  it('advances every 3000 ms with the captions, and round again after the last', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<SlideshowPlayer responses={answers} topic="Desks" />);
    expect(screen.getByRole('img', { name: 'Mia Member: My desk' })).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await advance(MediaLimits.slideshowAdvanceMs - 1);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('img', { name: 'Leo Lane: The view' })).toBeInTheDocument();
    expect(screen.getByText('The view')).toBeInTheDocument();
    await advance(MediaLimits.slideshowAdvanceMs);
    expect(screen.getByRole('img', { name: 'Image from Ida Imre' })).toBeInTheDocument();
    await advance(MediaLimits.slideshowAdvanceMs);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('steps back and forth by hand and pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<SlideshowPlayer responses={answers} topic="Desks" />);
    act(() => screen.getByRole('button', { name: 'Previous image' }).click());
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Next image' }).click());
    act(() => screen.getByRole('button', { name: 'Next image' }).click());
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Pause' }).click());
    await advance(MediaLimits.slideshowAdvanceMs * 3);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Play' }).click());
    await advance(MediaLimits.slideshowAdvanceMs);
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });
});
