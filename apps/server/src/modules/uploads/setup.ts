import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { HOUR } from '../../lib/clock.js';
import type { Scheduler, WorkQueue } from '../../queue/work-queue.js';
import { queueConversion } from '../media/conversion.js';
import { resolveMediaTools, type MediaTools } from '../media/tools.js';
import type { TeamAccess } from '../members/team-access.js';
import { UploadsRepository } from './repository.js';
import { S3Store } from './s3-store.js';
import { UploadsService } from './service.js';
import { UrlSigner } from './signing.js';
import { LocalDiskStore, fileStorage, type FileStorage } from './storage.js';

export interface Uploads {
  uploads: UploadsService;
  /** Whole files the app stores itself (team pictures), in the same store. */
  storage: FileStorage;
  /** Origins other than the app's that the page loads files from and PUTs to (the bucket's). */
  origins: string[];
  /** The store itself, for media conversion (it reads originals and writes what it makes). */
  store: LocalDiskStore | S3Store;
  /** The upload rows, for media conversion (it records what it made, or that it failed). */
  repo: UploadsRepository;
  /** The ffmpeg and ffprobe of FFMPEG_PATH / FFPROBE_PATH or the npm packages. */
  tools: MediaTools;
}

const MB = 1024 * 1024;

/** The store chosen by configuration: an S3-compatible bucket with S3_BUCKET, else DATA_DIR/files. */
export async function createUploads(opts: {
  config: Config;
  db: Kysely<Database>;
  access: TeamAccess;
  /** Where a video or audio file's conversion is queued when it is attached (the app's queue). */
  queue: Pick<WorkQueue, 'enqueue'>;
  log?: FastifyBaseLogger;
}): Promise<Uploads> {
  const { config } = opts;
  const tools = resolveMediaTools(config);
  const signer = new UrlSigner(config.APP_SECRET);
  let store: LocalDiskStore | S3Store;
  let origins: string[] = [];
  if (config.S3_BUCKET) {
    const s3 = new S3Store({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    store = s3;
    origins = [await s3.origin()];
  } else {
    const root = path.join(config.DATA_DIR, 'files');
    mkdirSync(root, { recursive: true });
    store = new LocalDiskStore(root, signer);
  }
  const repo = new UploadsRepository(opts.db);
  const uploads = new UploadsService({
    db: opts.db,
    repo,
    access: opts.access,
    store,
    signer,
    quota: { userBytes: config.STORAGE_QUOTA_USER_MB * MB, teamBytes: config.STORAGE_QUOTA_TEAM_MB * MB },
    media: { tools, queueConversion: (ex, key, teamId) => queueConversion(opts.queue, ex, key, teamId) },
    ...(opts.log ? { log: opts.log } : {}),
  });
  return { uploads, storage: fileStorage(store), origins, store, repo, tools };
}

/** Hourly removal of uploads never attached for a day (forms abandoned after the file was sent). */
export function registerUploadSweep(scheduler: Scheduler, uploads: UploadsService, everyMs = HOUR): void {
  scheduler.every('uploads.sweep', everyMs, () => uploads.purgeUnattached(), { didWork: 'unattached uploads removed' });
}
