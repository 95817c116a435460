import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { useEffect, useRef, useState } from 'react';
import type { TeamDto } from '@rally/contract';
import { SkeletonGrid } from '../../components/skeleton-grid';
import { paths } from '../../config/paths';
import { useTeams } from '../../features/teams/api/get-teams';
import { TeamImage } from '../../features/teams/components/team-image';
import { useTeamsHost } from '../../lib/teams-host';
import { onTabSave, setTabSaveEnabled, type TabConfig } from '../../lib/teams-tab-config';
import { PageTitle } from '../../components/page-title';

/** The tab a team's choice makes: its timeline, named after it (spec §2). */
export function tabConfigFor(team: Pick<TeamDto, 'id' | 'name'>, origin = window.location.origin): TabConfig {
  const timeline = `${origin}${paths.teamTimeline(team.id)}`;
  return {
    contentUrl: timeline,
    entityId: `rally-team-${team.id}`,
    suggestedDisplayName: team.name,
    websiteUrl: timeline,
  };
}

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', gap: 2 };

/**
 * `/integrations/teams/tab-config`: the configure page of Rally's Teams tab (spec §1, §2). The user
 * picks one of their teams; the host's Save is enabled once one is chosen, and saves the tab
 * showing that team's timeline under its name. Opened outside Teams it lists the teams all the
 * same and says where it belongs.
 */
export function TabConfigPage() {
  const host = useTeamsHost();
  const teams = useTeams();
  const [chosen, setChosen] = useState<TeamDto | null>(null);
  const configuring = host.inHost && host.frameContext === 'settings';
  // The host's Save reads the choice of that moment.
  const current = useRef<TabConfig | null>(null);
  current.current = chosen && tabConfigFor(chosen);

  useEffect(() => {
    if (configuring) void onTabSave(() => current.current);
  }, [configuring]);

  useEffect(() => {
    if (configuring) void setTabSaveEnabled(chosen !== null);
  }, [configuring, chosen]);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageTitle sx={{ mb: 1 }}>Kindly select the team</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The tab will show the team’s timeline.
      </Typography>
      {!host.inHost && host.settled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This page is meant to be opened from Microsoft Teams, when Rally is added as a tab to a channel or chat.
        </Alert>
      )}
      {teams.isPending ? (
        <SkeletonGrid sx={grid} height={220} />
      ) : teams.isError ? (
        <Alert severity="error">{teams.error.message}</Alert>
      ) : teams.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          You don't have any teams.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Teams" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
          {teams.data.map((team) => {
            const selected = chosen?.id === team.id;
            return (
              <Card
                key={team.id}
                component="li"
                aria-label={team.name}
                variant="outlined"
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  borderWidth: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                }}
              >
                <TeamImage id={team.id} name={team.name} avatar={team.avatar} />
                <CardContent sx={{ flexGrow: 1, pb: 1 }}>
                  <Typography variant="h6" noWrap title={team.name} sx={{ fontWeight: 700 }}>
                    {team.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    Coach: {team.manager.full_name}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button
                    variant={selected ? 'contained' : 'outlined'}
                    aria-pressed={selected}
                    startIcon={selected ? <CheckRounded /> : undefined}
                    onClick={() => setChosen(team)}
                  >
                    {selected ? 'Selected' : 'Select'}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
