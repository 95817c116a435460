import { Box, Button, LinearProgress } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useSnackbar } from '../../../lib/snackbar';
import { errorMessage } from '../../../lib/error-message';
import { useProfileImage, type ProfileImageField } from '../api/profile';

const ImageCropDialog = lazyDialog(
  () => import('../../../components/image-crop-dialog').then((m) => m.ImageCropDialog),
  (props) => props.src !== null,
);

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

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
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) {
      enqueueSnackbar('Choose a .png, .jpg or .jpeg picture.', { variant: 'error' });
      return;
    }
    setSrc(URL.createObjectURL(file));
  };

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
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={pick}
        data-testid={`${field}-input`}
        aria-label={title}
      />
      {children(() => input.current?.click(), send.isPending)}
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
      <ImageCropDialog
        src={src}
        aspect={ASPECT[field]}
        title={title}
        onCropped={(png) => upload(png)}
        onClose={() => setSrc(null)}
      />
    </>
  );
}
