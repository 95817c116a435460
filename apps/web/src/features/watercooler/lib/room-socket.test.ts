import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatercoolerClose, WatercoolerLimits, WatercoolerMessages, type ChatMessageDto } from '@rally/contract';
import { FakeSocket } from '../../../test/fake-socket';
import { RoomSocket, roomSocketUrl, type RoomEvent } from './room-socket';

const peer = (id: string, name = 'Mia') => ({
  peer_id: id,
  user: { id: 31, first_name: name, full_name: `${name} Member`, avatar: null },
  in_call: false,
  audio: false,
  video: false,
});

const message = (id: number, body = 'hello'): ChatMessageDto => ({
  id,
  type: 'text',
  body,
  attributes: { id: 7, first_name: 'Ada', full_name: 'Ada Lovelace', avatar: null, email: 'ada@example.test' },
  timestamp: '2026-11-26T10:00:00.000Z',
  media: null,
});

function setUp() {
  const socket = new FakeSocket();
  let n = 0;
  const room = new RoomSocket({
    url: 'ws://rally.test/api/watercooler',
    token: 'pass-1',
    createSocket: () => socket,
    nonce: () => `n${++n}`,
  });
  return { socket, room };
}

async function joinedRoom() {
  const { socket, room } = setUp();
  const opened = room.open();
  socket.open();
  socket.receive({
    type: 'joined',
    you: 'p1',
    channel_sid: 'room-1',
    started_at: '2026-11-26T10:00:00.000Z',
    peers: [],
  });
  await opened;
  const events: RoomEvent[] = [];
  room.listen((e) => events.push(e));
  return { socket, room, events };
}

afterEach(() => vi.useRealTimers());

describe('RoomSocket', () => {
  it('joins with the token as its first message and answers who is in the room', async () => {
    const { socket, room } = setUp();
    const opened = room.open();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'join', token: 'pass-1' }]);
    socket.receive({ type: 'joined', you: 'p1', channel_sid: 'room-1', started_at: 'x', peers: [peer('p2')] });
    await expect(opened).resolves.toMatchObject({ you: 'p1', peers: [{ peer_id: 'p2' }] });
  });

  it.each([
    [WatercoolerClose.badToken, WatercoolerMessages.badToken],
    [WatercoolerClose.notMember, WatercoolerMessages.notMember],
    [WatercoolerClose.roomGone, WatercoolerMessages.ended],
    [1006, WatercoolerMessages.notAvailable],
  ])('a close (%i) before `joined` rejects with the reason in words', async (code, words) => {
    const { socket, room } = setUp();
    const opened = room.open();
    socket.open();
    socket.drop(code);
    await expect(opened).rejects.toThrow(words);
  });

  it('hands over the events that came before anyone listened, then each as it comes', async () => {
    const { socket, room } = setUp();
    const opened = room.open();
    socket.open();
    socket.receive({ type: 'joined', you: 'p1', channel_sid: 'room-1', started_at: 'x', peers: [] });
    socket.receive({ type: 'peer.joined', peer: peer('p2') });
    await opened;
    const events: RoomEvent[] = [];
    room.listen((e) => events.push(e));
    socket.receive({ type: 'message', message: message(3) });
    socket.receive({ type: 'pong' });
    expect(events.map((e) => e.type)).toEqual(['peer.joined', 'message']);
  });

  it('pairs a `say` with its `said`, and a `refused` rejects with the reason', async () => {
    const { socket, room } = await joinedRoom();
    const first = room.say({ body: 'hi' });
    const second = room.say({ media_key: 'uploads/a.png' });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'say', nonce: 'n1', body: 'hi' },
      { type: 'say', nonce: 'n2', media_key: 'uploads/a.png' },
    ]);
    socket.receive({ type: 'refused', nonce: 'n2', message: WatercoolerMessages.imagesOnly });
    socket.receive({ type: 'said', nonce: 'n1', message: message(4, 'hi') });
    await expect(first).resolves.toMatchObject({ id: 4, body: 'hi' });
    await expect(second).rejects.toThrow(WatercoolerMessages.imagesOnly);
  });

  it('a `refused` without a nonce (a call refused) goes to the listener', async () => {
    const { socket, events } = await joinedRoom();
    socket.receive({ type: 'refused', message: WatercoolerMessages.callFull(6) });
    expect(events).toEqual([{ type: 'refused', message: WatercoolerMessages.callFull(6) }]);
  });

  it('a lost socket fails what waits for an answer and is reported once', async () => {
    const { socket, room, events } = await joinedRoom();
    const pending = room.say({ body: 'hi' });
    socket.drop(WatercoolerClose.roomGone);
    await expect(pending).rejects.toThrow(WatercoolerMessages.sendFailed);
    expect(events).toEqual([{ type: 'closed', code: WatercoolerClose.roomGone, message: WatercoolerMessages.ended }]);
    await expect(room.say({ body: 'again' })).rejects.toThrow(WatercoolerMessages.sendFailed);
  });

  it('sends call state and signals, and leaving says so, closes with 1000 and reports nothing', async () => {
    const { socket, room, events } = await joinedRoom();
    room.call({ in_call: true, audio: true, video: false });
    room.signal('p2', { candidate: { candidate: 'c1', sdpMid: '0' } });
    room.leave();
    expect(socket.sent.slice(1)).toEqual([
      { type: 'call', in_call: true, audio: true, video: false },
      { type: 'signal', to: 'p2', candidate: { candidate: 'c1', sdpMid: '0' } },
      { type: 'leave' },
    ]);
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    expect(events).toEqual([]);
  });

  it('pings while joined; no answer in time closes the socket and reports the chat unavailable', async () => {
    vi.useFakeTimers();
    const { socket, events } = await joinedRoom();
    vi.advanceTimersByTime(WatercoolerLimits.pingIntervalMs);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(WatercoolerLimits.pingIntervalMs + WatercoolerLimits.pongTimeoutMs);
    expect(socket.closedWith).toBe(4000);
    expect(events).toEqual([{ type: 'closed', code: 4000, message: WatercoolerMessages.notAvailable }]);
  });

  it('builds the URL on the page’s own host', () => {
    expect(roomSocketUrl({ protocol: 'https:', host: 'rally.test' } as Location)).toBe(
      'wss://rally.test/api/watercooler',
    );
    expect(roomSocketUrl({ protocol: 'http:', host: 'localhost:3000' } as Location)).toBe(
      'ws://localhost:3000/api/watercooler',
    );
  });
});
