import type { Insertable, Kysely } from 'kysely';
import type { Database, Executor, UploadRow, UploadsTable } from '../../db/schema.js';

export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<UploadsTable>, ex: Executor): Promise<void> {
    await ex.insertInto('uploads').values(row).execute();
  }

  find(key: string, ex: Executor = this.db): Promise<UploadRow | undefined> {
    return ex.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Records the arrival of checked bytes, once; false when they had arrived already. */
  async markCompleted(key: string, size: number, at: string, ex: Executor = this.db): Promise<boolean> {
    const res = await ex
      .updateTable('uploads')
      .set({ stored_size: size, completed_at: at })
      .where('key', '=', key)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Marks a complete upload attached, once: false when another claim was first. */
  async markAttached(key: string, at: string, ex: Executor = this.db): Promise<boolean> {
    const res = await ex
      .updateTable('uploads')
      .set({ attached_at: at })
      .where('key', '=', key)
      .where('attached_at', 'is', null)
      .where('completed_at', 'is not', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Bytes a user's uploads take (in every team), or a team's: stored sizes, and the declared
   * size of files presigned but not yet received (so parallel presigns cannot pass a quota).
   */
  async bytesUsed(by: { user_id: number } | { team_id: number }): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<number | string | null>(eb.fn.coalesce('stored_size', 'declared_size')).as('bytes'))
      .where((eb) => ('user_id' in by ? eb('user_id', '=', by.user_id) : eb('team_id', '=', by.team_id)))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Marks an attached video or audio file as being converted (its job is queued beside it). */
  async markEncoding(key: string, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('uploads').set({ media_state: 'encoding' }).where('key', '=', key).execute();
  }

  /**
   * Records what the conversion of `key` made (ADR 0027), as part of `ex`: the upload is `ready`.
   * Once: false when it is gone (removed with its post meanwhile) or ready already (another run
   * of its job recorded its own result first).
   */
  async markConverted(
    key: string,
    made: { playable_key: string; poster_key: string | null; duration_ms: number | null },
    ex: Executor = this.db,
  ): Promise<boolean> {
    const res = await ex
      .updateTable('uploads')
      .set({ media_state: 'ready', ...made })
      .where('key', '=', key)
      .where('media_state', '<>', 'ready')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The conversion of `key` failed for good: the upload is `failed`, once; false when it was not `encoding`. */
  async markConversionFailed(key: string, ex: Executor = this.db): Promise<boolean> {
    const res = await ex
      .updateTable('uploads')
      .set({ media_state: 'failed' })
      .where('key', '=', key)
      .where('media_state', '=', 'encoding')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The files the conversion of these keys made (playable file, poster). */
  async derivedKeys(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('uploads')
      .select(['playable_key', 'poster_key'])
      .where('key', 'in', keys)
      .execute();
    return rows.flatMap((r) => [r.playable_key, r.poster_key].filter((k): k is string => k !== null));
  }

  async deleteKeys(keys: readonly string[], ex: Executor): Promise<void> {
    if (keys.length === 0) return;
    await ex.deleteFrom('uploads').where('key', 'in', keys).execute();
  }

  /** Keys never attached and created before `before`, oldest first. */
  async unattachedBefore(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .select('key')
      .where('attached_at', 'is', null)
      .where('created_at', '<', before)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.key);
  }

  /** Every key uploaded to a team (read before the team is deleted, to remove the files after). */
  async keysOfTeam(teamId: number, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex
      .selectFrom('uploads')
      .select('key')
      .where('team_id', '=', teamId)
      // A post shared to another team keeps using its original's file.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('posts as elsewhere')
              .select('elsewhere.id')
              .whereRef('elsewhere.media_key', '=', 'uploads.key')
              .where('elsewhere.team_id', '<>', teamId),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.key);
  }
}
