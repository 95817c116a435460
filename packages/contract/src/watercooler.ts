/**
 * The watercooler room socket (`GET /api/watercooler`, a WebSocket; issue 23,
 * docs/adr/0029-watercooler.md). It is apart from the realtime gateway: it is opened only while a
 * person is in the room, with the short-lived token of `POST …/watercooler/access`, and its life is
 * their presence (closing it is leaving).
 *
 * Protocol: the first message is `join` with the token, within `WatercoolerLimits.joinTimeoutMs`;
 * the answer is `joined` (who you are in the room, who else is in it). Then chat (`say` →
 * `message` to everyone in the room, `said`/`refused` to the sender), presence (`peer.joined`,
 * `peer.left`, `peer.updated`), the call (`call` sets one's own state; `signal` relays an SDP
 * description or an ICE candidate to one peer of the same room, never elsewhere) and `ended` when
 * the room ends. History before one's arrival is paged over HTTP (`watercoolerMessages`).
 */
import type { ChatMessageDto } from './schemas/watercooler.js';

/** The path of the room socket under the API base. */
export const WATERCOOLER_PATH = 'watercooler';

/** One person's presence in the room: a socket (a person with two tabs is two peers). */
export interface WatercoolerPeer {
  /** This socket's id in the room, the address of `signal`. */
  peer_id: string;
  user: { id: number; first_name: string; full_name: string; avatar: string | null };
  /** In the video call, and what they send there. */
  in_call: boolean;
  audio: boolean;
  video: boolean;
}

/** An SDP description or an ICE candidate (the browser's own JSON of them). */
export interface WatercoolerSignal {
  description?: { type: 'offer' | 'answer' | 'pranswer' | 'rollback'; sdp?: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
    usernameFragment?: string | null;
  } | null;
}

/** Client → server. */
export type WatercoolerClientMessage =
  | { type: 'join'; token: string }
  | { type: 'ping' }
  /** A text (`body`) or an image uploaded with policy `team.watercooler` (`media_key`), or both. `nonce` comes back in `said`/`refused`. */
  | { type: 'say'; nonce: string; body?: string; media_key?: string }
  /** One's own call state: joining the call (`in_call`), muting the microphone or the camera. */
  | { type: 'call'; in_call: boolean; audio: boolean; video: boolean }
  /** To one peer of the same room. */
  | ({ type: 'signal'; to: string } & WatercoolerSignal)
  | { type: 'leave' };

/** Server → client. */
export type WatercoolerServerMessage =
  | { type: 'joined'; you: string; channel_sid: string; started_at: string; peers: WatercoolerPeer[] }
  | { type: 'pong' }
  | { type: 'peer.joined'; peer: WatercoolerPeer }
  | { type: 'peer.left'; peer: WatercoolerPeer }
  | { type: 'peer.updated'; peer: WatercoolerPeer }
  | { type: 'message'; message: ChatMessageDto }
  | { type: 'said'; nonce: string; message: ChatMessageDto }
  /** A `say` or `call` that was not taken, with the reason in words (WatercoolerMessages). */
  | { type: 'refused'; nonce?: string; message: string }
  | ({ type: 'signal'; from: string } & WatercoolerSignal)
  | { type: 'ended' };

/**
 * Close codes of the room socket besides the standard ones. 4401 and 4403 are final (enter again
 * through `access`); 4409 says the room this token was for has ended (enter again too).
 */
export const WatercoolerClose = {
  badMessage: 4400,
  /** No `join` in time, or a token forged, expired or for another person. */
  badToken: 4401,
  /** No longer a member of the team. */
  notMember: 4403,
  /** The token's room has ended (or another opened): ask `access` again. */
  roomGone: 4409,
  /** More messages than the rate allows. */
  tooFast: 4429,
} as const;
