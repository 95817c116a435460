import type { FastifyBaseLogger } from 'fastify';
import { RealtimeClose, type TeamEvent, type UserEvent } from '@rally/contract';
import type { RealtimeRepository } from './repository.js';

/** One signed-in socket of this process, as the hub sees it (the gateway wraps a `ws` socket). */
export interface HubClient {
  readonly userId: number;
  /** The bearer token that opened it: delivery stops, and the socket closes, once it is revoked. */
  readonly tokenId: number;
  /** Sends one serialized message (or drops the socket when it has fallen too far behind). */
  send(data: string): void;
  close(code: number, reason: string): void;
}

export interface HubOptions {
  repo: Pick<RealtimeRepository, 'recipients' | 'liveTokensOf'>;
  log: FastifyBaseLogger;
  /** Sockets one user may hold in this process (tabs, devices); more are refused. */
  maxSocketsPerUser?: number;
}

/** An event with its JSON, written once however many sockets it goes to. */
interface Queued {
  event: TeamEvent;
  json: string;
}

/**
 * The sockets of this process and the delivery of team events to them.
 *
 * Who receives is decided when an event is delivered, never when it is published or when a socket
 * connected: one query (`recipients`) gives the team's members with their live tokens, and the
 * event goes to this process's sockets of those members whose token is still among them. A member
 * removed a moment ago, or a token revoked by logout, receives nothing more; a socket whose user is
 * still a member but whose token is gone is closed (4401).
 *
 * Events of one team are delivered in the order they came, one batch at a time: what arrives while
 * a batch's query runs goes in the next batch (one query for all of them). Teams are independent.
 */
export class ClientHub {
  private readonly byUser = new Map<number, Set<HubClient>>();
  private readonly queues = new Map<number, Queued[]>();
  private readonly draining = new Map<number, Promise<void>>();
  private readonly userDeliveries = new Set<Promise<void>>();
  private readonly maxSocketsPerUser: number;

  constructor(private readonly options: HubOptions) {
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
  }

  /** Signed-in sockets in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Adds a signed-in socket; false (and nothing added) when its user holds too many already. */
  add(client: HubClient): boolean {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    if (set.size >= this.maxSocketsPerUser) return false;
    set.add(client);
    return true;
  }

  remove(client: HubClient): void {
    const set = this.byUser.get(client.userId);
    if (!set?.delete(client)) return;
    if (set.size === 0) this.byUser.delete(client.userId);
  }

  /**
   * Delivers an event to this process's sockets of those who may receive it (see the class).
   * `json` is the event's JSON when it arrived as such (from Redis). Never throws.
   */
  deliver(event: TeamEvent, json?: string): void {
    // Nobody connected here: no query at all (an API node without sockets pays nothing).
    if (this.byUser.size === 0) return;
    const teamId = event.team_id;
    let queue = this.queues.get(teamId);
    if (!queue) this.queues.set(teamId, (queue = []));
    queue.push({ event, json: json ?? JSON.stringify(event) });
    if (!this.draining.has(teamId)) {
      const run = this.drain(teamId).finally(() => this.draining.delete(teamId));
      this.draining.set(teamId, run);
    }
  }

  /**
   * Delivers an event addressed to one user to this process's sockets of that user whose token is
   * still live (one query, only when the user has sockets here). Never throws.
   */
  deliverToUser(event: UserEvent, json?: string): void {
    if (!this.byUser.has(event.user_id)) return;
    const data = json ?? JSON.stringify(event);
    const run = this.options.repo
      .liveTokensOf(event.user_id)
      .then((tokens) => {
        const live = new Set(tokens);
        for (const client of [...(this.byUser.get(event.user_id) ?? [])]) {
          if (live.has(client.tokenId)) client.send(data);
          else client.close(RealtimeClose.unauthenticated, 'session ended');
        }
      })
      .catch((err: unknown) => this.options.log.error({ err, userId: event.user_id }, 'realtime delivery failed'))
      .finally(() => this.userDeliveries.delete(run));
    this.userDeliveries.add(run);
  }

  /** Resolves once every event handed to `deliver` so far has been delivered (or dropped). */
  async idle(): Promise<void> {
    while (this.draining.size > 0 || this.userDeliveries.size > 0)
      await Promise.all([...this.draining.values(), ...this.userDeliveries]);
  }

  /** Closes every socket (shutdown, or a lost Redis subscription: clients reconnect and catch up). */
  closeAll(code: number, reason: string): void {
    for (const set of [...this.byUser.values()]) for (const client of [...set]) client.close(code, reason);
  }

  private async drain(teamId: number): Promise<void> {
    for (;;) {
      const batch = this.queues.get(teamId);
      if (!batch?.length) {
        this.queues.delete(teamId);
        return;
      }
      this.queues.set(teamId, []);
      try {
        await this.deliverBatch(teamId, batch);
      } catch (err) {
        // The database is unreachable: these events are lost for this process's clients, whose
        // next reconnect refetches. Logged, never thrown into the publisher.
        this.options.log.error({ err, teamId, events: batch.length }, 'realtime delivery failed');
      }
    }
  }

  private async deliverBatch(teamId: number, batch: Queued[]): Promise<void> {
    const rows = await this.options.repo.recipients(teamId);
    /** Members of the team with sockets here → their live token ids. */
    const live = new Map<number, Set<number>>();
    for (const row of rows) {
      if (!this.byUser.has(row.user_id)) continue;
      let tokens = live.get(row.user_id);
      if (!tokens) live.set(row.user_id, (tokens = new Set()));
      if (row.token_id !== null) tokens.add(row.token_id);
    }
    for (const [userId, tokens] of live) {
      const clients = this.byUser.get(userId);
      if (!clients) continue; // disconnected while the query ran
      for (const client of [...clients]) {
        if (!tokens.has(client.tokenId)) {
          client.close(RealtimeClose.unauthenticated, 'session ended');
          continue;
        }
        for (const { json } of batch) client.send(json);
      }
    }
  }
}
