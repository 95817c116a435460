import { PortfolioLimits } from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import { DAY } from '../../lib/clock.js';
import { zonedWallClock } from '../../lib/zoned-day.js';
import type { Mailer } from '../mail/mailer.js';
import type { ReadRows } from './attention-job.js';
import { digestMail } from './digest-mail.js';
import { PortfolioJobsRepository, type Lead } from './jobs-repository.js';

/** A coach's digest settings as `portfolio_settings` stores them (a coach with no row has the defaults). */
export interface DigestSettingsRow {
  user_id: number;
  digest_enabled: number | boolean;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  digest_day: number;
  /** Local hour, 0–23. */
  digest_hour: number;
}

/** The stored settings of those of `userIds` who have any. */
export type ReadDigestSettings = (userIds: number[]) => Promise<DigestSettingsRow[]>;

export interface DigestSettings {
  enabled: boolean;
  day: number;
  hour: number;
}

/** A coach who never opened the settings: the digest on, Mondays at 08:00 their time. */
export const DIGEST_DEFAULTS: DigestSettings = {
  enabled: true,
  day: PortfolioLimits.digestDefaultDay,
  hour: PortfolioLimits.digestDefaultHour,
};

const settingsOf = (row: DigestSettingsRow | undefined): DigestSettings =>
  row ? { enabled: Boolean(row.digest_enabled), day: row.digest_day, hour: row.digest_hour } : DIGEST_DEFAULTS;

/** The ISO week ('2026-W48') of a wall clock read in its UTC fields (`zonedWallClock`). */
export function isoWeekOf(local: Date): string {
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the week's Thursday names its year
  const year = day.getUTCFullYear();
  const week = Math.floor((day.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The week whose digest is due at `at` for a coach in `timezone`, or null: on their day, from
 * their hour to the end of that day (a run missed at 08:00 still sends at 08:15, or at 14:00 after
 * a restart). The week is claimed when sent, so it goes once.
 */
export function dueWeek(settings: DigestSettings, timezone: string | null, at: Date): string | null {
  if (!settings.enabled) return null;
  const local = zonedWallClock(at, timezone);
  const weekday = local.getUTCDay() || 7;
  return weekday === settings.day && local.getUTCHours() >= settings.hour ? isoWeekOf(local) : null;
}

export interface DigestJobDeps {
  db: Kysely<Database>;
  mailer: Pick<Mailer, 'send'>;
  /** Where the mail's links point (config.PUBLIC_URL). */
  publicUrl: string;
  readRows: ReadRows;
  readDigestSettings: ReadDigestSettings;
  now?: () => Date;
}

/** Coaches looked at per round of queries (their settings, their weeks sent). */
const BATCH = 500;

/**
 * The weekly digest (issue 26): each coach who leads a team, has it on, and whose local day and
 * hour have come gets the portfolio in the mail once that ISO week. The week is claimed in
 * `portfolio_digests` and the mail queued in the outbox in one transaction: one mail a week
 * however many processes run or restart. Resolves to the digests queued.
 */
export function digestJob(deps: DigestJobDeps): () => Promise<number> {
  const { db, mailer, publicUrl, readRows, readDigestSettings, now = () => new Date() } = deps;
  const repo = new PortfolioJobsRepository(db);

  const send = async (lead: Lead, week: string, at: Date): Promise<boolean> => {
    const rows = await readRows(lead.id);
    if (rows.length === 0) return false; // nothing of theirs to show (the read model's choice)
    const mail = digestMail({ to: lead.email, firstName: lead.first_name, timezone: lead.timezone, rows, publicUrl });
    return transact(db, async (trx) => {
      if (!(await repo.claimDigest(trx, lead.id, week, at.toISOString()))) return false;
      await mailer.send(mail, trx);
      return true;
    });
  };

  return async () => {
    const at = now();
    const leads = await repo.leads();
    let queued = 0;
    for (let i = 0; i < leads.length; i += BATCH) {
      const batch = leads.slice(i, i + BATCH);
      const stored = new Map((await readDigestSettings(batch.map((l) => l.id))).map((r) => [r.user_id, r]));
      const due = batch.flatMap((lead) => {
        const week = dueWeek(settingsOf(stored.get(lead.id)), lead.timezone, at);
        return week ? [{ lead, week }] : [];
      });
      const sent = await repo.digestsSent(due.map(({ lead, week }) => ({ userId: lead.id, week })));
      for (const { lead, week } of due) if (!sent.has(lead.id) && (await send(lead, week, at))) queued++;
    }
    return queued;
  };
}
