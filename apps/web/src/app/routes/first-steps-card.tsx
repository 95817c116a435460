import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FIRST_STEPS_NOT_A_POST, PostType, type FirstStepsDto, type PostDto } from '@rally/contract';
import { teamProfileQuery } from '../../features/teams/api/get-teams';
import { dismissFirstSteps, firstStepsDismissed } from './first-steps-dismissed';

const NOT_A_POST: ReadonlySet<number> = new Set(FIRST_STEPS_NOT_A_POST);

/**
 * The steps as done: the server's answer (ADR 0032), or what the page already shows — someone else
 * in the team, the owner's post or a check-in request in the loaded feed — so a step is ticked the
 * moment it is done, before the answer is asked again.
 */
export function stepsDone(
  server: FirstStepsDto,
  seen: { userId: number; membersCount: number; posts: readonly PostDto[] },
): FirstStepsDto {
  const { userId, membersCount, posts } = seen;
  return {
    invited: server.invited || membersCount > 1,
    posted: server.posted || posts.some((p) => p.user.id === userId && !NOT_A_POST.has(p.type_id)),
    checkin_requested: server.checkin_requested || posts.some((p) => p.type_id === PostType.checkin),
  };
}

export interface FirstStepsCardProps {
  teamId: number;
  userId: number;
  /** Members of the team as the page knows them (the coach counts as one). */
  membersCount: number;
  /** The timeline's loaded posts. */
  posts: readonly PostDto[];
  /** Opens Invite Members; absent where the permission table does not offer it. */
  onInvite?: (() => void) | undefined;
  /** Opens the create panel on a text post. */
  onPost: () => void;
  /** Opens the create panel on the check-in request. */
  onCheckin: () => void;
  /** The feed's width (the page passes the post cards'). */
  maxWidth: number;
}

interface Step {
  key: keyof FirstStepsDto;
  title: string;
  hint: string;
  action: string;
  run?: (() => void) | undefined;
}

/**
 * A new engagement's first steps for its owner (issue 25): invite members, post a welcome,
 * request a check-in, each with the button that does it and a check mark once done. Gone when all
 * three are done, or once dismissed.
 */
export function FirstStepsCard({
  teamId,
  userId,
  membersCount,
  posts,
  onInvite,
  onPost,
  onCheckin,
  maxWidth,
}: FirstStepsCardProps) {
  const [dismissed, setDismissed] = useState(() => firstStepsDismissed(userId, teamId));
  const profile = useQuery({ ...teamProfileQuery(teamId), enabled: !dismissed });
  const server = profile.data?.first_steps;
  if (dismissed || !server) return null;
  const done = stepsDone(server, { userId, membersCount, posts });
  const steps: Step[] = [
    { key: 'invited', title: 'Invite members', hint: 'Bring your team in.', action: 'Invite', run: onInvite },
    { key: 'posted', title: 'Post a welcome', hint: 'Say hello on the timeline.', action: 'Post', run: onPost },
    {
      key: 'checkin_requested',
      title: 'Request a check-in',
      hint: 'Ask how everyone feels.',
      action: 'Request',
      run: onCheckin,
    },
  ];
  const count = steps.filter((s) => done[s.key]).length;
  if (count === steps.length) return null;

  const dismiss = () => {
    dismissFirstSteps(userId, teamId);
    setDismissed(true);
  };

  return (
    <Paper
      component="section"
      aria-labelledby="first-steps-title"
      variant="outlined"
      sx={{ width: '100%', maxWidth, mx: 'auto', p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="first-steps-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            First steps
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count} of {steps.length} done
          </Typography>
        </Box>
        <IconButton aria-label="Dismiss first steps" size="small" onClick={dismiss} sx={{ mt: -0.5, mr: -0.5 }}>
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {steps.map((step) => {
          const ok = done[step.key];
          return (
            <Box
              component="li"
              key={step.key}
              aria-label={step.title}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
            >
              {ok ? (
                <CheckCircle color="success" aria-hidden />
              ) : (
                <RadioButtonUnchecked sx={{ color: 'text.secondary' }} aria-hidden />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.hint}
                </Typography>
              </Box>
              {ok ? (
                <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
                  Done
                </Typography>
              ) : (
                step.run && (
                  <Button
                    variant="outlined"
                    size="small"
                    aria-label={step.title}
                    // Not a click elsewhere for the create panel: it opens, it does not close.
                    onClick={(e) => {
                      e.stopPropagation();
                      step.run?.();
                    }}
                  >
                    {step.action}
                  </Button>
                )
              )}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
