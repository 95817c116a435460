import { app } from '@microsoft/teams-js';

/*
 * The parts of @microsoft/teams-js Rally uses, in one chunk loaded only in a frame
 * (lib/teams-host.ts): named, so the build leaves out the SDK's many other capabilities.
 */
export { pages, media, ErrorCode } from '@microsoft/teams-js';

/** What the host says of the tab once it answered. */
export interface HostContext {
  frameContext: string | null;
  clientType: string | null;
  theme: string | undefined;
}

/**
 * Initializes the SDK with its host (it waits for the host's answer, unbounded: the caller sets
 * the time) and reads the tab's context; `onTheme` hears of every later theme change.
 */
export async function connectToHost(onTheme: (theme: string) => void): Promise<HostContext> {
  await app.initialize();
  const context = await app.getContext();
  app.registerOnThemeChangeHandler(onTheme);
  // The host keeps its loading indicator up until the app says it is ready (an answer, if the
  // host sends one, is not waited for).
  app.notifySuccess().catch(() => undefined);
  return {
    frameContext: context.page.frameContext ?? null,
    clientType: context.app.host.clientType ?? null,
    theme: context.app.theme,
  };
}
