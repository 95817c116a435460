import type { MailMessage } from '../mail/mailer.js';

const minutes = (ms: number) => Math.round(ms / 60_000);

export function verificationMail(
  to: string,
  firstName: string,
  code: string,
  ttlMs: number,
  verifyUrl: string,
): MailMessage {
  return {
    to,
    subject: `Your Rally verification code is ${code}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your Rally verification code is: ${code}`,
      '',
      `It expires in ${minutes(ttlMs)} minutes. Enter it at ${verifyUrl}`,
      '',
      'If you did not sign up for Rally, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export function resetMail(to: string, firstName: string, code: string, ttlMs: number): MailMessage {
  return {
    to,
    subject: `Your Rally password reset code is ${code}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your Rally password reset code is: ${code}`,
      '',
      `It expires in ${minutes(ttlMs)} minutes. If you did not ask to reset your password, ignore this e-mail; your password stays as it is.`,
    ].join('\n'),
  };
}

/** The code that proves a new address; sent to that address only. */
export function emailChangeCodeMail(to: string, firstName: string, code: string, ttlMs: number): MailMessage {
  return {
    to,
    subject: `Your Rally e-mail change code is ${code}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your Rally e-mail change code is: ${code}`,
      '',
      `It expires in ${minutes(ttlMs)} minutes. Enter it in Rally to make this your account's e-mail address.`,
      '',
      'If you did not ask for this, ignore this e-mail; no account changes.',
    ].join('\n'),
  };
}

/** Tells the old address that the account's e-mail moved; it names no address (subject nor body). */
export function emailChangedMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: 'The e-mail address of your Rally account was changed',
    text: [
      `Hi ${firstName},`,
      '',
      'The e-mail address of your Rally account was just changed, and this address no longer signs in to it.',
      'Every other device signed in to the account has been signed out.',
      '',
      'If you did not make this change, someone else may know your password: contact your Rally administrator at once.',
    ].join('\n'),
  };
}

export function loginCodeMail(to: string, firstName: string, code: string, ttlMs: number): MailMessage {
  return {
    to,
    subject: `Your Rally sign-in code is ${code}`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your Rally sign-in code is: ${code}`,
      '',
      `It expires in ${minutes(ttlMs)} minutes and works once. If you did not ask for it, ignore this e-mail: someone may be trying to guess your password, and your account stays protected.`,
    ].join('\n'),
  };
}
