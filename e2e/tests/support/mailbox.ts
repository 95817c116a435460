/**
 * Reads the mails the server sent, from the SMTP sink that the global setup started
 * (harness/mail-sink.ts, address in E2E_MAILBOX_URL).
 */

export interface ReceivedMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

export interface WaitForMailOptions {
  /** Only mails whose subject contains this (case-insensitive). */
  subjectIncludes?: string;
  /** Default 15 s. */
  timeoutMs?: number;
}

/** Mails already handed out by waitForMail in this worker; each is returned once. */
const delivered = new Set<number>();

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url)
    throw new Error(
      'E2E_MAILBOX_URL is not set: run through playwright.config.ts, whose global setup starts the mail sink',
    );
  return url;
}

async function fetchMails(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as ReceivedMail[];
}

/**
 * Waits for a mail to `to` (and, if given, with `subjectIncludes` in its subject) that no earlier
 * call returned, and returns the newest such mail. So a second call after "Resend Code" returns the
 * new mail, not the first one again.
 */
export async function waitForMail(
  to: string,
  { subjectIncludes, timeoutMs = 15_000 }: WaitForMailOptions = {},
): Promise<ReceivedMail> {
  const needle = subjectIncludes?.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await fetchMails(to);
    const match = mails
      .filter((m) => !delivered.has(m.id) && (needle === undefined || m.subject.toLowerCase().includes(needle)))
      .at(-1);
    if (match) {
      delivered.add(match.id);
      return match;
    }
    if (Date.now() >= deadline) {
      const seen = mails.map((m) => `"${m.subject}"`).join(', ') || 'none';
      throw new Error(
        `No new mail to ${to}${subjectIncludes ? ` with "${subjectIncludes}" in the subject` : ''} within ${timeoutMs} ms (mails to that address: ${seen})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code in a mail's text. */
export function codeFrom(text: string): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in mail text:\n${text}`);
  return match[1];
}
