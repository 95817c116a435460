import { Alert, Box, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { useMyProfile } from '../api/profile';
import { ChangePasswordForm } from '../components/change-password-form';

/** /profile: the signed-in user's own profile. */
export function ProfileRoute() {
  const profile = useMyProfile();
  const [tab, setTab] = useState(0);

  if (profile.isPending) return <Skeleton variant="rounded" height={250} />;
  if (profile.isError) return <Alert severity="error">{profile.error.message}</Alert>;
  const user = profile.data;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageBreadcrumbs items={[{ label: 'Profile' }]} />
      <Card>
        <Box sx={{ height: 250, background: 'linear-gradient(120deg, #3949ab, #7986cb 60%, #ffb300)' }} aria-hidden />
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: -8, alignItems: { sm: 'flex-end' } }}>
            <UserAvatar
              name={user.full_name}
              src={user.avatar}
              sx={{ width: 100, height: 100, fontSize: 36, border: 4, borderColor: 'background.paper' }}
            />
            <Box>
              <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
                {user.full_name}
              </Typography>
              <Typography color="text.secondary">{user.email}</Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Profile sections">
          <Tab label="Change Password" />
        </Tabs>
        <CardContent>{tab === 0 && <ChangePasswordForm email={user.email} />}</CardContent>
      </Card>
    </Box>
  );
}
