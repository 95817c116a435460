import { Box, Button, Card, CardActions, CardContent, IconButton, Link, Typography } from '@mui/material';
import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { inviteOffered, type TeamDto } from '@rally/contract';
import { Link as RouterLink } from 'react-router';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { paths } from '../../../config/paths';
import { useTeamViewer } from '../../../lib/viewer';
import { MemberStack } from './member-stack';
import { TeamImage } from './team-image';

interface Props {
  team: TeamDto;
  /** The viewer's subscription is Premium, active or trialing. */
  coach: boolean;
  onInvite?: (team: TeamDto) => void;
}

/** An engagement card (spec §2): picture and name link to the team, member stack, info icon, upgrade overlay. */
export function TeamCard({ team, coach, onInvite }: Props) {
  const inactive = team.status === 'inactive';
  const viewer = useTeamViewer(team.role_id, coach);
  const invite = onInvite && inviteOffered('card', viewer);
  return (
    <Card
      component="article"
      aria-label={team.name}
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          ...(inactive && { filter: 'grayscale(1)', opacity: 0.55 }),
        }}
        aria-hidden={inactive || undefined}
      >
        <Box
          component={RouterLink}
          to={paths.teamHome(team.id)}
          tabIndex={inactive ? -1 : undefined}
          aria-label={`Open ${team.name}`}
          sx={{ display: 'block', textDecoration: 'none' }}
        >
          <TeamImage id={team.id} name={team.name} avatar={team.avatar} />
        </Box>
        <CardContent sx={{ flexGrow: 1, pb: 1 }}>
          <Link
            component={RouterLink}
            to={paths.teamHome(team.id)}
            tabIndex={inactive ? -1 : undefined}
            variant="h6"
            underline="hover"
            color="text.primary"
            noWrap
            sx={{ display: 'block', fontWeight: 700 }}
            title={team.name}
          >
            {team.name}
          </Link>
          <Typography variant="body2" color="text.secondary" noWrap>
            Coach: {team.manager.full_name}
          </Typography>
          {team.latest_topic && (
            // The team's latest Inspiration topic (spec §3 latest_topic), two lines at most.
            <Typography
              variant="body2"
              title={team.latest_topic.content}
              sx={{
                mt: 1,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              <Box component="span" sx={{ fontWeight: 600 }}>
                Inspiration:{' '}
              </Box>
              {team.latest_topic.content}
            </Typography>
          )}
        </CardContent>
        {/* Five avatars, Invite Members and the info icon need more than a 350 px card: the
            actions move under the avatars as a whole rather than wrap the button's label. */}
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <MemberStack users={team.users} count={team.users_count} tabIndex={inactive ? -1 : undefined} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
            {invite && !inactive && (
              <Button
                size="small"
                startIcon={<PersonAddAlt1Outlined />}
                onClick={() => onInvite(team)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                Invite Members
              </Button>
            )}
            <DeferredTooltip title="To-do Lists">
              <IconButton
                component={RouterLink}
                to={paths.teamsTodoLists(team.id)}
                tabIndex={inactive ? -1 : undefined}
                aria-label={`${team.name} to-do lists`}
                size="small"
              >
                <ChecklistRounded fontSize="small" />
              </IconButton>
            </DeferredTooltip>
            <DeferredTooltip title="Engagement Information">
              <IconButton
                component={RouterLink}
                to={paths.teamsInfo(team.id)}
                tabIndex={inactive ? -1 : undefined}
                aria-label={`${team.name} information`}
                size="small"
              >
                <InfoOutlined fontSize="small" />
              </IconButton>
            </DeferredTooltip>
          </Box>
        </CardActions>
      </Box>
      {inactive && (
        <Box
          data-testid="inactive-overlay"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            p: 3,
            textAlign: 'center',
            bgcolor: 'rgba(255, 255, 255, 0.8)',
            backdropFilter: 'blur(2px)',
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>{team.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            This engagement is inactive until its coach has an active Coach plan.
          </Typography>
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.paymentMethod('Coach')}
            startIcon={<WorkspacePremiumOutlined />}
          >
            Upgrade to Coach
          </Button>
        </Box>
      )}
    </Card>
  );
}
