import { Box } from '@mui/material';
import { initialsOf } from '../../../components/user-avatar';

const GRADIENTS = [
  ['#3949ab', '#7986cb'],
  ['#00897b', '#4db6ac'],
  ['#6a1b9a', '#ba68c8'],
  ['#ef6c00', '#ffb74d'],
  ['#c62828', '#ef5350'],
  ['#1565c0', '#4fc3f7'],
] as const;

/** A team's picture at 16/9, or a gradient (picked by id) with the name's initials. */
export function TeamImage({
  id,
  name,
  avatar,
  rounded,
  small,
}: {
  id: number;
  name: string;
  avatar: string | null;
  rounded?: boolean;
  /** A thumbnail (a list's): initials to match. */
  small?: boolean;
}) {
  const [from, to] = GRADIENTS[id % GRADIENTS.length]!;
  return (
    <Box
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        borderRadius: rounded ? 2 : 0,
        background: `linear-gradient(135deg, ${from}, ${to})`,
        color: 'common.white',
      }}
    >
      {avatar ? (
        <Box component="img" src={avatar} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Box
          component="span"
          aria-hidden
          sx={{ fontSize: small ? '1rem' : '2.5rem', fontWeight: 800, letterSpacing: small ? 1 : 2 }}
        >
          {initialsOf(name)}
        </Box>
      )}
    </Box>
  );
}
