import { Box } from '@mui/material';
import { initialsOf } from '../../../components/user-avatar';

/**
 * The covers of teams without a picture, each dark enough anywhere along it for the white
 * initials at AA for normal text (4.5:1; the thumbnail's initials are 16 px), checked by
 * team-image.test.tsx with the measured contrast of contract/contrast.ts.
 */
export const TEAM_GRADIENTS = [
  ['#283593', '#5c6bc0'],
  ['#00695c', '#00796b'],
  ['#6a1b9a', '#ab47bc'],
  ['#ad1457', '#d81b60'],
  ['#b71c1c', '#d32f2f'],
  ['#0d47a1', '#1976d2'],
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
  const [from, to] = TEAM_GRADIENTS[id % TEAM_GRADIENTS.length]!;
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
