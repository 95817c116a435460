import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useEffect, useId, useRef, useState } from 'react';
import { PostType } from '@rally/contract';
import { CreateCelebrationForm } from './create-celebration-form';
import { CreateTextPostForm } from './create-text-post-form';
import { POST_TYPE_OPTIONS, PostTypeSelector, useSelectablePostTypes, type ExtraPostTypes } from './post-type-selector';
import type { TeamMembers } from '../../../components/tag-members-field';

export interface CreateContentFormsProps {
  /** The panel is open: the chosen form's text field gets the cursor. */
  open: boolean;
  teamId: number;
  role: number;
  /** The type first selected: the page's type (wall of fame 8, bright ideas 9), else text. */
  initialType?: number;
  members?: TeamMembers;
  onInviteMembers?: () => void;
  /** A post was made (the panel closes a second later). */
  onPosted: () => void;
  onClose: () => void;
  /** Post types whose forms other features draw (see `ExtraPostTypes`). */
  extraTypes?: ExtraPostTypes;
}

/**
 * The open create panel: the post type selector and the form of the chosen type. A form once
 * shown stays mounted while another type is chosen, so switching back finds it as it was left.
 */
export function CreateContentForms({
  open,
  teamId,
  role,
  initialType,
  members,
  onInviteMembers,
  onPosted,
  onClose,
  extraTypes,
}: CreateContentFormsProps) {
  const types = useSelectablePostTypes(role, extraTypes);
  const first = initialType !== undefined && types.includes(initialType) ? initialType : (types[0] ?? PostType.text);
  const [type, setType] = useState(first);
  const [shown, setShown] = useState<readonly number[]>([first]);
  const [pageType, setPageType] = useState(initialType);
  // A page with another type filter selects its type (state from props: React's documented pattern).
  if (pageType !== initialType) {
    setPageType(initialType);
    setType(first);
    if (!shown.includes(first)) setShown([...shown, first]);
  }
  const id = useId();
  const tabId = (t: number) => `${id}-tab-${t}`;
  const panelId = (t: number) => `${id}-panel-${t}`;
  const root = useRef<HTMLDivElement>(null);

  // Opening the panel puts the cursor in the form's text (MUI adds a hidden textarea for sizing).
  useEffect(() => {
    if (open)
      root.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) textarea:not([aria-hidden])')?.focus();
  }, [open]);

  const select = (next: number) => {
    setType(next);
    if (!shown.includes(next)) setShown([...shown, next]);
  };

  const form = (t: number) => {
    const extra = extraTypes?.get(t);
    if (extra) return extra.render(onPosted);
    switch (t) {
      case PostType.celebration:
      case PostType.brightidea:
        return (
          <CreateCelebrationForm
            teamId={teamId}
            type={t}
            members={members}
            onInviteMembers={onInviteMembers}
            onPosted={onPosted}
          />
        );
      default:
        return (
          <CreateTextPostForm
            teamId={teamId}
            label="What would you like to share?"
            placeholder="Share a thought, an update or a question with your team"
            onPosted={onPosted}
          />
        );
    }
  };

  return (
    <Box ref={root}>
      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', pr: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PostTypeSelector
            role={role}
            value={type}
            onChange={select}
            tabId={tabId}
            panelId={panelId}
            extra={extraTypes}
          />
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Stack>
      {shown
        .filter((t) => types.includes(t))
        .map((t) => (
          <Box key={t} role="tabpanel" id={panelId(t)} aria-labelledby={tabId(t)} hidden={t !== type} sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {(POST_TYPE_OPTIONS.get(t) ?? extraTypes?.get(t))?.hint}
            </Typography>
            {form(t)}
          </Box>
        ))}
    </Box>
  );
}
