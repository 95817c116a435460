import type { EventConsumer } from '../../events/dispatcher.js';
import type { Mailer } from './mailer.js';

/**
 * The mail consumer of the event log: a transaction that recorded mails in the outbox has
 * committed, so the mailer delivers them now (its poll stays as the retry clock). Waking it
 * twice is harmless: a pass claims each due mail once.
 */
export function mailConsumer(mailer: Pick<Mailer, 'queued'>): EventConsumer {
  return {
    name: 'mail',
    handle: ({ event }) => (event.type === 'mail.queued' ? mailer.queued() : Promise.resolve()),
  };
}
