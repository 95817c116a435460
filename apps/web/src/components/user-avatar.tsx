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

/** An avatar image, or the name's initials when there is none. */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & Omit<AvatarProps, 'src'>) {
  return (
    <Avatar src={src ?? undefined} alt={name} {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
