import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { MOOD_IMAGE_PREFIX, type MoodDto, type UserProfileDto } from '@rally/contract';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { UserAvatar } from '../../../components/user-avatar';
import { useSnackbar } from '../../../lib/snackbar';
import { errorMessage } from '../../../lib/error-message';
import { useMoods, useUpdateMood } from '../api/profile';
import { ImagePicker } from './image-picker';
import { PageTitle } from '../../../components/page-title';

const COVER_HEIGHT = 250;
const AVATAR_SIZE = 100;

const moodImage = (m: MoodDto) => (m.media.startsWith('/') ? m.media : `${MOOD_IMAGE_PREFIX}${m.media}`);

function MoodPicker({ moodId, editable }: { moodId: number | null; editable: boolean }) {
  const moods = useMoods();
  const update = useUpdateMood();
  const { enqueueSnackbar } = useSnackbar();
  const list = moods.data ?? [];
  const current = list.find((m) => m.id === moodId);
  if (!editable) {
    return current ? (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box component="img" src={moodImage(current)} alt="" sx={{ width: 24, height: 24 }} />
        <Typography variant="body2">Feeling {current.name}</Typography>
      </Stack>
    ) : null;
  }
  const choose = (value: number | null) =>
    update.mutate(
      { mood_id: value },
      {
        onSuccess: (res) => void (res.message && enqueueSnackbar(res.message, { variant: 'success' })),
        onError: (err) => void enqueueSnackbar(errorMessage(err), { variant: 'error' }),
      },
    );
  // A row of mood pictures: pressing the current one again clears it (null).
  return (
    <Box role="group" aria-label="Mood" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25 }}>
      {list.map((m) => {
        const on = m.id === moodId;
        return (
          <DeferredTooltip key={m.id} title={on ? `${m.name} (press to clear)` : m.name}>
            <IconButton
              aria-label={m.name}
              aria-pressed={on}
              disabled={update.isPending}
              onClick={() => choose(on ? null : m.id)}
              sx={{
                p: 0.5,
                border: 2,
                borderColor: on ? 'primary.main' : 'transparent',
                opacity: moodId === null || on ? 1 : 0.55,
              }}
            >
              <Box component="img" src={moodImage(m)} alt="" sx={{ width: 28, height: 28 }} />
            </IconButton>
          </DeferredTooltip>
        );
      })}
    </Box>
  );
}

/** Cover (250 px high), avatar (100 px), full name and mood; the owner changes each picture. */
export function ProfileHeader({ user, editable }: { user: UserProfileDto; editable: boolean }) {
  const cover = user.profile.cover;
  return (
    <Card>
      <Box
        sx={{
          position: 'relative',
          height: COVER_HEIGHT,
          background: cover ? undefined : 'linear-gradient(120deg, #3949ab, #7986cb 60%, #ffb300)',
        }}
      >
        {cover && (
          <Box
            component="img"
            src={cover}
            alt="Cover"
            sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
          />
        )}
        {editable && (
          <Box
            sx={{
              position: 'absolute',
              right: 8,
              top: 8,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-end',
              bgcolor: 'rgba(255,255,255,0.92)',
              borderRadius: 2,
              px: 0.5,
            }}
          >
            <ImagePicker field="cover" title="Crop Cover" removable={!!cover}>
              {(open, busy) => (
                <DeferredTooltip title="Change cover">
                  <IconButton onClick={open} disabled={busy} aria-label="Change cover" color="primary">
                    <PhotoCameraOutlined />
                  </IconButton>
                </DeferredTooltip>
              )}
            </ImagePicker>
          </Box>
        )}
      </Box>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: -8, alignItems: { sm: 'flex-end' } }}>
          <Box sx={{ position: 'relative', width: AVATAR_SIZE }}>
            <UserAvatar
              name={user.full_name}
              src={user.avatar}
              sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 36, border: 4, borderColor: 'background.paper' }}
            />
            {editable && (
              <Box sx={{ position: 'absolute', right: -8, bottom: 0 }}>
                <ImagePicker field="avatar" title="Crop Avatar">
                  {(open, busy) => (
                    <DeferredTooltip title="Change avatar">
                      <IconButton
                        onClick={open}
                        disabled={busy}
                        aria-label="Change avatar"
                        size="small"
                        sx={{ bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
                      >
                        <PhotoCameraOutlined fontSize="small" />
                      </IconButton>
                    </DeferredTooltip>
                  )}
                </ImagePicker>
              </Box>
            )}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <PageTitle>{user.full_name}</PageTitle>
            {user.email && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            )}
          </Box>
          <MoodPicker moodId={user.profile.mood_id} editable={editable} />
        </Stack>
      </CardContent>
    </Card>
  );
}
