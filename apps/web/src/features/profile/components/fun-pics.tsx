import { Box, Button, Grid, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import type { UserProfileDto } from '@rally/contract';
import { ImagePicker } from './image-picker';

const PICS = [
  { field: 'secondary_image_1', label: 'Fun Pic 1' },
  { field: 'secondary_image_2', label: 'Fun Pic 2' },
] as const;

/** Fun Pics: two square pictures; the owner changes or removes each (cropped at 1). */
export function FunPics({ user, editable }: { user: UserProfileDto; editable: boolean }) {
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Fun Pics
      </Typography>
      <Grid container spacing={2}>
        {PICS.map(({ field, label }) => {
          const src = user.profile[field];
          return (
            <Grid key={field} size={{ xs: 12, sm: 6 }}>
              <Box
                sx={{
                  aspectRatio: '1',
                  maxWidth: 320,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                  overflow: 'hidden',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {src ? (
                  <Box component="img" src={src} alt={label} sx={{ width: 1, height: 1, objectFit: 'cover' }} />
                ) : (
                  <Typography color="text.secondary">{label}: none yet</Typography>
                )}
              </Box>
              {editable && (
                <Box sx={{ mt: 1, maxWidth: 320 }}>
                  <ImagePicker field={field} title={`Crop ${label}`} removable={!!src}>
                    {(open, busy) => (
                      <Button startIcon={<AddPhotoAlternateOutlined />} onClick={open} disabled={busy}>
                        {src ? `Change ${label}` : `Add ${label}`}
                      </Button>
                    )}
                  </ImagePicker>
                </Box>
              )}
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
