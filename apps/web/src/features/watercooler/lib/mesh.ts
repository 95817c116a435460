import type { WatercoolerSignal } from '@rally/contract';

/**
 * The watercooler's video call as a mesh (docs/adr/0029-watercooler.md): one RTCPeerConnection
 * per other person in the call. Who offers is fixed, so two people never offer to each other at
 * once: the newcomer to the call offers to everyone already in it (`connectTo`), and they answer
 * (`receive`). Should two join at the same moment and offer anyway, the peer with the greater id
 * gives way (the "polite" peer of perfect negotiation). ICE candidates trickle as they come; one
 * that arrives before its description waits for it, since each peer's signals are handled in order.
 */

/** The part of RTCPeerConnection the mesh uses (a fake in tests). */
export type PeerConnectionLike = Pick<
  RTCPeerConnection,
  | 'addTrack'
  | 'addTransceiver'
  | 'createOffer'
  | 'createAnswer'
  | 'setLocalDescription'
  | 'setRemoteDescription'
  | 'addIceCandidate'
  | 'close'
  | 'signalingState'
  | 'remoteDescription'
> & {
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null;
  ontrack: ((event: { track: MediaStreamTrack; streams: readonly MediaStream[] }) => void) | null;
};

export interface MeshDeps {
  /** This peer's id in the room (who gives way when two offer at once). */
  self: string;
  iceServers: RTCIceServer[];
  createConnection?: (config: RTCConfiguration) => PeerConnectionLike;
  sendSignal: (to: string, signal: WatercoolerSignal) => void;
  /** A peer's media arrived (or, with null, their link is gone). */
  onRemoteStream: (peerId: string, stream: MediaStream | null) => void;
}

interface Link {
  pc: PeerConnectionLike;
  /** Candidates that came before the remote description. */
  early: RTCIceCandidateInit[];
}

export class CallMesh {
  private readonly links = new Map<string, Link>();
  /** Each peer's signals are handled one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  private local: MediaStream | null = null;
  private closed = false;

  constructor(private readonly deps: MeshDeps) {}

  /** One's own camera and microphone (null: receive only), given before any link is made. */
  setLocalStream(stream: MediaStream | null): void {
    this.local = stream;
  }

  /** The peers this mesh has a link to. */
  get peerIds(): string[] {
    return [...this.links.keys()];
  }

  /** The newcomer's part: a link to `peerId`, already in the call, and an offer to it. */
  connectTo(peerId: string): Promise<void> {
    return this.inOrder(peerId, async () => {
      if (this.links.has(peerId)) return;
      const link = this.link(peerId);
      this.addLocalMedia(link.pc, true);
      const offer = await link.pc.createOffer();
      await link.pc.setLocalDescription(offer);
      this.deps.sendSignal(peerId, { description: { type: offer.type, sdp: offer.sdp ?? '' } });
    });
  }

  /** A signal from `from`: an offer (answered), an answer, or an ICE candidate. */
  receive(from: string, signal: WatercoolerSignal): Promise<void> {
    return this.inOrder(from, async () => {
      const { description, candidate } = signal;
      if (description) {
        if (description.type === 'offer') await this.onOffer(from, description);
        else {
          const link = this.links.get(from);
          if (!link || link.pc.signalingState !== 'have-local-offer') return; // not ours to take
          await link.pc.setRemoteDescription(description);
          await this.flushEarly(link);
        }
      }
      if (candidate) {
        const link = this.links.get(from);
        if (!link) return;
        if (!link.pc.remoteDescription) link.early.push(candidate);
        else await link.pc.addIceCandidate(candidate).catch(() => undefined); // a stale one: ignore
      }
    });
  }

  /** Sets whether one's microphone or camera sends (their tracks stay, muted or black). */
  setEnabled(kind: 'audio' | 'video', enabled: boolean): void {
    for (const track of this.local?.getTracks() ?? []) if (track.kind === kind) track.enabled = enabled;
  }

  /** The link to a peer who left the call or the room. */
  drop(peerId: string): void {
    const link = this.links.get(peerId);
    this.links.delete(peerId);
    this.queues.delete(peerId);
    if (!link) return;
    link.pc.close();
    this.deps.onRemoteStream(peerId, null);
  }

  /** Leaves the call: closes every link and stops one's own tracks. */
  close(): void {
    this.closed = true;
    for (const peerId of [...this.links.keys()]) this.drop(peerId);
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
  }

  private async onOffer(from: string, offer: RTCSessionDescriptionInit): Promise<void> {
    let link = this.links.get(from);
    if (link && link.pc.signalingState !== 'stable') {
      // Both offered at once: the greater id gives way and takes theirs; the other ignores it.
      if (this.deps.self < from) return;
      await link.pc.setLocalDescription({ type: 'rollback' });
    }
    if (!link) {
      link = this.link(from);
      await link.pc.setRemoteDescription(offer);
      this.addLocalMedia(link.pc, false);
    } else await link.pc.setRemoteDescription(offer);
    await this.flushEarly(link);
    const answer = await link.pc.createAnswer();
    await link.pc.setLocalDescription(answer);
    this.deps.sendSignal(from, { description: { type: answer.type, sdp: answer.sdp ?? '' } });
  }

  private link(peerId: string): Link {
    const create = this.deps.createConnection ?? browserConnection;
    const pc = create({ iceServers: this.deps.iceServers });
    const link: Link = { pc, early: [] };
    pc.onicecandidate = ({ candidate }) => {
      // null marks the end of gathering: nothing to tell.
      if (!candidate) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate.toJSON();
      this.deps.sendSignal(peerId, {
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = ({ track, streams }) => {
      if (this.links.get(peerId) !== link) return;
      const stream = streams[0] ?? (typeof MediaStream === 'undefined' ? undefined : new MediaStream([track]));
      if (stream) this.deps.onRemoteStream(peerId, stream);
    };
    this.links.set(peerId, link);
    return link;
  }

  /**
   * One's tracks on a link. The offerer with no camera or microphone still asks to receive both
   * (recvonly transceivers), or its offer would carry no media at all; an answerer's tracks take
   * the transceivers the offer made.
   */
  private addLocalMedia(pc: PeerConnectionLike, offering: boolean): void {
    const tracks = this.local?.getTracks() ?? [];
    for (const track of tracks) pc.addTrack(track, this.local as MediaStream);
    if (!offering) return;
    for (const kind of ['audio', 'video'] as const)
      if (!tracks.some((t) => t.kind === kind)) pc.addTransceiver(kind, { direction: 'recvonly' });
  }

  private async flushEarly(link: Link): Promise<void> {
    for (const candidate of link.early.splice(0)) await link.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private inOrder(peerId: string, task: () => Promise<void>): Promise<void> {
    if (this.closed) return Promise.resolve();
    const next = (this.queues.get(peerId) ?? Promise.resolve()).then(task).catch((err: unknown) => {
      // A failed negotiation leaves that one link without media; the rest of the call goes on.
      console.warn('watercooler call:', err);
    });
    this.queues.set(peerId, next);
    return next;
  }
}

/** The browser's own (its handlers take the full events, of which the mesh reads two fields). */
const browserConnection = (config: RTCConfiguration) => new RTCPeerConnection(config) as unknown as PeerConnectionLike;

/** What one's own media turned out to be (spec §4's fallback). */
export interface CallMedia {
  stream: MediaStream | null;
  /** Null when both came; else the watercooler message saying what is missing. */
  notice: 'noCamera' | 'noMedia' | null;
}

/**
 * Spec §4: the camera and the microphone; without a camera, the microphone alone; with neither,
 * nothing (the call is then received only).
 */
export async function getCallMedia(
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream> = (c) =>
    navigator.mediaDevices.getUserMedia(c),
): Promise<CallMedia> {
  try {
    return { stream: await getUserMedia({ audio: true, video: true }), notice: null };
  } catch {
    // no camera, or it was refused
  }
  try {
    return { stream: await getUserMedia({ audio: true }), notice: 'noCamera' };
  } catch {
    return { stream: null, notice: 'noMedia' };
  }
}
