import type { EventListener } from '../../events/tail.js';
import type { AppEventType } from '../../events/types.js';
import type { TeamView } from './repository.js';

/**
 * The events after which a card may show something else (repository `cardsOf`): the team's name,
 * picture and level, its members and their roles, names and avatars, the viewer's welcome flag,
 * the owner's plan, the latest published topic, the team itself created, deleted or restored.
 * Every write of one of these records its event in its transaction; a card that comes to show
 * something new adds the event that tells of it here.
 */
export const CARD_EVENTS: ReadonlySet<AppEventType> = new Set<AppEventType>([
  'team.created',
  'team.updated',
  'team.deleted',
  'team.restored',
  'member.joined',
  'member.left',
  'role.changed',
  'welcome.read',
  'user.updated',
  'subscription.changed',
  'topic.published',
]);

/** What the cache needs of the process's event tail (events/tail.ts). */
export interface CardEvents {
  on(listener: EventListener): () => void;
  /** Whether every other process's events older than the poll interval have been heard. */
  heard(): boolean;
  /** The same, reading the log first when it has not been read recently. */
  hear(): Promise<boolean>;
}

interface Entry {
  at: number;
  cards: TeamView[];
}

export const TEAM_CARDS_CACHE_MAX = 10_000;

/**
 * Each viewer's team cards as last read, kept until an event that changes what a card shows is
 * heard (docs/adr/0018-team-cards-cache.md, ADR 0026): a hit asks the database nothing. Coarse on
 * purpose: any such event empties every viewer's cards. This process's events arrive at commit,
 * before the writer's answer (read-your-writes); other processes' at the tail's next read of the
 * log, so a hit is answered only while the tail has heard recently. Writes made outside the app
 * (no event) show within the TTL. The rows are kept, not the answer, so what depends on the clock
 * (a trial that ended a moment ago) and the signed picture URLs are worked out on every request.
 */
export class TeamCardsCache {
  private readonly entries = new Map<number, Entry>();
  /** Raised by every card event: a read that overlapped one may have missed it and is not kept. */
  private generation = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly events: CardEvents,
    private readonly ttlMs: number,
    private readonly max = TEAM_CARDS_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = events.on((event) => {
      if (CARD_EVENTS.has(event.type)) this.clear();
    });
  }

  /** The viewer's cards: kept ones while the tail hears and within the TTL, else `read()`'s. */
  async cardsOf(userId: number, read: () => Promise<TeamView[]>): Promise<TeamView[]> {
    if (this.ttlMs <= 0) return read();
    const entry = this.entries.get(userId);
    if (entry && this.now() - entry.at < this.ttlMs) {
      // What the tail hears while catching up may empty the cache: only a kept entry answers.
      if ((await this.events.hear()) && this.entries.get(userId) === entry) return entry.cards;
    }
    const before = this.generation;
    const startedAt = this.now(); // a write outside the app during the read is within the TTL of it
    const cards = await read();
    // A card event heard during the read may or may not be in it: keep nothing, the next read decides.
    if (this.generation === before && this.events.heard()) {
      this.entries.delete(userId); // re-inserted last: the oldest insert goes first when full
      this.entries.set(userId, { at: startedAt, cards });
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return cards;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every viewer's cards, and any read under way (a card event, or a test standing for the TTL). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Stops hearing events (the app's close). */
  close(): void {
    this.stopListening();
  }
}
