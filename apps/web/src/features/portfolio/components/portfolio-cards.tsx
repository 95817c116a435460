import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PortfolioRowDto } from '@rally/contract';
import type { ReactNode } from 'react';
import { activityTotal, percent } from './columns';
import { HappinessFact, LastActivityFact, RateFact, TasksFact, TeamHeading } from './facts';
import { useOpenTeamOnClick } from './open-team';
import { Sparkline } from './sparkline';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One team on a phone: the table's facts as a card, its name a link to the team's timeline. */
function PortfolioCard({ row }: { row: PortfolioRowDto }) {
  const total = activityTotal(row);
  const openTeam = useOpenTeamOnClick();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={row.team.name}
      onClick={openTeam(row.team.id)}
      sx={{ cursor: 'pointer', borderColor: row.attention.flagged ? 'error.main' : undefined }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <TeamHeading row={row} size="title" />
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1.25, mt: 1.5, mb: 0 }}
        >
          <Fact label="Happiness">
            <HappinessFact happiness={row.happiness} place="card" />
          </Fact>
          <Fact label="Participation">{percent(row.participation)}</Fact>
          <Fact label="Check-in responses">
            <RateFact value={row.checkin_response_rate} kind="checkins" place="card" />
          </Fact>
          <Fact label="Tasks">
            <TasksFact tasks={row.tasks} place="card" />
          </Fact>
          <Fact label="Video responses">
            <RateFact value={row.video_response_rate} kind="video" place="card" />
          </Fact>
          <Fact label="Slideshow responses">
            <RateFact value={row.slideshow_response_rate} kind="slideshow" place="card" />
          </Fact>
          <Fact label="Last activity">
            <LastActivityFact at={row.last_activity_at} />
          </Fact>
          <Fact label="Activity">
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Sparkline activity={row.activity} />
              <span aria-hidden>{total}</span>
            </Box>
          </Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The phone's portfolio: the teams as cards, in the order chosen above them. */
export function PortfolioCards({ rows }: { rows: PortfolioRowDto[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <PortfolioCard key={row.team.id} row={row} />
      ))}
    </Box>
  );
}
