import { SettingsRoute } from '../../features/billing/routes/settings';
import { DeletedTeams } from '../../features/teams/components/deleted-teams';

/** `/settings`: the plan (billing), then the owner's deleted engagements, if any (ADR 0019). */
export function SettingsPage() {
  return (
    <SettingsRoute>
      <DeletedTeams />
    </SettingsRoute>
  );
}
