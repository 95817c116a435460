import { useEffect, useRef, useState } from 'react';
import { MediaType, type UploadPolicy } from '@rally/contract';
import { ApiError } from '../../lib/api-client';
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
 * The file a form attaches (a celebration, a bright idea, a to-do task): chosen, previewed by an
 * object URL while chosen, uploaded on submit (progress 0–100, then back to 0) and kept uploaded,
 * so a failed submit is retried without uploading again. `onChosen` tells the form's schema
 * whether a file stands in for its text.
 */
export function useAttachmentUpload(teamId: number, policy: UploadPolicy, onChosen: (chosen: boolean) => void) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useRef<AbortController>(undefined);

  // The preview's object URL lives as long as its file is chosen; an upload stops with the form.
  const previewUrl = attachment?.url;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = (next: Attachment | null) => {
    setAttachment(next);
    onChosen(next !== null);
  };

  /** The chosen file's upload key, uploading it first if needed (null without a file). */
  const uploaded = async () => {
    const chosen = attachment;
    if (!chosen) return null;
    if (chosen.uploaded) return chosen.uploaded;
    upload.current = new AbortController();
    try {
      const done = await uploadFile(chosen.file, { teamId, policy }, setProgress, upload.current.signal);
      setAttachment((current) => (current === chosen ? { ...chosen, uploaded: done } : current));
      return done;
    } finally {
      setProgress(0);
    }
  };

  /** After a failed submit: whether it was the form going away, and a refused file is uploaded again next time. */
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.errors.media)
      setAttachment((current) => (current ? { ...current, uploaded: undefined } : current));
    return upload.current?.signal.aborted === true;
  };

  return { attachment, progress, choose, uploaded, failed, clear: () => setAttachment(null) };
}
