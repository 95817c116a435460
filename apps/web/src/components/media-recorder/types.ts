/** What the media recorder dialog records or takes (spec §2: Video, Audio and Image selectors). */
export type RecorderMode = 'video' | 'audio' | 'image';

export interface MediaRecorderDialogProps {
  open: boolean;
  /** The selectors offered, the first chosen at opening. */
  modes: readonly RecorderMode[];
  title?: string;
  /**
   * The file picker offered instead of (or beside) the camera: its `accept` for each mode, e.g.
   * `{ video: '.mp4' }` for a video answer (spec §5). Without an entry the mode has no picker.
   */
  pickerAccept?: Partial<Record<RecorderMode, string>>;
  onClose: () => void;
  /**
   * The recording or the picked file, ready to upload: a video or audio recording as the
   * browser made it (WebM or MP4, named `recording.webm` / `recording.mp4`), an image as a JPEG
   * at quality 0.92. The caller uploads it (with progress and retry) and closes the dialog.
   */
  onDone: (file: File, mode: RecorderMode) => void;
}
