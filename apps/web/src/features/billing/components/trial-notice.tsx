import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useSubscription } from '../api/get-subscription';
import { trialLeft } from './trial-left';

/**
 * A coach on trial without a card sees the days left and Add card, to the Coach plan's card form
 * (issue 25). Calm on purpose: information, not a warning; gone once a card is on file or the plan
 * is no longer trialing.
 */
export function TrialNotice() {
  const subscription = useSubscription();
  const left = trialLeft(subscription.data);
  if (!left) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      // Information on arrival, not an interruption: read politely.
      role="status"
      sx={{ alignItems: 'center', mb: 3 }}
      action={
        <Button component={RouterLink} to={paths.paymentMethod('Coach')} color="inherit" size="small">
          Add card
        </Button>
      }
    >
      {left}
    </Alert>
  );
}
