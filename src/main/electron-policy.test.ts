import { describe, expect, it } from 'vitest';
import { developmentMenuRoles, isExternalLink, isPermissionGranted, launchMode } from './electron-policy';

const FILE_APP = 'file:///opt/Loupe/resources/app.asar/out/renderer/index.html';
const DEV = 'http://localhost:5173';

describe('Electron shell policy', () => {
  it('grants only clipboard writes, and only to the app page', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', `${FILE_APP}#/inspector`, FILE_APP)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fullscreen', 'hid', 'serial', 'usb', 'unknown']) {
      expect(isPermissionGranted(permission, FILE_APP, FILE_APP), permission).toBe(false);
    }
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://example.com/', FILE_APP)).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write', 'file:///tmp/evil.html', FILE_APP)).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write', undefined, FILE_APP)).toBe(false);
  });

  it('a packaged app ignores ELECTRON_RENDERER_URL and LOUPE_DEVTOOLS: no DevTools, no reload, its own file', () => {
    const mode = launchMode({ isPackaged: true, env: { ELECTRON_RENDERER_URL: DEV, LOUPE_DEVTOOLS: '1' }, rendererFileUrl: FILE_APP });
    expect(mode).toEqual({ development: false, appUrl: FILE_APP });
    expect(developmentMenuRoles(mode)).toEqual([]);
  });

  it('the dev server (unpackaged, loopback http) is development, with DevTools and reload', () => {
    const mode = launchMode({ isPackaged: false, env: { ELECTRON_RENDERER_URL: DEV }, rendererFileUrl: FILE_APP });
    expect(mode).toEqual({ development: true, appUrl: DEV });
    expect(developmentMenuRoles(mode)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
  });

  it('an unpackaged build without the dev server (npm start) loads its file without DevTools unless asked', () => {
    expect(launchMode({ isPackaged: false, env: {}, rendererFileUrl: FILE_APP })).toEqual({ development: false, appUrl: FILE_APP });
    expect(launchMode({ isPackaged: false, env: { LOUPE_DEVTOOLS: '1' }, rendererFileUrl: FILE_APP })).toEqual({ development: true, appUrl: FILE_APP });
  });

  it('never loads a renderer URL that is not plain http on the loopback interface', () => {
    for (const url of ['https://evil.example/', 'http://192.168.1.5:5173', 'file:///tmp/evil.html', 'http://localhost.evil.example:5173', 'javascript:alert(1)', 'not a url']) {
      expect(launchMode({ isPackaged: false, env: { ELECTRON_RENDERER_URL: url }, rendererFileUrl: FILE_APP }), url).toEqual({ development: false, appUrl: FILE_APP });
    }
    expect(launchMode({ isPackaged: false, env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, rendererFileUrl: FILE_APP }).appUrl).toBe('http://127.0.0.1:5173/');
  });

  it('opens only http(s) links with a host in the browser', () => {
    expect(isExternalLink('https://github.com/loupe')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    for (const url of ['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'vscode://x', 'ms-msdt:/id', 'https://', 'not a url', '']) {
      expect(isExternalLink(url), url).toBe(false);
    }
  });
});
