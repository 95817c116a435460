import { Suspense, lazy } from 'react';
import { SettingsRoute } from '../../features/billing/routes/settings';
import { DeletedTeams } from '../../features/teams/components/deleted-teams';
import { useLeadsAnEngagement } from './lead-teams';
import { LoadingBlock } from '../../components/loading-block';

// Only a lead has the section (issue 26): its form comes in a chunk of its own, for them only.
const PortfolioSettings = lazy(() =>
  import('../../features/portfolio/components/portfolio-settings').then((m) => ({ default: m.PortfolioSettings })),
);

/**
 * `/settings`: the plan (billing), the portfolio's attention rules and digest for a lead, then the
 * owner's deleted engagements, if any (ADR 0019).
 */
export function SettingsPage() {
  const leads = useLeadsAnEngagement();
  return (
    <SettingsRoute>
      {leads && (
        <Suspense fallback={<LoadingBlock label="Loading portfolio settings" height={320} />}>
          <PortfolioSettings />
        </Suspense>
      )}
      <DeletedTeams />
    </SettingsRoute>
  );
}
