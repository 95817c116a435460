import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One cheap read: the database answers. */
  async ping(): Promise<void> {
    await this.db.selectFrom('users').select('id').limit(1).execute();
  }
}
