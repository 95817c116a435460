import { vi } from 'vitest';

/*
 * @microsoft/teams-js replaced at its module boundary, for the tests of Rally as a Teams tab: this
 * module is the SDK (`app`, `pages`, `media`, `ErrorCode`), whose host answers initialize and
 * getContext with `host` and records what the app asks of it. A test file mocks the SDK with it
 * and frames the page:
 *   vi.mock('@microsoft/teams-js', () => import('../test/fake-teams-sdk'));
 */

/** What the host says of itself (change before the detection). */
export const host = {
  /** Whether a host answers at all (false: a page framed by someone else). */
  answers: true,
  frameContext: 'content',
  theme: 'default',
  clientType: 'web',
};

interface SaveEvent {
  notifySuccess: () => void;
  notifyFailure: (reason?: string) => void;
}

let themeHandler: ((theme: string) => void) | undefined;
let saveHandler: ((event: SaveEvent) => void) | undefined;

export const app = {
  initialize: vi.fn(() => (host.answers ? Promise.resolve() : new Promise<void>(() => {}))),
  getContext: vi.fn(() =>
    Promise.resolve({
      page: { id: 'tab', frameContext: host.frameContext },
      app: { theme: host.theme, locale: 'en-us', sessionId: 's', host: { name: 'Teams', clientType: host.clientType } },
    }),
  ),
  registerOnThemeChangeHandler: vi.fn((handler: (theme: string) => void) => {
    themeHandler = handler;
  }),
  notifySuccess: vi.fn(() => Promise.resolve({ hasFinishedSuccessfully: 'unknown' })),
};

export const pages = {
  config: {
    setValidityState: vi.fn(),
    setConfig: vi.fn((_config: unknown) => Promise.resolve()),
    registerOnSaveHandler: vi.fn((handler: (event: SaveEvent) => void) => {
      saveHandler = handler;
    }),
  },
};

export const media = {
  MediaType: { Image: 1, Video: 2, VideoAndImage: 3, Audio: 4 },
  Source: { Camera: 1, Gallery: 2 },
  CameraStartMode: { Photo: 1, Document: 2, Whiteboard: 3, BusinessCard: 4 },
  FileFormat: { Base64: 'base64', ID: 'id' },
  selectMedia: vi.fn(),
};

export const ErrorCode = { USER_ABORT: 8000 };

/** The host changes its theme (the SDK's themeChange). */
export const changeHostTheme = (theme: string) => themeHandler?.(theme);

/** The user presses the host's Save on the configure page; answers how the app notified it. */
export function pressHostSave(): Promise<'success' | 'failure'> {
  return new Promise((resolve) => {
    saveHandler?.({ notifySuccess: () => resolve('success'), notifyFailure: () => resolve('failure') });
  });
}

/** The page is in a frame (only a framed page looks for a host). */
export function framePage() {
  Object.defineProperty(window, 'parent', { value: { postMessage: () => {} }, configurable: true });
}

/** The page is top-level again. */
export function unframePage() {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
}
