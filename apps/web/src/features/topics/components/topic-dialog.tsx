import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MOOD_IMAGE_PREFIX, PostMessages, TopicMessages, moodById, type TopicDto } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { buzzName } from '../../../lib/buzz-name';
import { topicDay } from './topic-dates';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Who reacted, with which buzz: the latest few, then 'and N more' (decisions.md). */
function Reactions({ topic }: { topic: TopicDto }) {
  if (topic.buzzes_count === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {PostMessages.noReaction}
      </Typography>
    );
  const more = topic.buzzes_count - topic.reactions.length;
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {topic.reactions.map((r) => {
        const buzz = moodById(r.buzz_type_id);
        return (
          <Stack key={r.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <UserAvatar name={r.user.full_name} src={r.user.avatar} sx={{ width: 28, height: 28, fontSize: 12 }} />
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {r.user.full_name}
            </Typography>
            {buzz && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                <Box component="img" src={`${MOOD_IMAGE_PREFIX}${buzz.file}`} alt="" sx={{ width: 20, height: 20 }} />
                <Typography variant="body2" color="text.secondary">
                  {buzzName(buzz)}
                </Typography>
              </Stack>
            )}
          </Stack>
        );
      })}
      {more > 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          {PostMessages.andMore(more)}
        </Typography>
      )}
    </Stack>
  );
}

/** The topic with its day, author, reactions and engagements (spec §2 Inspiration dialog). */
export function TopicDialog({ topic, open, onClose }: { topic: TopicDto; open: boolean; onClose: () => void }) {
  const commenter = topic.recent_expressed_activity_user;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="topic-dialog-title">
      <DialogTitle id="topic-dialog-title">{TopicMessages.heading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {topic.content}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <UserAvatar name={topic.user.full_name} src={topic.user.avatar} sx={{ width: 36, height: 36 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {topic.user.full_name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {topicDay(topic.publish_date)}
              </Typography>
            </Box>
          </Stack>
          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Reactions ({topic.buzzes_count})
            </Typography>
            <Reactions topic={topic} />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Engagements
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {plural(topic.expressions_count, 'engagement', 'engagements')}
              {commenter && ` · latest by ${commenter.full_name}`}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
