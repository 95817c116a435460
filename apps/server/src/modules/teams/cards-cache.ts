import type { TeamView } from './repository.js';

/**
 * Every table a team card is read from (repository `cardsOf`): the team, the viewer's and the
 * other members' seats, people's names and avatars, the owner's subscription, the latest topic.
 * Migration 2026112506 announces each of them on PostgreSQL; a card that reads a new table
 * adds it to both.
 */
export const TEAM_CARD_TABLES = ['teams', 'team_members', 'users', 'subscriptions', 'topics'] as const;

/** Raised on every change to `TEAM_CARD_TABLES`; undefined while changes could go unheard. */
export interface ChangeVersion {
  current(): number | undefined;
}

interface Entry {
  version: number;
  at: number;
  cards: TeamView[];
}

export const TEAM_CARDS_CACHE_MAX = 10_000;

/**
 * Each viewer's team cards as last read, kept while no table they come from has changed
 * (docs/adr/0018-team-cards-cache.md): a hit asks the database nothing. The rows are kept, not
 * the answer, so what depends on the clock (a trial that ended a moment ago) and the signed
 * picture URLs are worked out on every request.
 */
export class TeamCardsCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly version: ChangeVersion,
    private readonly ttlMs: number,
    private readonly max = TEAM_CARDS_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  /** The viewer's cards: kept ones of the current version, else `read()`'s (kept when nothing changed meanwhile). */
  async cardsOf(userId: number, read: () => Promise<TeamView[]>): Promise<TeamView[]> {
    const before = this.ttlMs > 0 ? this.version.current() : undefined;
    if (before === undefined) return read();
    const entry = this.entries.get(userId);
    if (entry && entry.version === before && this.now() - entry.at < this.ttlMs) return entry.cards;
    const cards = await read();
    // A change heard during the read may or may not be in it: keep nothing, the next read decides.
    if (this.version.current() === before) {
      this.entries.delete(userId); // re-inserted last: the oldest insert goes first when full
      this.entries.set(userId, { version: before, at: this.now(), cards });
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return cards;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
