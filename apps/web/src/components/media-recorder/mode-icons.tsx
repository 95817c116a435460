import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import MicRounded from '@mui/icons-material/MicRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import type { ReactElement } from 'react';
import type { RecorderMode } from './types';

/** Each mode's icon, the same in the browser recorder and the Teams host's dialog. */
export const MODE_ICONS: Record<RecorderMode, ReactElement> = {
  video: <VideocamRounded />,
  audio: <MicRounded />,
  image: <CameraAltOutlined />,
};
