import { Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { cardNumberError, cvcError, expiryError, groupCardNumber } from './card-rules';
import { CardFieldError, type CardSectionProps } from './card-section';

type Field = 'number' | 'expiry' | 'cvc';
const RULES: Record<Field, (v: string) => string | null> = {
  number: cardNumberError,
  expiry: expiryError,
  cvc: cvcError,
};

/**
 * Test mode's card fields (no Stripe configured): Stripe's test numbers work as they do at Stripe
 * (4242… succeeds, 4000 0000 0000 0002 is declined); the number itself is the payment method.
 */
export function TestCardFields({ register, disabled }: CardSectionProps) {
  const [values, setValues] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ number: false, expiry: false, cvc: false });
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => {
    register(() => {
      setTouched({ number: true, expiry: true, cvc: true });
      const v = latest.current;
      const failed = (Object.keys(RULES) as Field[]).find((f) => RULES[f](v[f]));
      if (failed) return Promise.reject(new CardFieldError(RULES[failed](v[failed]) ?? ''));
      return Promise.resolve(v.number.replace(/\D/g, ''));
    });
    return () => register(null);
  }, [register]);

  const field = (
    name: Field,
    label: string,
    extra: { placeholder: string; autoComplete: string; maxLength: number },
  ) => {
    const error = touched[name] ? RULES[name](values[name]) : null;
    return (
      <TextField
        label={label}
        value={values[name]}
        disabled={disabled}
        onChange={(e) =>
          setValues((s) => ({ ...s, [name]: name === 'number' ? groupCardNumber(e.target.value) : e.target.value }))
        }
        onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
        error={Boolean(error)}
        helperText={error ?? ' '}
        fullWidth
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: extra.autoComplete,
            placeholder: extra.placeholder,
            maxLength: extra.maxLength,
          },
        }}
      />
    );
  };

  return (
    <Stack spacing={1}>
      {field('number', 'Card number', { placeholder: '4242 4242 4242 4242', autoComplete: 'cc-number', maxLength: 23 })}
      <Stack direction="row" spacing={2}>
        {field('expiry', 'Expiry (MM/YY)', { placeholder: '12/34', autoComplete: 'cc-exp', maxLength: 7 })}
        {field('cvc', 'CVC', { placeholder: '123', autoComplete: 'cc-csc', maxLength: 4 })}
      </Stack>
    </Stack>
  );
}
