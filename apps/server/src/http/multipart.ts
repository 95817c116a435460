import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Limits, Messages } from '@rally/contract';
import { AppError, badRequest } from './errors.js';

/** A file of a multipart form, read whole; `fieldname` is one of the form's file fields. */
export interface FormFile<F extends string = string> {
  fieldname: F;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** A multipart form as it came: its text fields (a repeated one as a list) and its files, in order. */
export interface MultipartForm<F extends string = string> {
  fields: Record<string, string | string[]>;
  files: FormFile<F>[];
}

/** @fastify/multipart's limits of one form (`parts()` options): files, their size, fields. */
export type FormLimits = NonNullable<NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits']>;

/** What a form may hold unless its route says otherwise: one image and a few short fields. */
const DEFAULT_LIMITS = { fileSize: Limits.imageMaxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 } as const;

/**
 * @fastify/multipart with the app's default form limits. Past a limit the error handler answers 413
 * (FST_REQ_FILE_TOO_LARGE, FST_FILES_LIMIT, FST_FIELDS_LIMIT, FST_PARTS_LIMIT).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: DEFAULT_LIMITS });
}

/**
 * Reads a multipart form whole: undefined when the request is not multipart (the route reads its
 * JSON body instead). A file in a field other than `fileFields` is a 400; a broken form (no
 * boundary, a truncated body) a 400 `malformedMultipart`; a form past `limits` (the app's defaults
 * otherwise) a 413 from the error handler.
 */
export async function readMultipart<F extends string>(
  request: FastifyRequest,
  { fileFields, limits }: { fileFields: readonly F[]; limits?: FormLimits },
): Promise<MultipartForm<F> | undefined> {
  if (!request.isMultipart()) return undefined;
  const form: MultipartForm<F> = { fields: {}, files: [] };
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      if (part.type === 'file') {
        const fieldname = fileFields.find((f) => f === part.fieldname);
        if (fieldname === undefined) throw badRequest(`Unexpected file field ${part.fieldname}.`);
        form.files.push({ fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        const had = form.fields[part.fieldname];
        form.fields[part.fieldname] =
          had === undefined ? part.value : Array.isArray(had) ? [...had, part.value] : [had, part.value];
      }
    }
  } catch (err) {
    // busboy reports a broken form (no boundary, truncated body) as a plain Error.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw badRequest(Messages.malformedMultipart, 'malformed_multipart');
  }
  return form;
}
