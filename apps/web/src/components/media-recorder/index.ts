import { lazyDialog } from '../lazy-dialog';
import type { MediaRecorderDialogProps } from './types';

export type { MediaRecorderDialogProps, RecorderMode } from './types';

/**
 * Records a video or audio, or takes a picture, with the camera and microphone (spec §2), in a
 * chunk of its own loaded when it first opens. See `MediaRecorderDialogProps`.
 */
export const MediaRecorderDialog = lazyDialog<MediaRecorderDialogProps>(() =>
  import('./media-recorder-dialog').then((m) => m.MediaRecorderDialog),
);
