import { randomBytes } from 'node:crypto';
import {
  PostType,
  WatercoolerLimits,
  WatercoolerMessages,
  type ChatMessageDto,
  type WatercoolerAccessDto,
  type WatercoolerMessagesDto,
  type WatercoolerMessagesQuery,
  type WatercoolerPeer,
} from '@rally/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import { AppError } from '../../http/errors.js';
import { MINUTE } from '../../lib/clock.js';
import type { TeamAccess } from '../members/team-access.js';
import type { PostsRepository } from '../posts/repository.js';
import type { PostsService } from '../posts/service.js';
import type { UploadsService } from '../uploads/service.js';
import { iceServersFor, type IceSettings } from './ice-servers.js';
import type { PassClaims, WatercoolerPasses } from './pass.js';
import { participantOf, presentMessage, presentPeer, storedPeer } from './presenter.js';
import type { PersonRow, WatercoolerRepository } from './repository.js';
import type { EndedRoom, OpenRoom, RoomBus, RoomStore, StoredPeer } from './room-store.js';

/** How long a peer's presence holds unless its process renews it (every `RENEW_MS`). */
export const LEASE_MS = 30_000;
export const RENEW_MS = 10_000;
/** Image keys are made by the uploads module: a picture of a room is a .png or a .jpg (spec §5). */
const IMAGE_KEY = /\.(png|jpe?g)$/i;

export interface WatercoolerDeps {
  db: Kysely<Database>;
  repo: WatercoolerRepository;
  access: TeamAccess;
  store: RoomStore;
  bus: RoomBus;
  passes: WatercoolerPasses;
  ice: IceSettings;
  uploads: Pick<UploadsService, 'claim' | 'remove' | 'urlOf'>;
  /** The watercooler post: inserted, read back and presented as the timeline shows it. */
  posts: Pick<PostsRepository, 'insert' | 'view'>;
  present: Pick<PostsService, 'present'>;
  /** A room quiet this long is ended by the sweeper. */
  idleMinutes: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Why a pass opens no room: its close code's reason (WatercoolerClose). */
export type Refusal = 'badToken' | 'notMember' | 'roomGone';

/** A `say` as the socket read it (types checked, nothing else). */
export interface SayInput {
  body?: string | undefined;
  media_key?: string | undefined;
}

/**
 * The watercooler (issue 23, docs/adr/0029-watercooler.md): the access call, the history, and
 * what the room socket does in the room. A room lives in the RoomStore only; when it ends, its
 * images go with their upload rows, and a watercooler post (type 7) records who came.
 */
export class WatercoolerService {
  private readonly now: () => Date;

  constructor(private readonly deps: WatercoolerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get bus(): RoomBus {
    return this.deps.bus;
  }

  /**
   * POST user/team/:id/watercooler/access: any member (404 for anyone else), in a team of two or
   * more (422 with WatercoolerMessages.needsMembers). Opens the team's room if none is open.
   */
  async access(userId: number, teamId: number): Promise<WatercoolerAccessDto> {
    const { access, repo, store, passes, ice } = this.deps;
    await access.viewer(userId, teamId);
    if ((await repo.membersCount(teamId)) < 2)
      throw new AppError(422, 'needs_members', WatercoolerMessages.needsMembers, {
        watercooler: [WatercoolerMessages.needsMembers],
      });
    const now = this.now();
    const room = await store.openRoom(teamId, now);
    const pass = passes.issue({ team: teamId, user: userId, room: room.roomId }, now);
    return {
      token: pass.token,
      expires_at: pass.expiresAt.toISOString(),
      channel: { unique_name: `team-${teamId}-watercooler`, channel_sid: room.roomId },
      ice_servers: iceServersFor(ice, userId, now),
    };
  }

  /** GET user/team/:id/watercooler/messages: a page of the open room's history (none without a room). */
  async messages(userId: number, teamId: number, q: WatercoolerMessagesQuery): Promise<WatercoolerMessagesDto> {
    const { access, store, uploads } = this.deps;
    await access.viewer(userId, teamId);
    const room = await store.currentRoom(teamId);
    const page = room
      ? await store.messages(teamId, room.roomId, q.before, q.per_page)
      : { messages: [], hasMore: false };
    return {
      data: page.messages.map((m) => presentMessage(m, uploads.urlOf)),
      meta: { has_more: page.hasMore, per_page: q.per_page },
    };
  }

  /** The pass's claims and its holder as the room shows them, or why it opens nothing (one query). */
  async admit(token: unknown): Promise<{ claims: PassClaims; person: PersonRow } | Exclude<Refusal, 'roomGone'>> {
    const claims = this.deps.passes.verify(token, this.now());
    if (!claims) return 'badToken';
    const person = await this.deps.repo.member(claims.team, claims.user);
    return person ? { claims, person } : 'notMember';
  }

  /** Puts a new peer in the pass's room: the room and who else is in it, or 'roomGone'. */
  async join(
    claims: PassClaims,
    person: PersonRow,
  ): Promise<{ peer: StoredPeer; room: OpenRoom; others: WatercoolerPeer[] } | 'roomGone'> {
    const { store, uploads } = this.deps;
    const now = this.now();
    const peer = storedPeer(randomBytes(12).toString('base64url'), person);
    const room = await store.join(claims.team, claims.room, peer, new Date(now.getTime() + LEASE_MS));
    if (!room) return 'roomGone';
    const peers = await store.peers(claims.team, claims.room, now);
    const others = peers.filter((p) => p.peer_id !== peer.peer_id).map((p) => presentPeer(p, uploads.urlOf));
    return { peer, room, others };
  }

  /** Tells the room's others that `peer` came. */
  announce(roomId: string, peer: StoredPeer): void {
    this.deps.bus.toRoom(
      roomId,
      { type: 'peer.joined', peer: presentPeer(peer, this.deps.uploads.urlOf) },
      peer.peer_id,
    );
  }

  /**
   * A chat message of `peer`: words (trimmed, at most WatercoolerLimits.messageMax), an image the
   * sender uploaded with policy `team.watercooler` for this team (claimed now, so it is used
   * once), or both. The message as the room stores it, or why it was refused (in words).
   */
  async say(teamId: number, roomId: string, peer: StoredPeer, input: SayInput): Promise<ChatMessageDto | string> {
    const { db, store, uploads, log } = this.deps;
    const body = (input.body ?? '').trim();
    const key = input.media_key?.trim() || undefined;
    if (!body && !key) return WatercoolerMessages.messageRequired;
    if (body.length > WatercoolerLimits.messageMax) return WatercoolerMessages.messageTooLong;
    if (key) {
      if (!IMAGE_KEY.test(key)) return WatercoolerMessages.imagesOnly;
      try {
        const claimed = await uploads.claim(db, peer.user.id, key, teamId, ['team.watercooler']);
        if (claimed.media_type !== 'photo') return WatercoolerMessages.imagesOnly;
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) return err.message;
        throw err;
      }
    }
    const stored = await store.addMessage(teamId, roomId, {
      type: key ? 'media' : 'text',
      body,
      attributes: { ...peer.user, email: peer.email },
      timestamp: this.now().toISOString(),
      media_key: key ?? null,
    });
    if (!stored) {
      // The room ended meanwhile: the image it would have held goes too.
      if (key) await uploads.remove([key]);
      log.info({ teamId, roomId }, 'watercooler message for an ended room dropped');
      return WatercoolerMessages.ended;
    }
    const message = presentMessage(stored, uploads.urlOf);
    this.deps.bus.toRoom(roomId, { type: 'message', message }, peer.peer_id);
    return message;
  }

  /**
   * One's own call state; joining the call is refused while WatercoolerLimits.videoCallMax others
   * are in it (a mesh). The room hears the peer as it now is; undefined when it has gone.
   */
  async call(
    teamId: number,
    roomId: string,
    peerId: string,
    state: Pick<WatercoolerPeer, 'in_call' | 'audio' | 'video'>,
  ): Promise<WatercoolerPeer | string | undefined> {
    const { store, uploads, bus } = this.deps;
    if (state.in_call) {
      const peers = await store.peers(teamId, roomId, this.now());
      const inCall = peers.filter((p) => p.in_call && p.peer_id !== peerId).length;
      if (inCall >= WatercoolerLimits.videoCallMax) return WatercoolerMessages.callFull(WatercoolerLimits.videoCallMax);
    }
    const updated = await store.update(teamId, roomId, peerId, state);
    if (!updated) return undefined;
    const peer = presentPeer(updated, uploads.urlOf);
    bus.toRoom(roomId, { type: 'peer.updated', peer });
    return peer;
  }

  /** Renews the leases of this process's peers of one room. */
  renew(teamId: number, roomId: string, peerIds: readonly string[]): Promise<void> {
    return this.deps.store.renew(teamId, roomId, peerIds, new Date(this.now().getTime() + LEASE_MS));
  }

  /** Takes a peer out (its socket closed or it left): the room hears it; the last one out ends the room. */
  async leave(teamId: number, roomId: string, peerId: string): Promise<void> {
    const { store, bus, uploads } = this.deps;
    const left = await store.leave(teamId, roomId, peerId, this.now());
    if (left.peer) bus.toRoom(roomId, { type: 'peer.left', peer: presentPeer(left.peer, uploads.urlOf) });
    if (left.empty) await this.end(teamId, roomId, false);
  }

  /**
   * Ends a room (once, whoever asks first): its sockets are told and closed, its images and their
   * upload rows deleted, and a watercooler post records that it took place. True when this call
   * ended it.
   */
  async end(teamId: number, roomId: string, force: boolean): Promise<boolean> {
    const { store, bus, uploads } = this.deps;
    const ended = await store.end(teamId, roomId, this.now(), force);
    if (!ended) return false;
    bus.toRoom(roomId, { type: 'ended' });
    await uploads.remove(ended.mediaKeys);
    await this.record(ended);
    return true;
  }

  /**
   * The sweeper: ends rooms whose every lease ran out (their processes died or lost them) and
   * rooms idle longer than WATERCOOLER_IDLE_MINUTES. A room just opened by `access`, whose first
   * member is still connecting, gets a lease's time. How many it ended.
   */
  async sweep(): Promise<number> {
    const { store, idleMinutes } = this.deps;
    const now = this.now();
    const stale = await store.stale(now, new Date(now.getTime() - idleMinutes * MINUTE));
    let ended = 0;
    for (const { teamId, roomId } of stale) {
      const room = await store.currentRoom(teamId);
      const peers = await store.peers(teamId, roomId, now);
      if (room?.roomId === roomId && peers.length === 0 && Date.parse(room.startedAt) > now.getTime() - LEASE_MS)
        continue;
      if (await this.end(teamId, roomId, true)) ended++;
    }
    return ended;
  }

  /**
   * The watercooler post (type 7, no footer): by the first who came and is still a member, with
   * when the room was open and who came (spec §2). A room nobody entered leaves no post.
   */
  private async record(ended: EndedRoom): Promise<void> {
    const { db, repo, posts, present } = this.deps;
    const found = new Map((await repo.people(ended.teamId, ended.userIds)).map((p) => [p.id, p]));
    const people = ended.userIds.map((id) => found.get(id)).filter((p) => p !== undefined);
    const author = people.find((p) => p.member);
    if (!author) return;
    const extra = {
      started_at: ended.startedAt,
      ended_at: ended.endedAt,
      participants: people.map(participantOf),
    };
    await transact(db, async (trx) => {
      const postId = await posts.insert(trx, {
        team_id: ended.teamId,
        user_id: author.id,
        type_id: PostType.watercooler,
        text: null,
        color_id: null,
        media_key: null,
        media_type_id: null,
        extra: JSON.stringify(extra),
      });
      const [post] = await present.present([(await posts.view(author.id, postId, trx))!], author.id, trx);
      await recordEvent(trx, {
        type: 'post.created',
        team_id: ended.teamId,
        actor_id: author.id,
        post: post!,
        tagged: [],
      });
    });
  }
}
