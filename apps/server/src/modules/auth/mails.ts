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
