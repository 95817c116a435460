import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmojiObjectsOutlined from '@mui/icons-material/EmojiObjectsOutlined';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { PostType } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { useSession } from '../../../lib/session';
import { flushUnderAppBar } from '../../../lib/under-app-bar';
import { useDelayedClose } from './create-delayed-close';
import { POST_MAX_WIDTH } from './post-card';
import type { ExtraPostTypes } from './post-type-selector';
import type { TeamMembers } from '../../../components/tag-members-field';
import { ThoughtButton } from './thought-button';
import { LoadingBlock } from '../../../components/loading-block';

// The forms (selector, colours, tagging, uploads, zod through the resolver) load when the panel
// is first opened, so a feed page carries only this bar.
const CreateContentForms = lazy(() =>
  import('./create-content-forms').then((m) => ({ default: m.CreateContentForms })),
);

export interface CreateContentPanelProps {
  teamId: number;
  /** The viewer's role in the team: it decides the post types offered (spec §6). */
  role: number;
  /** The page's post type: 8 on the wall of fame, 9 on bright ideas; it is selected first. */
  typeFilter?: number;
  /**
   * The team's members, to tag in a celebration: the page passes the members feature's
   * `useMembers(teamId)` (a feature does not import another; the page composes them).
   */
  members: TeamMembers;
  /** Opens Invite Members from the tag field when no one else is in the team; the page passes it only where `inviteOffered('tag')` (spec §6). */
  onInviteMembers?: () => void;
  /** Post types whose forms other features draw (a check-in request), offered by role like the rest. */
  extraTypes?: ExtraPostTypes;
  /**
   * Opens the panel on this post type from elsewhere on the page (an empty timeline's button, a
   * first step); a new object for each request.
   */
  openRequest?: { type: number } | null;
}

const PROMPTS: Record<number, { text: string; icon: typeof EditOutlined }> = {
  [PostType.celebration]: { text: 'Celebrate a teammate or announce some news', icon: CampaignOutlined },
  [PostType.brightidea]: { text: 'Share a bright idea with your team', icon: EmojiObjectsOutlined },
};
const DEFAULT_PROMPT = { text: 'Share a thought, an announcement or a bright idea', icon: EditOutlined };

/**
 * The create-content panel at the top of a feed (spec §2): a bar that opens into the post type
 * selector and its form, sticking under the top bar as the feed scrolls (render it as a direct
 * child of the feed's column: a sticky box stays within its parent). Dismissed (Close, Escape,
 * a click elsewhere, or a post made), it closes a second later (spec §9); what was typed stays for
 * next time. Also renders the floating 'New Thoughts, Inspirations, Actions' button.
 */
export function CreateContentPanel({
  teamId,
  role,
  typeFilter,
  members,
  onInviteMembers,
  extraTypes,
  openRequest,
}: CreateContentPanelProps) {
  const session = useSession();
  const panel = useDelayedClose();
  const [loaded, setLoaded] = useState(false);
  const formsId = useId();
  const prompt = (typeFilter !== undefined && PROMPTS[typeFilter]) || DEFAULT_PROMPT;
  const name = session?.user.full_name ?? '';

  const paper = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const open = () => {
    setLoaded(true);
    panel.show();
  };

  // A request from the page opens the panel on its type, in view.
  const { show } = panel;
  useEffect(() => {
    if (!openRequest) return;
    setLoaded(true);
    show();
    paper.current?.scrollIntoView?.({ block: 'nearest' });
  }, [openRequest, show]);

  // Closed while the writer was in it (Close, Escape, a post made): the cursor goes back to the bar,
  // not to the top of the page. A click elsewhere keeps its own focus.
  const wasOpen = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (wasOpen.current && !panel.open && (active === document.body || paper.current?.contains(active)))
      opener.current?.focus();
    wasOpen.current = panel.open;
  }, [panel.open]);

  return (
    <>
      <ClickAwayListener onClickAway={() => panel.open && !panel.closing && panel.dismiss()}>
        <Paper
          component="section"
          aria-label="Create a post"
          elevation={panel.open ? 4 : 1}
          ref={paper}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !e.defaultPrevented && panel.open) panel.dismiss();
          }}
          onPointerDown={panel.closing ? panel.keepOpen : undefined}
          onFocus={panel.closing ? panel.keepOpen : undefined}
          sx={[
            (t) => flushUnderAppBar(t),
            {
              position: 'sticky',
              zIndex: (t) => t.zIndex.appBar - 1,
              width: '100%',
              maxWidth: POST_MAX_WIDTH,
              mx: 'auto',
              maxHeight: { xs: 'calc(100dvh - 72px - 72px)', md: 'calc(100dvh - 72px - 16px)' },
              overflowY: 'auto',
              opacity: panel.closing ? 0.55 : 1,
              transition: 'opacity 1s linear',
            },
          ]}
        >
          {!panel.open && (
            <ButtonBase
              ref={opener}
              onClick={open}
              aria-expanded={false}
              aria-controls={loaded ? formsId : undefined}
              sx={{ width: '100%', justifyContent: 'flex-start', gap: 1.5, p: 1.5, borderRadius: 'inherit' }}
            >
              <UserAvatar name={name} src={session?.user.avatar ?? null} sx={{ width: 40, height: 40 }} />
              <Box
                sx={{
                  flex: 1,
                  minWidth: 0,
                  textAlign: 'left',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 5,
                  px: 2,
                  py: 1,
                  bgcolor: 'action.hover',
                }}
              >
                <Typography
                  color="text.secondary"
                  sx={{
                    fontSize: { xs: 14, sm: 16 },
                    whiteSpace: { sm: 'nowrap' },
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {prompt.text}
                </Typography>
              </Box>
              <prompt.icon color="primary" aria-hidden />
            </ButtonBase>
          )}
          <Collapse in={panel.open} id={formsId}>
            {loaded && (
              <Suspense fallback={<LoadingBlock label="Loading" height={220} sx={{ m: 2 }} />}>
                <CreateContentForms
                  open={panel.open}
                  teamId={teamId}
                  role={role}
                  initialType={openRequest?.type ?? typeFilter}
                  members={members}
                  onInviteMembers={onInviteMembers}
                  onPosted={panel.dismiss}
                  onClose={panel.dismiss}
                  extraTypes={extraTypes}
                />
              </Suspense>
            )}
          </Collapse>
        </Paper>
      </ClickAwayListener>
      <ThoughtButton teamId={teamId} />
    </>
  );
}
