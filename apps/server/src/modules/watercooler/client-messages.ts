import { z } from 'zod';
import { WatercoolerLimits, type WatercoolerClientMessage } from '@rally/contract';

/*
 * The room socket's client messages (contract watercooler.ts), read strictly: a message that is
 * not one of these closes the socket (4400). Unknown fields are dropped, so a relayed `signal`
 * carries an SDP description or an ICE candidate and nothing else.
 */
const MAX = WatercoolerLimits.socketMessageMaxBytes;

const description = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(MAX).optional(),
});
const candidate = z
  .object({
    candidate: z.string().max(4096),
    sdpMid: z.string().max(256).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .nullable();

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), token: z.string().max(1024) }),
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('say'),
    nonce: z.string().max(100),
    // Words over the limit are refused in words (WatercoolerMessages.messageTooLong), not closed on.
    body: z.string().max(MAX).optional(),
    media_key: z.string().max(300).optional(),
  }),
  z.object({ type: z.literal('call'), in_call: z.boolean(), audio: z.boolean(), video: z.boolean() }),
  z
    .object({
      type: z.literal('signal'),
      to: z.string().min(1).max(64),
      description: description.optional(),
      candidate: candidate.optional(),
    })
    .refine((m) => m.description !== undefined || m.candidate !== undefined),
  z.object({ type: z.literal('leave') }),
]);

/** A client message, or undefined for anything else (not JSON, unknown type, wrong fields). */
export function parseWatercoolerMessage(text: string): WatercoolerClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = clientMessage.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
