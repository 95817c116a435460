import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaLimits } from '@rally/contract';
import { FakeMediaRecorder, stubMedia, unstubMedia } from '../../test/fake-media';
import { MediaRecorderDialog } from './media-recorder-dialog';
import type { MediaRecorderDialogProps } from './types';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  unstubMedia();
});

function renderDialog(props: Partial<MediaRecorderDialogProps> = {}) {
  const onDone = vi.fn<MediaRecorderDialogProps['onDone']>();
  const onClose = vi.fn();
  const all: MediaRecorderDialogProps = {
    open: true,
    modes: ['video', 'audio', 'image'],
    pickerAccept: { video: '.mp4', audio: '.mp3', image: '.png,.jpg,.jpeg' },
    onDone,
    onClose,
    ...props,
  };
  const view = render(<MediaRecorderDialog {...all} />);
  return { ...view, onDone, onClose, props: all };
}

const button = (name: string) => screen.getByRole('button', { name });
const timeLeft = () => screen.getByRole('timer', { name: 'Time left' });
/** Moves the (fake) clock on, letting React render what the timers did. */
const advance = (ms: number) => {
  // A synchronous act: React has rendered what the timers did once it returns.
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
};

/** A 2D context that draws nothing, and toBlob answering a JPEG: jsdom has no canvas. */
function stubCanvas() {
  const pen = {
    drawImage: vi.fn(),
    clearRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(pen as unknown as CanvasRenderingContext2D);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((done, type) => done(new Blob(['jpeg-bytes'], { type: type ?? 'image/png' })));
  return { pen, toBlob };
}

/** An AudioContext whose analyser reports silence, recording what the waveform asked of it. */
function stubAudioContext() {
  const analyser = { fftSize: 0, getByteTimeDomainData: vi.fn((into: Uint8Array) => into.fill(128)) };
  const source = { connect: vi.fn(), disconnect: vi.fn() };
  const close = vi.fn(() => Promise.resolve());
  class FakeAudioContext {
    createMediaStreamSource = vi.fn(() => source);
    createAnalyser = vi.fn(() => analyser);
    close = close;
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { analyser, source, close };
}

describe('MediaRecorderDialog: video', () => {
  it('records with the camera and microphone, counts down and stops itself at 60 s, then hands over the WebM', async () => {
    const { getUserMedia, streams } = stubMedia({ supported: ['video/webm;codecs=vp8,opus'] });
    const { onDone } = renderDialog();

    expect(screen.getByRole('button', { name: 'Video', pressed: true })).toBeInTheDocument();
    // The file's first test also pays for the first render's imports: more than waitFor's 1 s
    // default on a loaded machine.
    await waitFor(() => expect(button('Record')).toBeEnabled(), { timeout: 5_000 });
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: true, video: expect.anything() }));
    const preview = screen.getByLabelText('Camera preview');
    // The preview takes the stream in an effect after it arrives: on a loaded machine a moment
    // after Record is enabled (seen under Node 24 in CI).
    await waitFor(() => expect((preview as HTMLVideoElement & { srcObject: unknown }).srcObject).toBe(streams[0]));

    vi.useFakeTimers();
    fireEvent.click(button('Record'));
    const recorder = FakeMediaRecorder.all[0]!;
    expect(recorder.mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(recorder.state).toBe('recording');
    expect(timeLeft()).toHaveTextContent('1:00 left');
    // The selectors wait until the recording ends.
    expect(screen.getByRole('button', { name: 'Audio' })).toBeDisabled();

    advance(30_000);
    expect(timeLeft()).toHaveTextContent('0:30 left');
    advance(29_000);
    expect(timeLeft()).toHaveTextContent('0:01 left');
    expect(recorder.state).toBe('recording');
    advance(1_000);
    expect(recorder.state).toBe('inactive');
    vi.useRealTimers();

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your recording')).toHaveAttribute('src', 'blob:recording');
    fireEvent.click(button('Use'));
    expect(onDone).toHaveBeenCalledTimes(1);
    const [file, mode] = onDone.mock.calls[0]!;
    expect(mode).toBe('video');
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('recording.webm');
    expect(file.type).toBe('video/webm');
    expect(await file.text()).toBe('recorded-bytes');
  });

  it('prefers MP4 where the browser records it; Stop ends the recording early', async () => {
    stubMedia({ supported: ['video/mp4;codecs=avc1,mp4a', 'video/webm;codecs=vp8,opus'] });
    const { onDone } = renderDialog({ modes: ['video'] });
    // One mode: no selectors.
    expect(screen.queryByRole('group', { name: 'What to record' })).not.toBeInTheDocument();
    await waitFor(() => expect(button('Record')).toBeEnabled());

    vi.useFakeTimers();
    fireEvent.click(button('Record'));
    advance(5_000);
    expect(timeLeft()).toHaveTextContent('0:55 left');
    fireEvent.click(button('Stop'));
    vi.useRealTimers();

    expect(FakeMediaRecorder.all[0]!.mimeType).toBe('video/mp4;codecs=avc1,mp4a');
    fireEvent.click(button('Use'));
    const [file] = onDone.mock.calls[0]!;
    expect([file.name, file.type]).toEqual(['recording.mp4', 'video/mp4']);
  });

  it('stops the camera and microphone when it closes', async () => {
    const { streams } = stubMedia({ supported: ['video/webm;codecs=vp8,opus'] });
    const { rerender, props } = renderDialog();
    await waitFor(() => expect(button('Record')).toBeEnabled());
    fireEvent.click(button('Record'));
    const recorder = FakeMediaRecorder.all[0]!;

    rerender(<MediaRecorderDialog {...props} open={false} />);
    for (const track of streams[0]!.tracks) expect(track.stop).toHaveBeenCalled();
    // The recording under way is dropped, not handed over.
    expect(recorder.state).toBe('inactive');
    expect(props.onDone).not.toHaveBeenCalled();
  });
});

describe('MediaRecorderDialog: audio', () => {
  it('records the microphone with a waveform and stops itself at 10 s', async () => {
    const { getUserMedia } = stubMedia({ supported: ['audio/webm;codecs=opus'] });
    const { pen } = stubCanvas();
    const audio = stubAudioContext();
    const { onDone } = renderDialog({ modes: ['audio', 'video'] });
    // The waveform is wired in an effect after the microphone opens: waited for, as a loaded
    // machine may run that effect after Record is enabled.
    await waitFor(() => {
      expect(button('Record')).toBeEnabled();
      expect(audio.source.connect).toHaveBeenCalledWith(audio.analyser);
      expect(audio.analyser.getByteTimeDomainData).toHaveBeenCalled();
      expect(pen.stroke).toHaveBeenCalled();
    });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByTestId('waveform')).toBeInTheDocument();

    vi.useFakeTimers();
    fireEvent.click(button('Record'));
    expect(timeLeft()).toHaveTextContent('0:10 left');
    advance(4_000);
    expect(timeLeft()).toHaveTextContent('0:06 left');
    advance(6_000);
    vi.useRealTimers();

    expect(FakeMediaRecorder.all[0]!.state).toBe('inactive');
    expect(screen.getByLabelText('Your recording').tagName).toBe('AUDIO');
    fireEvent.click(button('Use'));
    const [file, mode] = onDone.mock.calls[0]!;
    expect([file.name, file.type, mode]).toEqual(['recording.webm', 'audio/webm', 'audio']);
  });
});

describe('MediaRecorderDialog: image', () => {
  it('takes a JPEG at quality 0.92 from the camera; Retake takes another', async () => {
    const { getUserMedia } = stubMedia();
    const { pen, toBlob } = stubCanvas();
    const { onDone } = renderDialog({ modes: ['image'] });
    await waitFor(() => expect(button('Take photo')).toBeEnabled());
    expect(getUserMedia).toHaveBeenCalledWith(expect.not.objectContaining({ audio: expect.anything() }));

    const preview = screen.getByLabelText('Camera preview');
    fireEvent.click(button('Take photo'));
    expect(pen.drawImage).toHaveBeenCalledWith(preview, 0, 0, 1280, 720);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', MediaLimits.recorderJpegQuality);
    expect(screen.getByRole('img', { name: /Your picture/ })).toHaveAttribute('src', 'blob:recording');

    fireEvent.click(button('Retake'));
    expect(screen.queryByRole('img', { name: /Your picture/ })).not.toBeInTheDocument();
    fireEvent.click(button('Take photo'));
    fireEvent.click(button('Use'));
    const [file, mode] = onDone.mock.calls[0]!;
    expect([file.name, file.type, mode]).toEqual(['photo.jpg', 'image/jpeg', 'image']);
  });
});

describe('MediaRecorderDialog: no camera', () => {
  it('says the camera was refused and offers the file picker, with its own types only', async () => {
    stubMedia({ refuse: new DOMException('Permission denied', 'NotAllowedError') });
    const { onDone } = renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rally cannot use your camera and microphone: access was refused.');
    expect(alert).toHaveTextContent('You can choose a file instead.');
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(button('Choose a file')).toBeInTheDocument();

    const input = screen.getByLabelText('Video file');
    expect(input).toHaveAttribute('accept', '.mp4');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(screen.getByText('Choose a .mp4 file.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    const mp4 = new File(['mp4'], 'clip.mp4', { type: 'video/mp4' });
    await user.upload(input, mp4);
    expect(onDone).toHaveBeenCalledWith(mp4, 'video');
  });

  it('says when there is no camera, and when the browser cannot record at all', async () => {
    stubMedia({ refuse: new DOMException('Requested device not found', 'NotFoundError') });
    renderDialog({ modes: ['image'], pickerAccept: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Rally found no camera on this device.');
    // No picker for this mode: none offered.
    expect(screen.queryByRole('button', { name: 'Choose a file' })).not.toBeInTheDocument();
    expect(button('Try again')).toBeInTheDocument();
    unstubMedia();

    vi.stubGlobal('MediaRecorder', undefined);
    render(
      <MediaRecorderDialog
        open
        modes={['audio']}
        pickerAccept={{ audio: '.mp3' }}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    const dialogs = screen.getAllByRole('dialog');
    expect(within(dialogs.at(-1)!).getByRole('alert')).toHaveTextContent(
      'This browser cannot record here. You can choose a file instead.',
    );
  });
});
