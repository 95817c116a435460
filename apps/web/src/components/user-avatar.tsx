import { Avatar, type AvatarProps } from '@mui/material';

/** Up to 3 initials of a name's words (spec §9). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * Backgrounds for initials, each dark enough for white text (contrast ≥ 4.5:1, WCAG AA); MUI's
 * default light grey gave white initials about 1.9:1.
 */
export const INITIALS_BACKGROUNDS = [
  '#303f9f',
  '#00695c',
  '#5e35b1',
  '#6d4c41',
  '#455a64',
  '#ad1457',
  '#2e7d32',
  '#bf360c',
];

/** The same name always gets the same colour. */
export function initialsBackground(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return INITIALS_BACKGROUNDS[hash % INITIALS_BACKGROUNDS.length]!;
}

/** A plain `sx` style object (what every caller passes), so it merges with the defaults below. */
type StyleObject = Exclude<NonNullable<AvatarProps['sx']>, readonly unknown[] | ((...args: never[]) => unknown)>;

/**
 * A font size at which the initials fit inside the circle: three letters need a smaller one than
 * two (MUI's fixed 20 px put three letters edge to edge of a 40 px avatar and clipped them).
 */
export function initialsFontSize(initials: string, size: number): number {
  return Math.round(size * (initials.length > 2 ? 0.34 : 0.42));
}

/** An avatar image, or the name's initials on a readable colour when there is none. */
export function UserAvatar({
  name,
  src,
  sx,
  ...props
}: { name: string; src?: string | null; sx?: StyleObject } & Omit<AvatarProps, 'src' | 'sx'>) {
  const initials = initialsOf(name);
  const width: unknown = sx && 'width' in sx ? sx.width : undefined;
  const size = typeof width === 'number' ? width : 40;
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={{
        bgcolor: initialsBackground(name),
        color: 'common.white',
        fontSize: initialsFontSize(initials, size),
        fontWeight: 600,
        ...sx,
      }}
      {...props}
    >
      {initials}
    </Avatar>
  );
}
