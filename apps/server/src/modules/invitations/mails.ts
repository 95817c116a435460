import type { MailMessage } from '../mail/mailer.js';

export const INVITATION_SUBJECT = "You're invited to a team on Rally";

/** A user's text on one line of a plain-text body (names have no control characters; this is belt and braces). */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export interface InvitationMailInput {
  to: string;
  inviter: string;
  team: string;
  code: string;
  publicUrl: string;
  /** People without an account are sent to sign-up; the invitation waits for them there. */
  hasAccount: boolean;
}

export function invitationMail({ to, inviter, team, code, publicUrl, hasAccount }: InvitationMailInput): MailMessage {
  // /engagements?invitation_code= opens Join Engagement with the code filled in; a new person
  // signs up first and is sent there once verified.
  const join = `/engagements?${new URLSearchParams({ invitation_code: code }).toString()}`;
  const link = hasAccount
    ? new URL(join, publicUrl).toString()
    : new URL(`/register?${new URLSearchParams({ email: to, redirect: join }).toString()}`, publicUrl).toString();
  return {
    to,
    // Fixed text: the inviter's name and the team's are typed by users, and a subject is what a
    // spammer would use (ADR 0021). The body names them, quoted, on lines of their own.
    subject: INVITATION_SUBJECT,
    text: [
      `Hi,`,
      '',
      'You have been invited to join a team on Rally.',
      '',
      `Invited by: "${oneLine(inviter)}"`,
      `Team: "${oneLine(team)}"`,
      '',
      hasAccount ? `Open Rally to accept: ${link}` : `Create your free account to accept: ${link}`,
      '',
      `Or use Join Engagement with this code: ${code}`,
    ].join('\n'),
  };
}
