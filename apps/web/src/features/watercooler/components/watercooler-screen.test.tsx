import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Routes,
  WatercoolerClose,
  WatercoolerLimits,
  WatercoolerMessages,
  type ChatMessageDto,
  type WatercoolerAccessDto,
  type WatercoolerPeer,
} from '@rally/contract';
import { stubMedia, unstubMedia } from '../../../test/fake-media';
import { serveTimeline } from '../../../test/post-fixtures';
import { renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildMember, buildTeam } from '../../../test/team-fixtures';
import { FakePeerConnection } from '../test/fake-peer-connection';

const access: WatercoolerAccessDto = {
  token: 'pass-1',
  expires_at: '2099-01-01T00:00:00.000Z',
  channel: { unique_name: 'team-5-watercooler', channel_sid: 'room-1' },
  ice_servers: [{ urls: ['stun:stun.rally.test'] }],
};

const mia: WatercoolerPeer = {
  peer_id: 'p2',
  user: { id: 31, first_name: 'Mia', full_name: 'Mia Member', avatar: null },
  in_call: false,
  audio: false,
  video: false,
};

const chat = (id: number, body: string, from = mia.user): ChatMessageDto => ({
  id,
  type: 'text',
  body,
  attributes: {
    id: from.id,
    first_name: from.first_name,
    full_name: from.full_name,
    avatar: null,
    email: 'x@rally.test',
  },
  timestamp: '2026-11-26T10:00:00.000Z',
  media: null,
});

function serveTeam(membersCount: number) {
  const members = [
    buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 }),
    buildMember({ id: 31 }),
  ];
  const team = buildTeam({ id: 5, name: 'Rowing', users: members.slice(0, membersCount), users_count: membersCount });
  server.use(
    http.get(apiUrl(Routes.teams), () => apiOk([team])),
    // The timeline, where Okay and Leave lead, lists the members.
    http.get(apiUrl(Routes.teamMembers, { id: 5 }), () => apiOk(members)),
  );
}

/** The room as the fake API plays it: `join` → `joined` with `peers`; each `say` → `said`. */
function serveRoom(peers: WatercoolerPeer[] = [mia], { refuseCalls = false } = {}) {
  const room = ws.link('*/api/watercooler');
  const received: Array<Record<string, unknown>> = [];
  const clients: Array<{ send: (data: string) => void; close: (code?: number, reason?: string) => void }> = [];
  let nextId = 100;
  server.use(
    room.addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.addEventListener('message', (event) => {
        const message = JSON.parse(event.data as string) as Record<string, unknown>;
        received.push(message);
        if (message.type === 'join')
          client.send(
            JSON.stringify({
              type: 'joined',
              you: 'p1',
              channel_sid: 'room-1',
              started_at: '2026-11-26T10:00:00.000Z',
              peers,
            }),
          );
        if (message.type === 'call' && message.in_call && refuseCalls)
          client.send(JSON.stringify({ type: 'refused', message: WatercoolerMessages.callFull(6) }));
        if (message.type === 'say' && message.body === 'too much')
          client.send(JSON.stringify({ type: 'refused', nonce: message.nonce, message: WatercoolerMessages.tooFast }));
        else if (message.type === 'say')
          client.send(
            JSON.stringify({
              type: 'said',
              nonce: message.nonce,
              message: chat(nextId++, String(message.body), {
                id: 7,
                first_name: 'Ada',
                full_name: 'Ada Lovelace',
                avatar: null,
              }),
            }),
          );
      });
    }),
  );
  return {
    received,
    push: (message: unknown) => clients.forEach((c) => c.send(JSON.stringify(message))),
    close: (code: number) => clients.forEach((c) => c.close(code)),
  };
}

function serveAccess(answer: () => Response | Promise<Response> = () => apiOk(access)) {
  const calls: number[] = [];
  server.use(
    http.post(apiUrl(Routes.watercoolerAccess, { id: 5 }), async () => {
      calls.push(5);
      return answer();
    }),
  );
  return calls;
}

/** History in two pages: the newest (more before it), then the oldest (none before it). */
function serveHistory() {
  const befores: Array<string | null> = [];
  server.use(
    http.get(apiUrl(Routes.watercoolerMessages, { id: 5 }), ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      befores.push(before);
      return before
        ? HttpResponse.json({ data: [chat(1, 'the very first')], meta: { has_more: false, per_page: 30 } })
        : HttpResponse.json({ data: [chat(2, 'second'), chat(3, 'third')], meta: { has_more: true, per_page: 30 } });
    }),
  );
  return befores;
}

const open = () => renderApp('/engagements/5/watercooler', { signedInAs: testUser });

async function enterRoom({ micOff = false } = {}) {
  const app = open();
  const dialog = await screen.findByRole('dialog', { name: 'Watercooler' });
  if (micOff) await app.user.click(within(dialog).getByRole('switch', { name: 'Microphone on in the call' }));
  await app.user.click(within(dialog).getByRole('button', { name: WatercoolerMessages.enter }));
  const leave = await screen.findByRole('button', { name: 'Leave' });
  const room = leave.closest<HTMLElement>('[role="dialog"]');
  if (!room) throw new Error('Leave is not in the room');
  return { app, room };
}

beforeEach(() => {
  FakePeerConnection.all = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  unstubMedia();
});

describe('watercooler: entering', () => {
  it('a team of one sees that it needs members; Okay leads to the timeline', async () => {
    serveTeam(1);
    serveTimeline([]);
    const access = serveAccess();
    const app = open();
    const dialog = await screen.findByRole('dialog', { name: 'Watercooler' });
    expect(dialog).toHaveTextContent(WatercoolerMessages.needsMembers);
    expect(within(dialog).queryByRole('button', { name: WatercoolerMessages.enter })).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(app.location().pathname).toBe('/engagements/5/timeline'));
    expect(access).toEqual([]);
  });

  it('the access call’s 422 (the team has one member) shows the same', async () => {
    serveTeam(2);
    serveAccess(() => apiError(422, 'team has one member'));
    const app = open();
    const dialog = await screen.findByRole('dialog', { name: 'Watercooler' });
    expect(dialog).toHaveTextContent(WatercoolerMessages.historyNote);
    await app.user.click(within(dialog).getByRole('button', { name: WatercoolerMessages.enter }));
    expect(await within(dialog).findByText(WatercoolerMessages.needsMembers)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Okay' })).toBeInTheDocument();
  });

  it('while entering the button waits with a spinner; a refused pass is said in words and one may try again', async () => {
    serveTeam(2);
    serveHistory();
    const room = ws.link('*/api/watercooler');
    server.use(room.addEventListener('connection', ({ client }) => client.close(WatercoolerClose.badToken)));
    serveAccess(async () => {
      await delay(300);
      return apiOk(access);
    });
    const app = open();
    const dialog = await screen.findByRole('dialog', { name: 'Watercooler' });
    await app.user.click(within(dialog).getByRole('button', { name: WatercoolerMessages.enter }));
    const entering = within(dialog).getByRole('button', { name: /Enter Watercooler/ });
    expect(entering).toBeDisabled();
    expect(within(entering).getByRole('progressbar', { name: 'Entering' })).toBeInTheDocument();
    expect(await within(dialog).findByText(WatercoolerMessages.badToken)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: WatercoolerMessages.enter })).toBeEnabled();
  });
});

describe('watercooler: the room', () => {
  it('shows who is in it, pages back through history, takes live messages and lines, and sends', async () => {
    serveTeam(2);
    const befores = serveHistory();
    serveAccess();
    const fake = serveRoom();
    const { app, room } = await enterRoom();
    expect(fake.received[0]).toEqual({ type: 'join', token: 'pass-1' });

    const members = within(room).getByRole('list', { name: 'In the room' });
    expect(within(members).getByLabelText('Mia Member: in the chat')).toBeInTheDocument();
    expect(within(members).getByLabelText('Ada Lovelace (you): in the chat')).toBeInTheDocument();
    expect(within(room).getByText(`Video call: up to ${WatercoolerLimits.videoCallMax} people`)).toBeInTheDocument();

    const messages = within(room).getByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('third')).toBeInTheDocument();
    expect(within(messages).queryByText('the very first')).toBeNull();
    await app.user.click(within(room).getByRole('button', { name: 'Load More' }));
    expect(await within(messages).findByText('the very first')).toBeInTheDocument();
    expect(befores).toEqual([null, '2']);
    expect(within(room).getByText(WatercoolerMessages.seenAll)).toBeInTheDocument();
    expect(within(room).queryByRole('button', { name: 'Load More' })).toBeNull();

    fake.push({ type: 'message', message: chat(4, 'hello from Mia') });
    expect(await within(messages).findByText('hello from Mia')).toBeInTheDocument();
    const ben = { ...mia, peer_id: 'p3', user: { id: 32, first_name: 'Ben', full_name: 'Ben Member', avatar: null } };
    fake.push({ type: 'peer.joined', peer: ben });
    expect(await within(messages).findByText(new RegExp(WatercoolerMessages.joined('Ben Member')))).toBeInTheDocument();
    fake.push({ type: 'peer.left', peer: mia });
    expect(await within(messages).findByText(new RegExp(WatercoolerMessages.left('Mia Member')))).toBeInTheDocument();
    await waitFor(() => expect(within(members).queryByLabelText('Mia Member: in the chat')).toBeNull());

    const box = within(room).getByRole('textbox', { name: 'Message' });
    await app.user.click(within(room).getByRole('button', { name: 'Send' }));
    expect(within(room).getByText(WatercoolerMessages.messageRequired)).toBeInTheDocument();
    await app.user.type(box, 'Hi all');
    await app.user.click(within(room).getByRole('button', { name: 'Send' }));
    expect(await within(messages).findByText('Hi all')).toBeInTheDocument();
    expect(fake.received).toContainEqual(expect.objectContaining({ type: 'say', body: 'Hi all' }));
    expect(box).toHaveValue('');

    await app.user.type(box, 'too much');
    await app.user.click(within(room).getByRole('button', { name: 'Send' }));
    expect(await within(room).findByText(WatercoolerMessages.tooFast)).toBeInTheDocument();
    expect(box).toHaveValue('too much'); // kept, to send again
  });

  it('Leave closes the room socket and goes to the timeline', async () => {
    serveTeam(2);
    serveHistory();
    serveTimeline([]);
    serveAccess();
    const fake = serveRoom();
    const { app, room } = await enterRoom();
    await app.user.click(within(room).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.location().pathname).toBe('/engagements/5/timeline'));
    expect(fake.received.at(-1)).toEqual({ type: 'leave' });
  });

  it('a history that cannot be read says so', async () => {
    serveTeam(2);
    serveAccess();
    serveRoom();
    server.use(http.get(apiUrl(Routes.watercoolerMessages, { id: 5 }), () => apiError(500, 'boom')));
    const { room } = await enterRoom();
    expect(await within(room).findByText(WatercoolerMessages.fetchFailed)).toBeInTheDocument();
  });

  it('a room that ended says so and offers to enter again', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const fake = serveRoom();
    const { app, room } = await enterRoom();
    fake.close(WatercoolerClose.roomGone);
    expect(await within(room).findByText(WatercoolerMessages.ended)).toBeInTheDocument();
    expect(within(room).getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await app.user.click(within(room).getByRole('button', { name: WatercoolerMessages.enter }));
    const start = await screen.findByRole('dialog', { name: 'Watercooler' });
    expect(within(start).getByRole('button', { name: WatercoolerMessages.enter })).toBeEnabled();
  });
});

describe('watercooler: the video call', () => {
  it('with neither camera nor microphone it receives only, says so, and offers to whoever is in the call', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const fake = serveRoom([{ ...mia, in_call: true, audio: true, video: true }]);
    stubMedia({ refuse: new DOMException('Requested device not found', 'NotFoundError') });
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    const { app, room } = await enterRoom();
    await app.user.click(within(room).getByRole('button', { name: 'Join Video Call' }));
    expect(await within(room).findByText(WatercoolerMessages.noMedia)).toBeInTheDocument();
    expect(within(room).getByRole('button', { name: 'Leave Video Call' })).toBeInTheDocument();
    expect(fake.received).toContainEqual({ type: 'call', in_call: true, audio: false, video: false });
    await waitFor(() =>
      expect(fake.received).toContainEqual({
        type: 'signal',
        to: 'p2',
        description: { type: 'offer', sdp: 'offer-sdp' },
      }),
    );
    const pc = FakePeerConnection.all[0]!;
    expect(pc.config.iceServers).toEqual(access.ice_servers);
    expect(pc.transceivers).toEqual(['audio:recvonly', 'video:recvonly']);
    expect(within(room).getByRole('figure', { name: 'Video of Mia Member' })).toBeInTheDocument();

    // Mia leaves the call: her link closes.
    fake.push({ type: 'peer.updated', peer: mia });
    await waitFor(() => expect(pc.closed).toBe(true));
    expect(within(room).queryByRole('figure', { name: 'Video of Mia Member' })).toBeNull();

    await app.user.click(within(room).getByRole('button', { name: 'Leave Video Call' }));
    expect(fake.received.at(-1)).toEqual({ type: 'call', in_call: false, audio: false, video: false });
    expect(within(room).getByRole('button', { name: 'Join Video Call' })).toBeInTheDocument();
  });

  it('without a camera it sends the microphone, says to attach the web cam, and mutes by the toggle', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const fake = serveRoom();
    const media = stubMedia();
    media.getUserMedia.mockImplementation((c: MediaStreamConstraints) =>
      c.video
        ? Promise.reject(new DOMException('no camera', 'NotFoundError'))
        : Promise.resolve({ getTracks: () => [{ kind: 'audio', enabled: true, stop: () => undefined }] } as never),
    );
    const { app, room } = await enterRoom();
    await app.user.click(within(room).getByRole('button', { name: 'Join Video Call' }));
    expect(await within(room).findByText(WatercoolerMessages.noCamera)).toBeInTheDocument();
    expect(fake.received).toContainEqual({ type: 'call', in_call: true, audio: true, video: false });
    await app.user.click(within(room).getByRole('button', { name: 'Microphone' }));
    await waitFor(() =>
      expect(fake.received.at(-1)).toEqual({ type: 'call', in_call: true, audio: false, video: false }),
    );
    expect(within(room).getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a full call is not joined', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const full = Array.from({ length: WatercoolerLimits.videoCallMax }, (_, i) => ({
      ...mia,
      peer_id: `p${i + 10}`,
      in_call: true,
    }));
    const fake = serveRoom(full);
    const media = stubMedia();
    const { app, room } = await enterRoom();
    await app.user.click(within(room).getByRole('button', { name: 'Join Video Call' }));
    expect(within(room).getByText(WatercoolerMessages.callFull(WatercoolerLimits.videoCallMax))).toBeInTheDocument();
    expect(media.getUserMedia).not.toHaveBeenCalled();
    expect(fake.received.some((m) => m.type === 'call')).toBe(false);
  });

  it('the start dialog’s microphone switch, off, joins the call muted', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const fake = serveRoom();
    stubMedia();
    const { app, room } = await enterRoom({ micOff: true });
    await app.user.click(within(room).getByRole('button', { name: 'Join Video Call' }));
    await within(room).findByRole('button', { name: 'Leave Video Call' });
    expect(fake.received).toContainEqual({ type: 'call', in_call: true, audio: false, video: true });
    expect(within(room).getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a call the room refuses (full) is left again, with the reason', async () => {
    serveTeam(2);
    serveHistory();
    serveAccess();
    const fake = serveRoom([mia], { refuseCalls: true });
    const media = stubMedia();
    const { app, room } = await enterRoom();
    await app.user.click(within(room).getByRole('button', { name: 'Join Video Call' }));
    expect(await within(room).findByText(WatercoolerMessages.callFull(6))).toBeInTheDocument();
    expect(within(room).getByRole('button', { name: 'Join Video Call' })).toBeEnabled();
    expect(fake.received.at(-1)).toEqual({ type: 'call', in_call: false, audio: false, video: false });
    expect(media.streams[0]!.tracks.every((t) => t.readyState === 'ended')).toBe(true);
  });
});
