import { useEffect, useRef, useState } from 'react';
import { MediaType, type UploadPolicy } from '@rally/contract';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { uploadFile, type UploadedFile } from '../../lib/upload';
import type { Attachment } from './attachment-picker';

/**
 * Stands in a form's `media` field for the upload key a chosen file will get, so the contract's
 * "text or a file" rule is checked before anything is uploaded.
 */
export const CHOSEN_FILE = 'chosen-file';

/** The media fields of a create body for the uploaded file (all null without one). */
export const mediaFields = (media: UploadedFile | null) => ({
  media: media?.key ?? null,
  media_type: media?.media_type ?? null,
  media_type_id: media ? MediaType[media.media_type] : null,
});

/**
 * The file a form attaches (a celebration, a bright idea, a to-do task, a comment, a recording):
 * chosen, previewed by an object URL while chosen, uploaded on submit (progress 0–100, then back
 * to 0) and kept uploaded, so a failed submit is retried without uploading again. A failed upload
 * keeps the file and says why (`uploadError`): submitting again (the Retry beside it) uploads the
 * same file, so nothing is recorded or picked twice. `onChosen` tells the form's schema whether a
 * file stands in for its text.
 */
export function useAttachmentUpload(teamId: number, policy: UploadPolicy, onChosen: (chosen: boolean) => void) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState('');
  const upload = useRef<AbortController>(undefined);
  const uploadFailure = useRef<unknown>(undefined);

  // The preview's object URL lives as long as its file is chosen; an upload stops with the form.
  const previewUrl = attachment?.url;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = (next: Attachment | null) => {
    setAttachment(next);
    setUploadError('');
    onChosen(next !== null);
  };

  /** The chosen file's upload key, uploading it first if needed (null without a file). */
  const uploaded = async () => {
    const chosen = attachment;
    if (!chosen) return null;
    if (chosen.uploaded) return chosen.uploaded;
    const controller = new AbortController();
    upload.current = controller;
    setUploadError('');
    try {
      const done = await uploadFile(chosen.file, { teamId, policy }, setProgress, controller.signal);
      setAttachment((current) => (current === chosen ? { ...chosen, uploaded: done } : current));
      return done;
    } catch (err) {
      if (!controller.signal.aborted) {
        uploadFailure.current = err;
        setUploadError(errorMessage(err));
      }
      throw err;
    } finally {
      setProgress(0);
    }
  };

  /**
   * After a failed submit: whether it is dealt with already (the form went away, or the upload
   * failed and `uploadError` says so with its Retry); a refused file is uploaded again next time.
   */
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.errors.media)
      setAttachment((current) => (current ? { ...current, uploaded: undefined } : current));
    return upload.current?.signal.aborted === true || err === uploadFailure.current;
  };

  const clear = () => {
    setAttachment(null);
    setUploadError('');
  };

  return { attachment, progress, uploadError, choose, uploaded, failed, clear };
}
