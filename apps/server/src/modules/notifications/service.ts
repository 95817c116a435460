import type { Kysely } from 'kysely';
import { Paging, type NotificationDto, type PageMeta } from '@rally/contract';
import type { Database } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import { paged } from '../../http/envelope.js';
import { presentNotification } from './presenter.js';
import type { NotificationsRepository } from './repository.js';

interface ListQuery {
  page: number;
  per_page?: number | undefined;
  team_id?: number | undefined;
}

/** A user's own notifications (spec §7 Notifications): nobody reads another's. */
export class NotificationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: NotificationsRepository,
  ) {}

  /**
   * A page, newest first. Opening the list (page 1) marks what it shows read; the answer still shows
   * which were unread (`read_at` null) so the screen can highlight them.
   */
  async list(userId: number, q: ListQuery, unreadOnly = false): Promise<{ data: NotificationDto[]; meta: PageMeta }> {
    const perPage = q.per_page ?? Paging.defaultPerPage;
    const [rows, total] = await Promise.all([
      this.repo.page(userId, q.team_id, unreadOnly, perPage, (q.page - 1) * perPage),
      this.repo.count(userId, q.team_id, unreadOnly),
    ]);
    if (!unreadOnly && q.page === 1) {
      const unread = rows.filter((r) => r.read_at === null).map((r) => r.id);
      if (unread.length) await transact(this.db, (trx) => this.repo.markRead(userId, unread, trx));
    }
    return paged(rows.map(presentNotification), q.page, perPage, total);
  }

  /** The badge: notifications not read yet. */
  async unreadCount(userId: number): Promise<number> {
    return this.repo.count(userId, undefined, true);
  }
}
