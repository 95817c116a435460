/** Query keys of the watercooler: an open room's history, by its `channel_sid` (a new room, a new history). */
export const watercoolerKeys = {
  all: ['watercooler'] as const,
  messages: (teamId: number, channelSid: string) => ['watercooler', teamId, channelSid, 'messages'] as const,
};
