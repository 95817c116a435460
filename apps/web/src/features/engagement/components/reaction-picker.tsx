import { Button } from '@mui/material';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import { useId, useState } from 'react';
import type { MoodDto, UserRefDto } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { buzzName } from '../../../lib/buzz-name';
import { buzzById } from '../api/get-buzzes';
import type { EngagementSubject } from '../api/subject';
import { useReact } from '../api/use-react';
import { BuzzImage } from './buzz-image';

const ReactionMenu = lazyDialog(() => import('./reaction-menu').then((m) => m.ReactionMenu));

interface Props {
  subject: EngagementSubject;
  me: UserRefDto;
  buzzes: readonly MoodDto[] | undefined;
}

/**
 * The viewer's buzz on a post or task, chosen from a menu. The choice shows at once (spec §4); a failure
 * puts the old one back and says so (decisions.md).
 */
export function ReactionPicker({ subject, me, buzzes }: Props) {
  const post = subject.engagement;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const react = useReact(subject, me);
  const { enqueueSnackbar } = useSnackbar();
  const current = buzzById(buzzes, post.buzz_type_id);

  const choose = (buzzTypeId: number | null) => {
    setAnchor(null);
    if (buzzTypeId === post.buzz_type_id) return;
    react.mutate(buzzTypeId, { onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }) });
  };

  return (
    <>
      <Button
        size="small"
        color={current ? 'primary' : 'inherit'}
        startIcon={current ? <BuzzImage buzz={current} size={20} /> : <AddReactionOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={current ? `Your reaction: ${buzzName(current)}. Change reaction` : 'React'}
        disabled={!buzzes?.length}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {current ? buzzName(current) : 'React'}
      </Button>
      <ReactionMenu
        open={Boolean(anchor)}
        id={menuId}
        anchorEl={anchor}
        buzzes={buzzes ?? []}
        current={post.buzz_type_id}
        onChoose={choose}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
