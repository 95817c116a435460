import { CHECKIN_ANONYMITY_FLOOR, PortfolioMessages, type PortfolioRowDto } from '@rally/contract';
import { zonedWallClock } from '../../lib/zoned-day.js';
import type { MailMessage } from '../mail/mailer.js';

export interface DigestMailInput {
  to: string;
  firstName: string;
  /** The coach's time zone (null: UTC): last activity is their calendar day. */
  timezone: string | null;
  rows: PortfolioRowDto[];
  publicUrl: string;
}

/** The web app's pages the digest links to (apps/web/src/config/paths.ts). */
const PORTFOLIO_PATH = '/portfolio';
const SETTINGS_PATH = '/settings';

/** A name typed by a user on one line of a plain-text body. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const percent = (n: number) => `${Math.round(n)}%`;

/** The team's meter, never under the floor: no figure at all where fewer than 3 people answered. */
const happinessOf = (row: PortfolioRowDto) =>
  row.happiness.meter === null ? `Fewer than ${CHECKIN_ANONYMITY_FLOOR} answers` : percent(row.happiness.meter);

const trendOf = (row: PortfolioRowDto): string | null => {
  const { trend } = row.happiness;
  if (trend === null || row.happiness.meter === null) return null;
  const points = Math.round(trend);
  if (points === 0) return 'no change';
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
};

const checkinsOf = (row: PortfolioRowDto) =>
  row.checkin_response_rate === null ? 'No check-ins asked' : percent(row.checkin_response_rate);

const tasksOf = (row: PortfolioRowDto) => `${row.tasks.open} open, ${row.tasks.overdue} overdue`;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const lastActivityOf = (row: PortfolioRowDto, timezone: string | null) =>
  row.last_activity_at === null
    ? 'None yet'
    : dayFormat.format(zonedWallClock(new Date(row.last_activity_at), timezone));

/** A team's figures, in the order the portfolio's table shows them. */
const LABELS = ['Happiness', 'Participation', 'Check-in responses', 'Tasks', 'Last activity'] as const;

function figuresOf(row: PortfolioRowDto, timezone: string | null): string[] {
  const trend = trendOf(row);
  return [
    trend ? `${happinessOf(row)} (${trend})` : happinessOf(row),
    percent(row.participation),
    checkinsOf(row),
    tasksOf(row),
    lastActivityOf(row, timezone),
  ];
}

/**
 * The weekly digest (issue 26): the coach's teams as the portfolio's table shows them, the flagged
 * ones first with why, a link to the portfolio and one to Settings to change or stop it. Team
 * figures only: no one's mood, and no meter where fewer than 3 people answered.
 */
export function digestMail({ to, firstName, timezone, rows, publicUrl }: DigestMailInput): MailMessage {
  const portfolioUrl = new URL(PORTFOLIO_PATH, publicUrl).toString();
  const settingsUrl = new URL(SETTINGS_PATH, publicUrl).toString();
  const flagged = rows.filter((r) => r.attention.flagged);
  const others = rows.filter((r) => !r.attention.flagged);
  const lead =
    flagged.length === 0
      ? PortfolioMessages.noneFlagged
      : rows.length === 1
        ? 'Your team needs attention.'
        : `${flagged.length} of your ${rows.length} teams ${flagged.length === 1 ? 'needs' : 'need'} attention.`;

  const textTeam = (row: PortfolioRowDto) => [
    `"${oneLine(row.team.name)}"`,
    ...(row.attention.summary ? [`  Why: ${row.attention.summary}`] : []),
    ...figuresOf(row, timezone).map((value, i) => `  ${LABELS[i]}: ${value}`),
    '',
  ];
  const textSection = (title: string, list: PortfolioRowDto[]) =>
    list.length ? [title.toUpperCase(), '', ...list.flatMap(textTeam)] : [];
  const text = [
    `Hi ${oneLine(firstName)},`,
    '',
    `Here is your week in Rally. ${lead}`,
    '',
    ...textSection(PortfolioMessages.needsAttention, flagged),
    ...textSection(flagged.length ? 'Other teams' : 'Your teams', others),
    `Open your portfolio: ${portfolioUrl}`,
    '',
    `To change the day or hour of this e-mail, or to stop it, go to Settings: ${settingsUrl}`,
  ].join('\n');

  // One block per team, its figures as label and value rows: a six-column table would not fit a
  // phone's mail app, and mail clients ignore media queries too often to rely on them.
  const cell = 'padding:2px 12px 2px 0;text-align:left;vertical-align:top';
  const htmlTeam = (row: PortfolioRowDto) =>
    `<div style="margin:0 0 16px;padding:12px;border:1px solid #e0e0e0;border-radius:6px">` +
    `<div style="font-weight:bold;font-size:15px">${escapeHtml(row.team.name)}</div>` +
    (row.attention.summary
      ? `<div style="color:#b3261e;margin-top:4px">${escapeHtml(row.attention.summary)}</div>`
      : '') +
    `<table style="border-collapse:collapse;font-size:14px;margin-top:8px">${figuresOf(row, timezone)
      .map(
        (value, i) =>
          `<tr><th style="${cell};font-weight:normal;color:#5f5f5f">${escapeHtml(LABELS[i]!)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table></div>`;
  const htmlSection = (title: string, list: PortfolioRowDto[]) =>
    list.length
      ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title)}</h2>${list.map(htmlTeam).join('')}`
      : '';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">',
    '<div style="max-width:600px">',
    `<p>Hi ${escapeHtml(oneLine(firstName))},</p>`,
    `<p>Here is your week in Rally. ${escapeHtml(lead)}</p>`,
    htmlSection(PortfolioMessages.needsAttention, flagged),
    htmlSection(flagged.length ? 'Other teams' : 'Your teams', others),
    `<p style="margin-top:24px"><a href="${escapeHtml(portfolioUrl)}">Open your portfolio</a></p>`,
    `<p style="font-size:12px;color:#5f5f5f">To change the day or hour of this e-mail, or to stop it, go to <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>`,
    '</div></body></html>',
  ].join('');

  return { to, subject: PortfolioMessages.digestSubject, text, html };
}
