import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { MoodDto } from '@rally/contract';
import { buzzName } from '../../../lib/buzz-name';
import { BuzzImage } from './buzz-image';

interface Props {
  open: boolean;
  id: string;
  anchorEl: HTMLElement | null;
  buzzes: readonly MoodDto[];
  /** The viewer's buzz now, if any. */
  current: number | null;
  /** A buzz id, or null to clear the viewer's reaction. */
  onChoose: (buzzTypeId: number | null) => void;
  onClose: () => void;
}

/**
 * The buzz reactions as a menu (arrow keys move, Enter picks, Escape closes). Picking the current
 * one again, or 'Remove reaction', clears it. Its own chunk, loaded on first open.
 */
export function ReactionMenu({ open, id, anchorEl, buzzes, current, onChoose, onClose }: Props) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': 'Reactions', dense: true } }}
    >
      {buzzes.map((buzz) => (
        <MenuItem
          key={buzz.id}
          selected={buzz.id === current}
          aria-current={buzz.id === current ? 'true' : undefined}
          onClick={() => onChoose(buzz.id === current ? null : buzz.id)}
        >
          <ListItemIcon>
            <BuzzImage buzz={buzz} size={26} />
          </ListItemIcon>
          <ListItemText primary={buzzName(buzz)} />
        </MenuItem>
      ))}
      {current !== null && (
        <MenuItem onClick={() => onChoose(null)}>
          <ListItemText primary="Remove reaction" inset />
        </MenuItem>
      )}
    </Menu>
  );
}
