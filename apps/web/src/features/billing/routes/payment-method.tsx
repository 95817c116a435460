import { Alert, Box, Card, CardContent, CardHeader, Chip, Skeleton, Stack, Typography } from '@mui/material';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { BillingMessages, PLANS, type SubscriptionDto } from '@rally/contract';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageTitle } from '../../../components/page-title';
import { usePaymentConfig } from '../api/get-payment-config';
import { useSubscription } from '../api/get-subscription';
import { browser } from '../components/browser';
import { PaymentForm } from '../components/payment-form';
import {
  amountLabel,
  displayDate,
  hasLiveCard,
  isSubscribed,
  priceLabel,
  statusLabel,
} from '../components/plan-format';
import { session as sessionStorage } from '../../../lib/web-storage';

/** The message of a payment, kept across the reload that follows it (spec §4). */
const FLASH_KEY = 'rally.billing.paid';
const COACH = PLANS.find((p) => p.name === 'Premium')!;

function takeFlash(): string | null {
  const message = sessionStorage.getItem(FLASH_KEY);
  if (message !== null) sessionStorage.removeItem(FLASH_KEY);
  return message;
}

/** What paying now means for this subscription, in one sentence. */
function chargeNote(s: SubscriptionDto): string {
  if (hasLiveCard(s)) return 'The new card replaces the one on file for the coming invoices.';
  if (s.name === 'Premium' && s.stripe_status === 'trialing' && s.trial_ends_at)
    return `Your trial continues until ${displayDate(s.trial_ends_at)}; the first ${amountLabel(COACH)} is charged then.`;
  return `${amountLabel(COACH)} is charged today, then every month. Your engagements are active again at once.`;
}

/** /paymentMethod/{subscription}: 'Manage Subscription', the card for the Coach plan (spec §2). */
export function PaymentMethodRoute() {
  const { plan } = useParams();
  const subscription = useSubscription();
  const config = usePaymentConfig();
  const [flash] = useState(takeFlash);

  // Without a subscription there is nothing to manage (spec §2); only the Coach plan is paid.
  if (subscription.isError) return <Navigate to="/" replace />;
  if (plan !== COACH.title) return <Navigate to="/settings" replace />;

  const s = subscription.data;
  const paid = (message: string | undefined) => {
    sessionStorage.setItem(FLASH_KEY, message ?? BillingMessages.subscribed);
    browser.reload();
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box>
        <PageBreadcrumbs items={[{ label: 'Settings', to: '/settings' }, { label: 'Manage Subscription' }]} />
        <PageTitle>Manage Subscription</PageTitle>
      </Box>
      <Card>
        <CardHeader
          title={`${COACH.title} plan`}
          subheader={priceLabel(COACH)}
          slotProps={{ title: { component: 'h2', variant: 'h6', sx: { fontWeight: 700 } } }}
        />
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {flash && (
            <Alert severity="success" role="status">
              {flash}
            </Alert>
          )}
          {!s || !config.data ? (
            <Skeleton variant="rounded" height={280} />
          ) : (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography>
                  Current plan: <strong>{s.title}</strong>
                </Typography>
                <Chip size="small" label={statusLabel(s)} color={isSubscribed(s) ? 'success' : 'warning'} />
                {hasLiveCard(s) && <Chip size="small" color="primary" label="Subscribed" />}
              </Stack>
              {config.data.provider !== 'off' && <Typography color="text.secondary">{chargeNote(s)}</Typography>}
              {config.data.provider === 'test' && (
                <Alert severity="info" role="note" icon={<ScienceOutlined />}>
                  <strong>{BillingMessages.testMode}</strong>. Use 4242 4242 4242 4242 with any future date and any CVC;
                  4000 0000 0000 0002 is declined.
                </Alert>
              )}
              {config.data.provider === 'off' ? (
                // The server takes no payment (its operator turned test mode off): no form to fill in vain.
                <Alert severity="warning" role="note">
                  {BillingMessages.paymentsOff}
                </Alert>
              ) : (
                <PaymentForm
                  config={config.data}
                  submitLabel={hasLiveCard(s) ? 'Update card' : 'Subscribe'}
                  onPaid={paid}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
