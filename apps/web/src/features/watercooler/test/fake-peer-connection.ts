import type { PeerConnectionLike } from '../lib/mesh';

/** A peer connection that records what the mesh asks of it and keeps the signalling state. */
export class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  readonly tracks: string[] = [];
  readonly transceivers: string[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: PeerConnectionLike['onicecandidate'] = null;
  ontrack: PeerConnectionLike['ontrack'] = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track.kind);
  }
  addTransceiver(kind: string, init: RTCRtpTransceiverInit) {
    this.transceivers.push(`${kind}:${init.direction}`);
  }
  createOffer() {
    return Promise.resolve({ type: 'offer' as const, sdp: 'offer-sdp' });
  }
  createAnswer() {
    return Promise.resolve({ type: 'answer' as const, sdp: 'answer-sdp' });
  }
  setLocalDescription(d: RTCSessionDescriptionInit) {
    if (d.type === 'rollback') this.signalingState = 'stable';
    else if (d.type === 'offer') this.signalingState = 'have-local-offer';
    else this.signalingState = 'stable';
    this.localDescription = d.type === 'rollback' ? null : d;
    return Promise.resolve();
  }
  setRemoteDescription(d: RTCSessionDescriptionInit) {
    this.remoteDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(c: RTCIceCandidateInit) {
    this.candidates.push(c);
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
  /** The browser found a local candidate. */
  gather(candidate: string) {
    this.onicecandidate?.({
      candidate: { candidate, toJSON: () => ({ candidate, sdpMid: '0', sdpMLineIndex: 0 }) } as RTCIceCandidate,
    });
  }
}
