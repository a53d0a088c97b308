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

export const appMethods = {
  'app.info': method<AppInfo>()(emptyRequest),
};
