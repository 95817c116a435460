import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { PLANS, type PlanDto, type SubscriptionDto } from '@rally/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { usePlans } from '../api/get-plans';
import { useSubscription } from '../api/get-subscription';
import {
  displayDate,
  hasLiveCard,
  isSubscribed,
  priceLabel,
  statusLabel,
  trialDaysLeft,
  trialEnded,
} from '../components/plan-format';
import { PageTitle } from '../../../components/page-title';

/** The cards' titles: sections under the page's title. */
const sectionTitle = { title: { component: 'h2', variant: 'h6', sx: { fontWeight: 700 } } } as const;

/** Where the Coach plan's button leads and what it says, from the current subscription. */
function coachAction(s: SubscriptionDto | undefined): string | null {
  if (!s) return 'Subscribe';
  if (hasLiveCard(s)) return null;
  if (s.name === 'Premium' && s.stripe_status === 'trialing') return 'Add payment details';
  if (s.name === 'Premium') return 'Activate';
  return 'Subscribe';
}

/** The provider's billing portal (spec §2): only for a card subscription that is active or trialing. */
function PortalButton() {
  const portal = useOpenBillingPortal();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" loading={portal.isPending || portal.isSuccess} onClick={() => portal.mutate()}>
        Manage Billing
      </Button>
      {portal.isError && <Alert severity="error">{errorMessage(portal.error)}</Alert>}
    </Stack>
  );
}

function CurrentPlan({ subscription }: { subscription: SubscriptionDto }) {
  const trial = subscription.stripe_status === 'trialing';
  const ended = trialEnded(subscription);
  return (
    <Card>
      <CardHeader title="Current Plan" slotProps={sectionTitle} />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ fontWeight: 700 }}>
            {subscription.title}
          </Typography>
          <Chip
            size="small"
            label={statusLabel(subscription)}
            // Error red, not warning orange: white on MUI's orange is under 4.5:1.
            color={isSubscribed(subscription) ? 'success' : 'error'}
          />
        </Stack>
        {trial && !ended && subscription.trial_ends_at && (
          <Typography color="text.secondary">
            {daysLeftLabel(trialDaysLeft(subscription) ?? 0)} Your trial ends on{' '}
            {displayDate(subscription.trial_ends_at)}.
          </Typography>
        )}
        {ended && subscription.trial_ends_at && (
          <Typography color="text.secondary">
            Your trial ended on {displayDate(subscription.trial_ends_at)}. Add payment details to keep creating
            engagements and inviting members.
          </Typography>
        )}
        {!trial && subscription.next_invoice_at && (
          <Typography color="text.secondary">Next invoice on {displayDate(subscription.next_invoice_at)}.</Typography>
        )}
        {subscription.title === 'Member' && (
          <Typography color="text.secondary">
            The Member plan lets you join teams and keep one personal team. Coaches create engagements and invite
            members.
          </Typography>
        )}
      </CardContent>
      {hasLiveCard(subscription) && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <PortalButton />
        </CardActions>
      )}
    </Card>
  );
}

const daysLeftLabel = (days: number) =>
  days === 0 ? 'Last day of your trial.' : `${days} ${days === 1 ? 'day' : 'days'} left in your trial.`;

function PlanCard({ plan, current, action }: { plan: PlanDto; current: boolean; action: string | null }) {
  return (
    <Card
      variant="outlined"
      sx={{ flex: 1, borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" sx={{ fontWeight: 700 }}>
            {plan.title}
          </Typography>
          {current && <Chip size="small" color="primary" label="Subscribed" />}
        </Stack>
        <Typography variant="h5" sx={{ my: 1 }}>
          {priceLabel(plan)}
        </Typography>
        <Typography color="text.secondary">
          {plan.name === 'Premium'
            ? 'Unlimited engagements, invitations, team statistics, video and slideshow prompts.'
            : 'Take part in the teams you are invited to and keep one personal team.'}
        </Typography>
      </CardContent>
      {action && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" component={RouterLink} to={paths.paymentMethod(plan.title)}>
            {action}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** /settings: 'Current Plan' (when a subscription exists) and 'Plan Details' (spec §2). */
export function SettingsRoute({ children }: { children?: ReactNode }) {
  const subscription = useSubscription();
  const plans = usePlans();
  const list = plans.data ?? PLANS;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box>
        <PageBreadcrumbs items={[{ label: 'Settings' }]} />
        <PageTitle>Settings</PageTitle>
      </Box>
      {subscription.isPending && <Skeleton variant="rounded" height={140} />}
      {subscription.isError && (
        <Alert severity="warning">Your subscription could not be loaded. Please try again later.</Alert>
      )}
      {subscription.data && <CurrentPlan subscription={subscription.data} />}
      <Card>
        <CardHeader title="Plan Details" slotProps={sectionTitle} />
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={!!subscription.data && subscription.data.name === plan.name && isSubscribed(subscription.data)}
                action={plan.name === 'Premium' && !subscription.isPending ? coachAction(subscription.data) : null}
              />
            ))}
          </Stack>
        </CardContent>
      </Card>
      {/* More sections the app adds (another feature's, e.g. the deleted engagements). */}
      {children}
    </Box>
  );
}
