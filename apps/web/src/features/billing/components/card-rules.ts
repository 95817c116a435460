import { BillingMessages, Limits } from '@rally/contract';

/** Card holder name (spec §5): a digit, then the minimum length, as the spec orders them. */
export function cardHolderError(name: string): string | null {
  const v = name.trim();
  if (!v) return BillingMessages.cardHolderRequired;
  if (/\d/.test(v)) return BillingMessages.cardHolderDigit;
  if (v.length < Limits.cardHolderNameMin) return BillingMessages.cardHolderMin;
  return null;
}

/** The promo code is numeric (spec §5); empty is fine. */
export const promoCodeError = (code: string): string | null =>
  /^\d*$/.test(code.trim()) ? null : BillingMessages.promoNumeric;

const digits = (v: string) => v.replace(/\D/g, '');

/** Luhn's check digit, as card fields check numbers before they are sent. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Test-mode card fields say what Stripe's own card fields say. */
export function cardNumberError(value: string): string | null {
  const n = digits(value);
  if (n.length < 13) return 'Your card number is incomplete.';
  if (n.length > 19 || !luhn(n)) return 'Your card number is invalid.';
  return null;
}

export function expiryError(value: string, now: Date = new Date()): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m) return "Your card's expiration date is incomplete.";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return "Your card's expiration date is in the past.";
  return null;
}

export const cvcError = (value: string): string | null =>
  /^\d{3,4}$/.test(value.trim()) ? null : "Your card's security code is incomplete.";

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export const groupCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
