import { Box, Button } from '@mui/material';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { useSnackbar } from '../../../lib/snackbar';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Messages } from '@rally/contract';
import { useUpdateTeamProfile } from '../api/update-team-profile';
import { TeamImage } from './team-image';
import { lazyDialog } from '../../../components/lazy-dialog';

const ImageCropDialog = lazyDialog(
  () => import('../../../components/image-crop-dialog').then((m) => m.ImageCropDialog),
  (props) => props.src !== null,
);

/** Team pictures are cropped at 16/9 (spec §5). */
export const TEAM_PICTURE_ASPECT = 16 / 9;
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

interface Props {
  teamId: number;
  name: string;
  avatar: string | null;
  editable: boolean;
}

/** The team picture with, for roles 2 and 3, pick → crop at 16/9 → PNG upload. */
export function TeamAvatarEditor({ teamId, name, avatar, editable }: Props) {
  const update = useUpdateTeamProfile();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);

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

  const upload = async (png: Blob) => {
    const res = await update.mutateAsync({ teamId, avatar: png });
    enqueueSnackbar(res.message ?? Messages.teamPictureUpdated, { variant: 'success' });
  };

  return (
    <Box sx={{ maxWidth: 480 }}>
      <TeamImage id={teamId} name={name} avatar={avatar} rounded />
      {editable && (
        <>
          <input ref={input} type="file" accept={ACCEPT} hidden onChange={pick} data-testid="team-picture-input" />
          <Button sx={{ mt: 1 }} startIcon={<PhotoCameraOutlined />} onClick={() => input.current?.click()}>
            Change Picture
          </Button>
          <ImageCropDialog
            src={src}
            aspect={TEAM_PICTURE_ASPECT}
            title="Crop Team Picture"
            onCropped={upload}
            onClose={() => setSrc(null)}
          />
        </>
      )}
    </Box>
  );
}
