import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { COACH_PRICE_ID, type PaymentConfigDto } from '@rally/contract';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSubscribe } from '../api/subscribe';
import { cardHolderError, promoCodeError } from './card-rules';
import { CardFieldError, type CardCollector } from './card-section';
import { TestCardFields } from './test-card-fields';

/** Stripe's code is fetched only here, and only when Stripe is configured. */
const StripeCardField = lazy(() => import('./stripe-card-field'));

interface Props {
  config: PaymentConfigDto;
  submitLabel: string;
  /** After the provider accepted the card (the page then reloads, spec §4). */
  onPaid: (message: string | undefined) => void;
}

/** Card holder name, the card, a numeric promo code (spec §5); the server answers the provider's verdict. */
export function PaymentForm({ config, submitLabel, onPaid }: Props) {
  const [name, setName] = useState('');
  const [promo, setPromo] = useState('');
  const [touched, setTouched] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const collector = useRef<CardCollector | null>(null);
  const register = useCallback((c: CardCollector | null) => {
    collector.current = c;
  }, []);
  const mutation = useSubscribe(onPaid);

  const nameError = touched || name ? cardHolderError(name) : null;
  const promoError = promoCodeError(promo);
  const busy = collecting || mutation.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerErrors({});
    mutation.reset();
    const collect = collector.current;
    if (cardHolderError(name) || promoError || !collect) return;
    setCollecting(true);
    let paymentMethod: string;
    try {
      paymentMethod = await collect(name.trim());
    } catch (err) {
      if (!(err instanceof CardFieldError)) setServerErrors({ payment_method: [errorMessage(err)] });
      return;
    } finally {
      setCollecting(false);
    }
    mutation.mutate(
      {
        subscription_package_price_id: COACH_PRICE_ID,
        payment_method: paymentMethod,
        name: name.trim(),
        ...(promo.trim() ? { promo_code: promo.trim() } : {}),
      },
      { onError: (err) => err instanceof ApiError && setServerErrors(err.errors) },
    );
  };

  const serverNameError = serverErrors.name?.[0];
  const serverPromoError = serverErrors.promo_code?.[0];
  const failure =
    mutation.error || serverErrors.payment_method
      ? (serverErrors.payment_method?.[0] ?? errorMessage(mutation.error))
      : null;

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1}>
      <TextField
        label="Card holder name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(nameError ?? serverNameError)}
        helperText={nameError ?? serverNameError ?? ' '}
        disabled={busy}
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'cc-name' } }}
      />
      {config.provider === 'stripe' && config.publishable_key ? (
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the card field" />}>
          <StripeCardField publishableKey={config.publishable_key} register={register} disabled={busy} />
        </Suspense>
      ) : (
        <TestCardFields register={register} disabled={busy} />
      )}
      <TextField
        label="Promo code (optional)"
        value={promo}
        onChange={(e) => setPromo(e.target.value)}
        error={Boolean(promoError ?? serverPromoError)}
        helperText={promoError ?? serverPromoError ?? ' '}
        disabled={busy}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
      {failure && !serverNameError && !serverPromoError && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={busy}
        disabled={Boolean(nameError) || Boolean(promoError)}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
