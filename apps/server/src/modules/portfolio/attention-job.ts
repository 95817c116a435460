import type { PortfolioRowDto } from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import { PortfolioJobsRepository, type AttentionFlag } from './jobs-repository.js';

/** A coach's portfolio rows (the wiring: All Time, whose attention looks at the last 30 days). */
export type ReadRows = (userId: number) => Promise<PortfolioRowDto[]>;

export interface AttentionJobDeps {
  db: Kysely<Database>;
  readRows: ReadRows;
  now?: () => Date;
}

const keyOf = (f: AttentionFlag) => `${f.team_id}:${f.cause}`;

/** The causes each flagged row stands for, one flag per (team, cause). */
const flagsIn = (rows: PortfolioRowDto[]): AttentionFlag[] =>
  rows.flatMap((row) =>
    row.attention.flagged ? row.attention.reasons.map((r) => ({ team_id: row.team.id, cause: r.cause })) : [],
  );

/**
 * Tells each coach when a team they lead becomes flagged, once per cause (issue 26): a cause
 * newly flagged is stored in `attention_flags` with a `team.attention` event in one transaction
 * (the notifications consumer makes the `team.needs_attention` notification, live and pushed like
 * any other); a cause that cleared is forgotten, so a relapse is told again. Run twice, the
 * second run finds nothing new. Resolves to the notifications it asked for.
 */
export function attentionJob({ db, readRows, now = () => new Date() }: AttentionJobDeps): () => Promise<number> {
  const repo = new PortfolioJobsRepository(db);
  return async () => {
    await transact(db, (trx) => repo.dropFlagsOfFormerLeads(trx));
    let told = 0;
    for (const lead of await repo.leads()) {
      const [rows, known] = await Promise.all([readRows(lead.id), repo.flagsOf(lead.id)]);
      const current = flagsIn(rows);
      const currentKeys = new Set(current.map(keyOf));
      const knownKeys = new Set(known.map(keyOf));
      for (const flag of known)
        if (!currentKeys.has(keyOf(flag))) await transact(db, (trx) => repo.dropFlag(trx, lead.id, flag));
      for (const flag of current) {
        if (knownKeys.has(keyOf(flag))) continue;
        const added = await transact(db, async (trx) => {
          if (!(await repo.addFlag(trx, lead.id, flag, now().toISOString()))) return false;
          await recordEvent(trx, {
            type: 'team.attention',
            team_id: flag.team_id,
            user_id: lead.id,
            cause: flag.cause,
          });
          return true;
        });
        if (added) told++;
      }
    }
    return told;
  };
}
