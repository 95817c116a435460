import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { CreateTextPostForm } from './create-text-post-form';

interface Props {
  teamId: number;
  open: boolean;
  /** Dismissed (Close, Escape, a click elsewhere or a post made): it closes a second later. */
  closing: boolean;
  onDismiss: () => void;
  /** The writer came back during that second. */
  onKeepOpen: () => void;
}

/**
 * The thought panel (spec §2, §5): a text post written from anywhere down the feed; required, at
 * most 500 characters with a counter. It floats above the page without blocking it, and stays
 * mounted while closed so a dismissed thought is still there when it is opened again.
 */
export function ThoughtPanel({ teamId, open, closing, onDismiss, onKeepOpen }: Props) {
  const titleId = useId();
  const paper = useRef<HTMLDivElement>(null);
  // Opening (again) puts the cursor in the text, where the writer left off.
  useEffect(() => {
    if (open) paper.current?.querySelector('textarea')?.focus();
  }, [open]);
  return (
    <ClickAwayListener onClickAway={() => open && !closing && onDismiss()}>
      <Paper
        ref={paper}
        role="dialog"
        aria-modal={false}
        aria-labelledby={titleId}
        elevation={8}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) onDismiss();
        }}
        onPointerDown={closing ? onKeepOpen : undefined}
        onFocus={closing ? onKeepOpen : undefined}
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 72, md: 24 },
          width: { xs: 'calc(100% - 32px)', sm: 420 },
          zIndex: (t) => t.zIndex.appBar + 1,
          p: 2,
          opacity: closing ? 0.55 : 1,
          transition: 'opacity 1s linear',
          '&[hidden]': { display: 'none' },
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.1rem' }}>
          Share a thought
        </Typography>
        <CreateTextPostForm
          teamId={teamId}
          label="Your thought, inspiration or action"
          placeholder="What is on your mind?"
          onPosted={onDismiss}
          actions={<Button onClick={onDismiss}>Close</Button>}
        />
      </Paper>
    </ClickAwayListener>
  );
}
