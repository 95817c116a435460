import type { MailMessage } from '../mail/mailer.js';

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
    subject: `${inviter} invited you to join ${team} on Rally`,
    text: [
      `Hi,`,
      '',
      `${inviter} has invited you to join the team "${team}" on Rally.`,
      '',
      hasAccount ? `Open Rally to accept: ${link}` : `Create your free account to accept: ${link}`,
      '',
      `Or use Join Engagement with this code: ${code}`,
    ].join('\n'),
  };
}
