import { Link, type LinkProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';

type Props = { userId: number; children: ReactNode } & Omit<LinkProps, 'href' | 'component'>;

/**
 * A person's name or avatar as a link to their profile (spec §2: names and avatars across the app
 * link to it). A user who has left Rally (id ≤ 0) has no profile: the content shows unlinked.
 * Never put one inside another link or button.
 */
export function ProfileLink({ userId, children, ...props }: Props) {
  if (userId <= 0) return <>{children}</>;
  return (
    <Link component={RouterLink} to={paths.userProfile(userId)} underline="hover" color="inherit" {...props}>
      {children}
    </Link>
  );
}
