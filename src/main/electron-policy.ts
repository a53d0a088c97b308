// The Electron shell's security decisions, pure so they are tested without
// Electron (index.ts only wires them to app, session and menu). Electron security
// checklist: https://www.electronjs.org/docs/latest/tutorial/security
import { isAppPage } from './ipc/app-page';

/**
 * The only web permission the app uses: writing to the clipboard (the copy
 * buttons call navigator.clipboard.writeText; without it they fall back to
 * execCommand('copy')). Everything else (camera, notifications, geolocation,
 * openExternal, HID/serial/USB, fullscreen, …) is denied.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/**
 * True when `permission`, asked for by the page at `requestingUrl`, is granted:
 * a permission the app uses, asked for by the app's own page (`appUrl`).
 */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, appUrl: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && requestingUrl !== undefined && isAppPage(requestingUrl, appUrl);
}

/** How this launch of the shell behaves. */
export interface LaunchMode {
  /** DevTools, reload and the dev server's page are available only when true. */
  development: boolean;
  /** The one URL the window loads (the IPC sender check and the navigation guard compare against it). */
  appUrl: string;
}

/** electron-vite's dev server: plain http on the loopback interface. */
function isLoopbackHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Development means an unpackaged app run by electron-vite's dev server
 * (ELECTRON_RENDERER_URL, a loopback http URL) or with LOUPE_DEVTOOLS=1. A packaged
 * app is never in development and never loads ELECTRON_RENDERER_URL, whatever
 * the environment says: the page it loads gets the preload bridge.
 */
export function launchMode(options: { isPackaged: boolean; env: NodeJS.ProcessEnv; rendererFileUrl: string }): LaunchMode {
  const { isPackaged, env, rendererFileUrl } = options;
  if (isPackaged) return { development: false, appUrl: rendererFileUrl };
  const devUrl = env.ELECTRON_RENDERER_URL;
  const devServer = devUrl !== undefined && isLoopbackHttp(devUrl);
  return { development: devServer || env.LOUPE_DEVTOOLS === '1', appUrl: devServer ? devUrl : rendererFileUrl };
}

/** Menu roles that only exist in development: reloading loses state, DevTools can read everything. */
export function developmentMenuRoles(mode: LaunchMode): ('reload' | 'forceReload' | 'toggleDevTools')[] {
  return mode.development ? ['reload', 'forceReload', 'toggleDevTools'] : [];
}

/** True for a link the user's browser may open: an http(s) URL with a host, nothing else (no file:, no custom schemes). */
export function isExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
