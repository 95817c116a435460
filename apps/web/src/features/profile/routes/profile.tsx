import { Alert, Box, Card, CardContent, Skeleton, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { OwnProfileDto, UserProfileDto } from '@rally/contract';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { useMyProfile, useUserProfile } from '../api/profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { FunPics } from '../components/fun-pics';
import { ProfileHeader } from '../components/profile-header';
import { AboutMeSection, BasicInfoSection, HoursSection } from '../components/profile-sections';

const TABS = ['Basic Info', 'Availablity Hours', 'Fun Pics', 'Change Password'] as const;

/** /profile (own, editable) and /profile/{user_id} (a teammate's, read-only; own id → own). */
export function ProfileRoute() {
  const { userId } = useParams();
  const me = useMyProfile();
  const otherId = userId !== undefined ? Number(userId) : undefined;
  const isOther = otherId !== undefined && me.data !== undefined && otherId !== me.data.id;
  const other = useUserProfile(otherId ?? 0, isOther);

  if (me.isPending || (isOther && other.isPending)) return <Skeleton variant="rounded" height={250} />;
  if (me.isError) return <Alert severity="error">{me.error.message}</Alert>;
  if (isOther && other.isError)
    return (
      <Alert severity="error">
        {other.error.message === 'Not found.' ? 'This profile is not available.' : other.error.message}
      </Alert>
    );
  const user: UserProfileDto = isOther && other.data ? other.data : me.data;
  return <ProfileView user={user} own={isOther ? null : me.data} />;
}

function ProfileView({ user, own }: { user: UserProfileDto; own: OwnProfileDto | null }) {
  const [tab, setTab] = useState(0);
  const editable = own !== null;
  const tabs = editable ? TABS : TABS.slice(0, 3);
  const current = Math.min(tab, tabs.length - 1);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', minWidth: 0 }}>
      <PageBreadcrumbs items={[{ label: editable ? 'Profile' : user.full_name }]} />
      <ProfileHeader user={user} editable={editable} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <AboutMeSection key={`about-${user.id}`} user={user} editable={editable} />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <Tabs
          value={current}
          onChange={(_e, v: number) => setTab(v)}
          aria-label="Profile sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((label, i) => (
            <Tab key={label} label={label} id={`profile-tab-${i}`} aria-controls="profile-panel" />
          ))}
        </Tabs>
        <CardContent role="tabpanel" id="profile-panel" aria-labelledby={`profile-tab-${current}`}>
          {current === 0 && <BasicInfoSection user={user} own={own} />}
          {current === 1 && <HoursSection user={user} own={own} />}
          {current === 2 && <FunPics user={user} editable={editable} />}
          {current === 3 && own && <ChangePasswordForm email={own.email} />}
        </CardContent>
      </Card>
    </Box>
  );
}
