import type { media as TeamsMedia } from '@microsoft/teams-js';
import { MediaLimits } from '@rally/contract';
import { hostSdk } from '../../lib/host-sdk';
import type { RecorderMode } from './types';

/** File name extensions by media type, for the upload's checks (it reads the name and the type). */
const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mp4': 'mp4',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/webm': 'webm',
  'audio/wav': 'wav',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
};

const FALLBACK_TYPES: Record<RecorderMode, string> = { video: 'video/mp4', audio: 'audio/mp4', image: 'image/jpeg' };

/**
 * What the host hands back (a base64 content, or an id whose bytes `getMedia` fetches in chunks) as
 * the File the upload flow takes, named like the browser recorder's (`recording.mp4`, an image
 * `picture.jpg`), typed without codecs.
 */
async function hostMediaFile(item: TeamsMedia.Media, mode: RecorderMode, base64: boolean): Promise<File> {
  const type = (item.mimeType?.split(';')[0]?.trim().toLowerCase() || FALLBACK_TYPES[mode]).replace(
    'image/jpg',
    'image/jpeg',
  );
  const base = mode === 'image' ? 'picture' : 'recording';
  const name = `${base}.${EXTENSIONS[type] ?? type.split('/')[1] ?? 'bin'}`;
  if (base64) {
    const bytes = Uint8Array.from(atob(item.content), (c) => c.charCodeAt(0));
    return new File([bytes], name, { type });
  }
  const blob = await new Promise<Blob>((resolve, reject) => {
    item.getMedia((error, data) => {
      if (error?.errorCode)
        reject(new Error(error.message ?? `The host could not hand over the file (${error.errorCode}).`));
      else resolve(data);
    });
  });
  return new File([blob], name, { type });
}

/**
 * Captures one item with the host's own camera or microphone (spec §1, §9: audio at most 1 minute,
 * one item; video at most the recorder's 60 s). Answers null when the user cancelled.
 */
export async function captureWithHost(mode: RecorderMode): Promise<File | null> {
  const { media, ErrorCode } = await hostSdk();
  const inputs: TeamsMedia.MediaInputs =
    mode === 'audio'
      ? { mediaType: media.MediaType.Audio, maxMediaCount: 1, audioProps: { maxDuration: 1 } }
      : mode === 'video'
        ? {
            mediaType: media.MediaType.Video,
            maxMediaCount: 1,
            videoProps: { maxDuration: MediaLimits.videoMaxSeconds, isFullScreenMode: true },
          }
        : {
            mediaType: media.MediaType.Image,
            maxMediaCount: 1,
            imageProps: { sources: [media.Source.Camera], startMode: media.CameraStartMode.Photo },
          };
  const items = await new Promise<TeamsMedia.Media[]>((resolve, reject) => {
    media.selectMedia(inputs, (error, attachments) => {
      if (error?.errorCode === ErrorCode.USER_ABORT) resolve([]);
      else if (error?.errorCode) reject(new Error(error.message ?? `The host could not capture (${error.errorCode}).`));
      else resolve(attachments ?? []);
    });
  });
  const [first] = items;
  return first ? hostMediaFile(first, mode, first.format === media.FileFormat.Base64) : null;
}
