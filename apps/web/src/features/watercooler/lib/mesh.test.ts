import { describe, expect, it, vi } from 'vitest';
import type { WatercoolerSignal } from '@rally/contract';
import { FakePeerConnection } from '../test/fake-peer-connection';
import { CallMesh, getCallMedia, type PeerConnectionLike } from './mesh';

const stopped: string[] = [];
const track = (kind: 'audio' | 'video') =>
  ({ kind, enabled: true, stop: () => stopped.push(kind) }) as unknown as MediaStreamTrack;
const stream = (...kinds: Array<'audio' | 'video'>) => {
  const tracks = kinds.map(track);
  return { getTracks: () => tracks } as unknown as MediaStream;
};

function setUp(self = 'p1') {
  FakePeerConnection.all = [];
  const sent: Array<{ to: string } & WatercoolerSignal> = [];
  const remote = new Map<string, MediaStream | null>();
  const mesh = new CallMesh({
    self,
    iceServers: [{ urls: 'stun:stun.rally.test' }],
    createConnection: (config) => new FakePeerConnection(config) as unknown as PeerConnectionLike,
    sendSignal: (to, signal) => sent.push({ to, ...signal }),
    onRemoteStream: (peerId, s) => remote.set(peerId, s),
  });
  return { mesh, sent, remote, pcs: FakePeerConnection.all };
}

describe('CallMesh', () => {
  it('the newcomer offers to a peer with its tracks and the configured ICE servers, then takes the answer', async () => {
    const { mesh, sent, pcs } = setUp();
    mesh.setLocalStream(stream('audio', 'video'));
    await mesh.connectTo('p2');
    expect(pcs).toHaveLength(1);
    expect(pcs[0]!.config.iceServers).toEqual([{ urls: 'stun:stun.rally.test' }]);
    expect(pcs[0]!.tracks).toEqual(['audio', 'video']);
    expect(pcs[0]!.transceivers).toEqual([]);
    expect(sent).toEqual([{ to: 'p2', description: { type: 'offer', sdp: 'offer-sdp' } }]);
    await mesh.receive('p2', { description: { type: 'answer', sdp: 'answer-sdp' } });
    expect(pcs[0]!.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });
    expect(pcs[0]!.signalingState).toBe('stable');
  });

  it('with no camera or microphone it still offers to receive both (recvonly)', async () => {
    const { mesh, pcs } = setUp();
    mesh.setLocalStream(null);
    await mesh.connectTo('p2');
    expect(pcs[0]!.tracks).toEqual([]);
    expect(pcs[0]!.transceivers).toEqual(['audio:recvonly', 'video:recvonly']);
  });

  it('with a microphone only it sends audio and asks to receive video', async () => {
    const { mesh, pcs } = setUp();
    mesh.setLocalStream(stream('audio'));
    await mesh.connectTo('p2');
    expect(pcs[0]!.tracks).toEqual(['audio']);
    expect(pcs[0]!.transceivers).toEqual(['video:recvonly']);
  });

  it('answers an offer with its own tracks; candidates that come first wait for the description', async () => {
    const { mesh, sent, pcs } = setUp();
    mesh.setLocalStream(stream('audio', 'video'));
    const offer = mesh.receive('p3', { description: { type: 'offer', sdp: 'their-offer' } });
    const early = mesh.receive('p3', { candidate: { candidate: 'c1', sdpMid: '0' } });
    await Promise.all([offer, early]);
    const pc = pcs[0]!;
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'their-offer' });
    expect(pc.tracks).toEqual(['audio', 'video']);
    expect(pc.transceivers).toEqual([]); // the offer's transceivers carry them
    expect(pc.candidates).toEqual([{ candidate: 'c1', sdpMid: '0' }]);
    expect(sent).toEqual([{ to: 'p3', description: { type: 'answer', sdp: 'answer-sdp' } }]);
  });

  it('a candidate before any description is kept until the answer, then added', async () => {
    const { mesh, pcs } = setUp();
    mesh.setLocalStream(null);
    await mesh.connectTo('p2');
    await mesh.receive('p2', { candidate: { candidate: 'c9' } });
    expect(pcs[0]!.candidates).toEqual([]);
    await mesh.receive('p2', { description: { type: 'answer', sdp: 'a' } });
    expect(pcs[0]!.candidates).toEqual([{ candidate: 'c9' }]);
  });

  it('trickles its own candidates to the peer', async () => {
    const { mesh, sent, pcs } = setUp();
    await mesh.connectTo('p2');
    pcs[0]!.gather('host-candidate');
    pcs[0]!.onicecandidate?.({ candidate: null });
    expect(sent.slice(1)).toEqual([
      { to: 'p2', candidate: { candidate: 'host-candidate', sdpMid: '0', sdpMLineIndex: 0 } },
    ]);
  });

  it('when both offer at once the greater id gives way and answers; the smaller ignores the other offer', async () => {
    const polite = setUp('p9');
    await polite.mesh.connectTo('p2');
    await polite.mesh.receive('p2', { description: { type: 'offer', sdp: 'theirs' } });
    expect(polite.pcs).toHaveLength(1);
    expect(polite.pcs[0]!.remoteDescription).toEqual({ type: 'offer', sdp: 'theirs' });
    expect(polite.sent.at(-1)).toEqual({ to: 'p2', description: { type: 'answer', sdp: 'answer-sdp' } });

    const impolite = setUp('p1');
    await impolite.mesh.connectTo('p2');
    await impolite.mesh.receive('p2', { description: { type: 'offer', sdp: 'theirs' } });
    expect(impolite.pcs[0]!.remoteDescription).toBeNull();
    expect(impolite.sent).toHaveLength(1); // only its own offer
  });

  it('reports a peer’s media, and dropping the peer closes its link and clears its media', async () => {
    const { mesh, remote, pcs } = setUp();
    await mesh.connectTo('p2');
    const theirs = stream('video');
    pcs[0]!.ontrack?.({ track: track('video'), streams: [theirs] });
    expect(remote.get('p2')).toBe(theirs);
    mesh.drop('p2');
    expect(pcs[0]!.closed).toBe(true);
    expect(remote.get('p2')).toBeNull();
    expect(mesh.peerIds).toEqual([]);
  });

  it('mutes by disabling the tracks of a kind; closing closes every link and stops its own tracks', async () => {
    const { mesh, pcs } = setUp();
    const own = stream('audio', 'video');
    mesh.setLocalStream(own);
    await mesh.connectTo('p2');
    await mesh.receive('p3', { description: { type: 'offer', sdp: 'x' } });
    mesh.setEnabled('audio', false);
    const [audio, video] = own.getTracks();
    expect(audio!.enabled).toBe(false);
    expect(video!.enabled).toBe(true);
    stopped.length = 0;
    mesh.close();
    expect(pcs.map((pc) => pc.closed)).toEqual([true, true]);
    expect(stopped).toEqual(['audio', 'video']);
    await mesh.connectTo('p4');
    expect(pcs).toHaveLength(2); // nothing more once closed
  });
});

describe('getCallMedia (spec §4 fallback)', () => {
  const noCamera = new DOMException('Requested device not found', 'NotFoundError');

  it('asks for camera and microphone first', async () => {
    const own = stream('audio', 'video');
    const getUserMedia = vi.fn(() => Promise.resolve(own));
    await expect(getCallMedia(getUserMedia)).resolves.toEqual({ stream: own, notice: null });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
  });

  it('without a camera: the microphone alone, with the web-cam notice', async () => {
    const own = stream('audio');
    const getUserMedia = vi.fn((c: MediaStreamConstraints) =>
      c.video ? Promise.reject(noCamera) : Promise.resolve(own),
    );
    await expect(getCallMedia(getUserMedia)).resolves.toEqual({ stream: own, notice: 'noCamera' });
  });

  it('with neither: nothing, receive only', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(noCamera));
    await expect(getCallMedia(getUserMedia)).resolves.toEqual({ stream: null, notice: 'noMedia' });
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });
});
