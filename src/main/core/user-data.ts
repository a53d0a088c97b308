import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The user-data folder outside Electron (CLI, browser host), matching where
 * Electron puts `app.getPath('userData')` for a product named "Loupe", so the
 * app and the CLI share one database. LOUPE_USER_DATA overrides both.
 */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.LOUPE_USER_DATA) return resolve(env.LOUPE_USER_DATA);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Loupe');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Loupe');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Loupe');
}

export const databaseFile = (userDataDir: string): string => join(userDataDir, 'loupe.db');
