import { defineModule } from '../../module.js';
import { fileRoutes, uploadRoutes } from './routes.js';
import { createUploads, registerUploadSweep, type Uploads } from './setup.js';

declare module '../../module.js' {
  interface Services {
    /** The stored files: the uploads service and repository, the file storage, the store and the media tools. */
    files: Uploads;
    uploads: Uploads['uploads'];
  }
}

/** Uploads: presigned URLs, local disk or S3, content checks, quotas, the hourly sweep. */
export const uploadsModule = defineModule({
  name: 'uploads',
  async setup({ services, config, db, queue, log }) {
    // A claimed video or audio file queues its conversion (`media.convert`, the media module's).
    services.files = await createUploads({ config, db: db.kysely, access: services.access, queue, log });
    services.uploads = services.files.uploads;
    registerUploadSweep(queue, services.uploads);
  },
  // Stored files behind signed, expiring URLs (GET; PUT of uploads with local storage).
  rootRoutes: (app, { services }) => fileRoutes(app, { uploads: services.uploads }),
  routes: (api, { services, config }) =>
    uploadRoutes(api, {
      uploads: services.uploads,
      limits: { perMinute: config.LIMIT_UPLOADS_PER_MINUTE, perDay: config.LIMIT_UPLOADS_PER_DAY },
    }),
});
