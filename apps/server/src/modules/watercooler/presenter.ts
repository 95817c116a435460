import type { ChatMessageDto, UserRefDto, WatercoolerPeer } from '@rally/contract';
import type { UrlOf } from '../engagement/presenter.js';
import { fullName } from '../members/presenter.js';
import type { PersonRow } from './repository.js';
import type { StoredMessage, StoredPeer } from './room-store.js';

/*
 * The room stores avatar and image keys, never URLs: signed URLs expire, and a room may outlive
 * one. They are signed each time they are sent.
 */

/** A new peer as stored: its user's attributes with the avatar's key, out of the call. */
export const storedPeer = (peerId: string, person: PersonRow): StoredPeer => ({
  peer_id: peerId,
  user: { id: person.id, first_name: person.first_name, full_name: fullName(person), avatar: person.avatar },
  email: person.email,
  in_call: false,
  audio: false,
  video: false,
});

/** A peer as the others see it (no e-mail). */
export const presentPeer = (peer: StoredPeer, urlOf: UrlOf): WatercoolerPeer => ({
  peer_id: peer.peer_id,
  user: { ...peer.user, avatar: urlOf(peer.user.avatar) },
  in_call: peer.in_call,
  audio: peer.audio,
  video: peer.video,
});

/** Spec §3 Chat message: the sender's attributes, the words or the image (a signed URL). */
export const presentMessage = (message: StoredMessage, urlOf: UrlOf): ChatMessageDto => ({
  id: message.id,
  type: message.type,
  body: message.body,
  attributes: { ...message.attributes, avatar: urlOf(message.attributes.avatar) },
  timestamp: message.timestamp,
  media: urlOf(message.media_key),
});

/** Who took part, as the watercooler post keeps them (the avatar as its key; signed when presented). */
export const participantOf = (person: PersonRow): UserRefDto => ({
  id: person.id,
  full_name: fullName(person),
  avatar: person.avatar,
});
