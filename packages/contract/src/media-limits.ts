/**
 * Limits of team videos, slideshows and recordings (spec §5, §9; issue 22), apart from `Limits`:
 * only lazily loaded screens use them, and the sign-in screens carry `Limits`.
 */
export const MediaLimits = {
  /** Team video and slideshow topics: at least this long (spec §5). */
  promptTopicMin: 4,
  /** A slideshow answer's images, and each caption's length. */
  slideshowResponseImagesMax: 5,
  captionMax: 300,
  /** Spec §9 recording limits; the server refuses longer files (plus `mediaLengthSlackSeconds`). */
  videoMaxSeconds: 60,
  audioMaxSeconds: 10,
  mediaLengthSlackSeconds: 1,
  /** Spec §9: the recorder's picture, and the slideshow player's pace. */
  recorderJpegQuality: 0.92,
  slideshowAdvanceMs: 3000,
} as const;
