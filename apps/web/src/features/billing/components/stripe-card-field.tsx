import { Box, FormHelperText, InputLabel } from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { CardFieldError, type CardSectionProps } from './card-section';

/**
 * Stripe Elements (loaded only on the payment page, and only when Stripe is configured): the card
 * goes from Stripe's own iframe to Stripe; Rally receives the PaymentMethod id. Stripe.js itself
 * comes from js.stripe.com at run time, as Stripe requires.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

function CardField({ register, disabled }: CardSectionProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements) return;
    register(async (holderName) => {
      const card = elements.getElement(CardElement);
      if (!card) throw new CardFieldError('The card field is not ready yet.');
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: holderName } });
      if (result.error) {
        setError(result.error.message ?? 'Your card could not be used.');
        throw new CardFieldError(result.error.message ?? '');
      }
      return result.paymentMethod.id;
    });
    return () => register(null);
  }, [stripe, elements, register]);

  return (
    <Box>
      <InputLabel shrink>Card</InputLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 2,
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <CardElement
          options={{ disabled, hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          onChange={(e) => setError(e.error?.message ?? null)}
        />
      </Box>
      <FormHelperText error={Boolean(error)}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}

export default function StripeCardField(props: CardSectionProps & { publishableKey: string }) {
  const { publishableKey, ...section } = props;
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardField {...section} />
    </Elements>
  );
}
