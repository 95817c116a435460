import { hostSdk } from './host-sdk';

/** What a Teams tab keeps of its configure page's choice (the SDK's `pages.InstanceConfig`). */
export interface TabConfig {
  /** The page the tab shows. */
  contentUrl: string;
  /** The tab's id for the app: the same choice, the same id. */
  entityId: string;
  /** The tab's name in the channel or chat. */
  suggestedDisplayName: string;
  /** Where "Open in browser" leads. */
  websiteUrl: string;
}

/** Enables or disables the host's Save button of the configure page. */
export async function setTabSaveEnabled(enabled: boolean): Promise<void> {
  const { pages } = await hostSdk();
  pages.config.setValidityState(enabled);
}

/**
 * Answers the host's Save of the configure page with the config `current()` gives at that moment:
 * the host keeps it and adds the tab, or shows the failure.
 */
export async function onTabSave(current: () => TabConfig | null): Promise<void> {
  const { pages } = await hostSdk();
  pages.config.registerOnSaveHandler((event) => {
    const config = current();
    if (!config) {
      event.notifyFailure('Select a team first');
      return;
    }
    pages.config.setConfig(config).then(
      () => event.notifySuccess(),
      (err: unknown) => event.notifyFailure(err instanceof Error ? err.message : String(err)),
    );
  });
}
