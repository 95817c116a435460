/** '5 minutes', '1 hour', '3 hours': how long to wait, rounded up. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * Accounts under attack and invitations as a spam channel (ADR 0021): their own object, like
 * PostMessages, so the sign-in screen's entry does not carry them.
 */
export const SecurityMessages = {
  /** A new password on the list of the most common ones (the server checks; auth/common-passwords.ts). */
  passwordTooCommon: 'This password is too common. Please choose another.',
  /** Password sign-in of a guarded account: the same answer, right password or wrong. */
  loginLocked: 'Too many failed sign-ins for this account. To keep it safe, sign in with a code we e-mail you instead.',
  loginCodeSent: 'If an account exists for that e-mail, a sign-in code has been sent to it.',
  loginCodeInvalid: 'The sign-in code is invalid or has expired.',
  /** Past the per-user cap of invitation mails an hour or a day; nothing of the call was sent. */
  inviteCapReached: (retryAfterSeconds: number) =>
    `You have invited too many people recently, so these invitations were not sent. Try again in ${waitText(retryAfterSeconds)}.`,
} as const;
