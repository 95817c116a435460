import dayjs from 'dayjs';

/**
 * Topics are planned by UTC calendar day (docs/adr/0016-topic-of-the-day.md): 'today' is the
 * server's day, whatever the browser's time zone.
 */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
export const tomorrowUtc = (now: Date = new Date()): string => todayUtc(new Date(now.getTime() + 86_400_000));

/** A topic's day as 'MMM DD, YYYY' (spec §9 display dates). */
export const topicDay = (day: string): string => dayjs(`${day}T12:00:00`).format('MMM DD, YYYY');
