import { Limits, PostMessages, PromptMessages } from '@rally/contract';

/** A slideshow's pictures (spec §5): .png, .jpg or .jpeg, within the image upload limit. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg';

/** Why a file cannot be a slideshow picture, or null when it can. */
export function imageProblem(file: File): string | null {
  if (!/\.(png|jpe?g)$/i.test(file.name)) return PromptMessages.imagesOnly;
  if (file.size > Limits.imageMaxBytes) return PostMessages.uploadTooLarge;
  return null;
}

/** A team video's file (spec §5): .mp4 only. A recording from the recorder comes as WebM or MP4. */
export const VIDEO_ACCEPT = '.mp4';
export function videoProblem(file: File): string | null {
  if (!/\.mp4$/i.test(file.name)) return PromptMessages.videoOnly;
  if (file.size > Limits.videoMaxBytes) return PostMessages.uploadTooLarge;
  return null;
}
