import { Box, Button } from '@mui/material';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { useSnackbar } from '../../../lib/snackbar';
import { Messages } from '@rally/contract';
import { useUpdateTeamProfile } from '../api/update-team-profile';
import { TeamImage } from './team-image';
import { CropImagePicker } from '../../../components/crop-image-picker';

/** Team pictures are cropped at 16/9 (spec §5). */
export const TEAM_PICTURE_ASPECT = 16 / 9;

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

  const upload = async (png: Blob) => {
    const res = await update.mutateAsync({ teamId, avatar: png });
    enqueueSnackbar(res.message ?? Messages.teamPictureUpdated, { variant: 'success' });
  };

  return (
    <Box sx={{ maxWidth: 480 }}>
      <TeamImage id={teamId} name={name} avatar={avatar} rounded />
      {editable && (
        <CropImagePicker
          aspect={TEAM_PICTURE_ASPECT}
          title="Crop Team Picture"
          onCropped={upload}
          data-testid="team-picture-input"
        >
          {(open) => (
            <Button sx={{ mt: 1 }} startIcon={<PhotoCameraOutlined />} onClick={open}>
              Change Picture
            </Button>
          )}
        </CropImagePicker>
      )}
    </Box>
  );
}
