/** The watercooler's limits (issue 23), shared by the server that enforces them and the web. */
export const WatercoolerLimits = {
  /** A text message, in characters. */
  messageMax: 1000,
  /** Messages kept for Load More while a room is open; older ones drop off. */
  historyMax: 2000,
  /** Messages a page of history holds. */
  pageSize: 30,
  /**
   * People in one video call. The call is a mesh (every member sends to every other), whose upload
   * grows with each one; beyond this an SFU is the path (docs/adr/0029-watercooler.md).
   */
  videoCallMax: 6,
  /** A room-socket message (an SDP offer with its candidates fits), in bytes. */
  socketMessageMaxBytes: 64 * 1024,
  /** The room socket's first message (`join`) must come within this. */
  joinTimeoutMs: 5_000,
  /** The client pings this often and expects a pong within `pongTimeoutMs`. */
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
} as const;
