import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forgetTeamEvents, transact } from '../../events/log.js';
import { DAY } from '../../lib/clock.js';
import type { Scheduler } from '../../queue/work-queue.js';
import type { UploadsService } from '../uploads/service.js';
import type { FileStorage } from '../uploads/storage.js';
import type { TeamsRepository } from './repository.js';

export interface TeamPurgeDeps {
  db: Kysely<Database>;
  repo: TeamsRepository;
  uploads: Pick<UploadsService, 'keysOfTeam'>;
  storage: FileStorage;
  /** TEAM_RESTORE_DAYS: a deleted team is erased once this many days have passed. */
  restoreDays: number;
  now?: () => Date;
}

/** Teams erased per batch; a run goes on until none is left. */
const BATCH = 50;

/**
 * Erases engagements whose restore window is over (ADR 0019): first their stored files (the
 * uploads of the team that no post elsewhere uses, and the team picture), then the team row, which
 * takes every row of the team with it (foreign keys, on delete cascade). The state is the
 * database's (`teams.deleted_at`): a run cut short leaves teams still marked, and the next run
 * removes their files again (removal of a missing file succeeds) and then the rows. One run at a
 * time across processes: the purge is a periodic job of the work queue.
 */
export class TeamPurge {
  constructor(private readonly deps: TeamPurgeDeps) {}

  /** How many teams this run erased. */
  async purgeExpired(): Promise<number> {
    const { repo } = this.deps;
    const before = new Date((this.deps.now?.() ?? new Date()).getTime() - this.deps.restoreDays * DAY).toISOString();
    let purged = 0;
    for (;;) {
      const ids = await repo.expiredIds(before, BATCH);
      for (const id of ids) if (await this.purgeOne(id, before)) purged++;
      if (ids.length < BATCH) return purged;
    }
  }

  private async purgeOne(teamId: number, before: string): Promise<boolean> {
    const { repo, uploads, storage } = this.deps;
    const [keys, avatar] = await Promise.all([uploads.keysOfTeam(teamId), repo.deletedAvatar(teamId)]);
    // One by one, and a failure stops this team's purge: its rows stay, so the next run finds
    // the files still to remove instead of losing track of them.
    for (const key of [...keys, avatar]) await storage.remove(key);
    // The team's row (its rows go by the cascade) and its events in the log, in one transaction.
    return transact(this.deps.db, async (trx) => {
      if (!(await repo.purge(teamId, before, trx))) return false;
      await forgetTeamEvents(trx, teamId);
      return true;
    });
  }
}

/** The purge every `everyMs` (TEAM_PURGE_EVERY_MS), a periodic job of the work queue. */
export function registerTeamPurge(scheduler: Scheduler, purge: TeamPurge, everyMs: number): void {
  scheduler.every('teams.purge', everyMs, () => purge.purgeExpired(), { didWork: 'deleted engagements erased' });
}
