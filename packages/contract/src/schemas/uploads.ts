import { z } from 'zod';
import { Limits } from '../limits.js';
import { PostMessages } from '../post-messages.js';
import { MAX_ID, textField } from './common.js';

/** Where an upload will be attached (spec §7 Uploads). */
export const UPLOAD_POLICIES = ['expression', 'team.teamvideo', 'team.celebration', 'team.watercooler'] as const;
export type UploadPolicy = (typeof UPLOAD_POLICIES)[number];

/** GET s3-upload-presigned-request?filename&mime_type&file_size&resource_type&resource_id&resource_policy */
export const presignQuery = z.object({
  filename: textField('line', PostMessages.uploadFilenameRequired).min(1, PostMessages.uploadFilenameRequired).max(255),
  mime_type: textField('line', PostMessages.uploadTypeUnsupported).toLowerCase().min(1).max(100),
  file_size: z.coerce
    .number({ error: PostMessages.uploadSizeRequired })
    .int()
    .positive(PostMessages.uploadSizeRequired)
    .max(Limits.uploadMaxBytes, PostMessages.uploadTooLarge),
  resource_type: z.literal('team', { error: PostMessages.uploadResourceInvalid }),
  resource_id: z.coerce.number({ error: PostMessages.uploadResourceInvalid }).int().positive().max(MAX_ID),
  resource_policy: z.enum(UPLOAD_POLICIES, { error: PostMessages.uploadResourceInvalid }),
});
export type PresignQuery = z.output<typeof presignQuery>;

/**
 * Where to PUT the file (with its Content-Type, until `expires_at`), the key to attach it by, and
 * what the file is taken for (from its name; its bytes must agree).
 */
export const presignDto = z.object({
  key: z.string(),
  url: z.string(),
  expires_at: z.string(),
  media_type: z.enum(['photo', 'video', 'audio']),
});
export type PresignDto = z.infer<typeof presignDto>;
