import { createElement } from 'react';
import { useTeamsHost } from '../../lib/teams-host';
import { lazyDialog } from '../lazy-dialog';
import type { MediaRecorderDialogProps } from './types';

export type { MediaRecorderDialogProps, RecorderMode } from './types';

const BrowserRecorderDialog = lazyDialog<MediaRecorderDialogProps>(() =>
  import('./media-recorder-dialog').then((m) => m.MediaRecorderDialog),
);

const HostMediaDialog = lazyDialog<MediaRecorderDialogProps>(() =>
  import('./host-media-dialog').then((m) => m.HostMediaDialog),
);

/**
 * Records a video or audio, or takes a picture, with the camera and microphone (spec §2), in a
 * chunk of its own loaded when it first opens. Inside a Teams tab the host's media capture does
 * it instead (spec §1). See `MediaRecorderDialogProps`.
 */
export function MediaRecorderDialog(props: MediaRecorderDialogProps) {
  return createElement(useTeamsHost().inHost ? HostMediaDialog : BrowserRecorderDialog, props);
}
