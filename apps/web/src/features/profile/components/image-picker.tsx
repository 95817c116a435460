import { Box, Button, LinearProgress } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { CropImagePicker } from '../../../components/crop-image-picker';
import { useSnackbar } from '../../../lib/snackbar';
import { errorMessage } from '../../../lib/error-message';
import { useProfileImage, type ProfileImageField } from '../api/profile';

/** Crop aspects of spec §5: cover 4, avatar 4/3, fun pics 1. */
export const ASPECT: Record<ProfileImageField, number> = {
  cover: 4,
  avatar: 4 / 3,
  secondary_image_1: 1,
  secondary_image_2: 1,
};

interface Props {
  field: ProfileImageField;
  title: string;
  /** The button's face (an icon button or a text button). */
  children: (open: () => void, busy: boolean) => ReactNode;
  /** Shown under the button: Remove. */
  removable?: boolean;
}

/** Pick a picture → crop at the field's aspect → upload as PNG with progress; optional Remove. */
export function ImagePicker({ field, title, children, removable }: Props) {
  const send = useProfileImage();
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (png: Blob | null) => {
    setProgress(0);
    try {
      const res = await send.mutateAsync({ field, png, onProgress: setProgress });
      if (res.message) enqueueSnackbar(res.message, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
      if (png) throw err;
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <CropImagePicker aspect={ASPECT[field]} title={title} onCropped={upload} data-testid={`${field}-input`}>
        {(open) => children(open, send.isPending)}
      </CropImagePicker>
      {removable && (
        <Button size="small" color="inherit" disabled={send.isPending} onClick={() => void upload(null)}>
          Remove
        </Button>
      )}
      {progress !== null && (
        <Box sx={{ width: 1, mt: 0.5 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`${title} upload progress`} />
        </Box>
      )}
    </>
  );
}
