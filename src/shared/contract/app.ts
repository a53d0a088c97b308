import { z } from 'zod';
import { emptyRequest } from './common';
import { method } from './define';

export type HostKind = 'electron' | 'browser';

export interface AppInfo {
  name: 'Loupe';
  version: string;
  userDataDir: string;
  platform: string;
  host: HostKind;
  git: { available: boolean; version: string | null };
}

/** The largest document app.saveFile writes (characters); bigger exports go through a download. */
export const SAVE_FILE_MAX_CHARS = 64 * 1024 * 1024;

/** What a save dialog did: `saved` false when the user cancelled it. */
export interface SavedFile {
  saved: boolean;
  path: string | null;
}

export const appMethods = {
  'app.info': method<AppInfo>()(emptyRequest),
  /**
   * Asks where to save a text document (native save dialog) and writes it there.
   * The browser host has no dialog: it answers `unsupported` and the page downloads the file instead.
   */
  'app.saveFile': method<SavedFile>()(() =>
    z
      .object({
        suggestedName: z
          .string({ error: 'must be a string' })
          .trim()
          .min(1, 'must not be empty')
          .max(255, 'is longer than 255 characters')
          .refine((s) => !/[\\/\0]/.test(s), 'must be a file name, not a path'),
        content: z.string({ error: 'must be a string' }).max(SAVE_FILE_MAX_CHARS, `is longer than ${SAVE_FILE_MAX_CHARS} characters`),
      })
      .strict(),
  ),
};
