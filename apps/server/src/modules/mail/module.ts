import { defineModule } from '../../module.js';
import { createMailer, type Mailer } from './mailer.js';

declare module '../../module.js' {
  interface Services {
    /** Records a mail in the outbox with its delivery job (ADR 0008, 0039). */
    mailer: Mailer;
  }
}

/** Mail: the outbox and its delivery, a job of the work queue. */
export const mailModule = defineModule({
  name: 'mail',
  setup({ services, db, queue, log, config }) {
    services.mailer = createMailer({ db: db.kysely, queue, log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  },
  close: ({ services }) => services.mailer.close(),
});
