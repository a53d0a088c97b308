// Electron glue only: lifecycle, the window, the menu, dialogs. Everything the
// app does lives in ./core and is reached through the contract in ../shared/api.
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell, type MenuItemConstructorOptions, type WebFrameMain } from 'electron';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ipcEventChannel } from '../shared/api';
import { VIEWS } from '../shared/views';
import { createRuntime, type Runtime } from './core/runtime';
import { developmentMenuRoles, isExternalLink, isPermissionGranted, launchMode } from './electron-policy';
import { isAppPage } from './ipc/app-page';
import { bindIpc } from './ipc/bind';

// LOUPE_USER_DATA must win before anything reads userData (the database, Chromium's profile).
// Without it, userData is <appData>/Loupe (package.json productName), where the CLI looks too.
if (process.env.LOUPE_USER_DATA) app.setPath('userData', resolve(process.env.LOUPE_USER_DATA));

const rendererIndex = join(__dirname, '../renderer/index.html');
// A packaged app never loads ELECTRON_RENDERER_URL and never has DevTools (electron-policy.ts).
const mode = launchMode({ isPackaged: app.isPackaged, env: process.env, rendererFileUrl: pathToFileURL(rendererIndex).href });
// The one URL the window loads; the sender check and the navigation guard compare against it.
const appUrl = mode.appUrl;
let mainWindow: BrowserWindow | null = null;
let runtime: Runtime | null = null;

/** better-sqlite3 built for Electron's ABI by scripts/electron-native.mjs, when present. */
function electronNativeBinding(): string | undefined {
  const file = join(app.getAppPath(), 'native', `electron-${process.versions.modules}`, 'better_sqlite3.node');
  return existsSync(file) ? file : undefined;
}

/** Only frames showing our own renderer may call the services. */
function isTrustedSender(frame: WebFrameMain | null): boolean {
  if (!frame || !mainWindow || frame !== mainWindow.webContents.mainFrame) return false;
  return isAppPage(frame.url, appUrl);
}

function send(event: string, payload: unknown): void {
  mainWindow?.webContents.send(event, payload);
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Loupe',
    backgroundColor: '#1b1d21',
    webPreferences: {
      // PRELOAD_JS_CHECK reviewed: the preload runs sandboxed with context isolation and exposes one
      // function per contract method through contextBridge, never ipcRenderer itself.
      preload: join(__dirname, '../preload/index.js'), /* eng-disable PRELOAD_JS_CHECK */
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: mode.development,
      // Middle-click (auxclick) would open links in new windows; the open handler denies them anyway.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // No pop-ups; http(s) links open in the user's browser instead (OPEN_EXTERNAL_JS_CHECK reviewed:
  // isExternalLink lets through only http(s) URLs with a host, never file: or custom schemes).
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    return { action: 'deny' };
  });
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (!isAppPage(url, appUrl)) event.preventDefault();
  });
  mainWindow.on('closed', () => (mainWindow = null));
  void mainWindow.loadURL(appUrl);
}

function buildMenu(): void {
  const command = (payload: { command: 'open-repository' | 'navigate'; view?: string }) => () =>
    send(ipcEventChannel('app.command'), payload);
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Repository…', accelerator: 'CmdOrCtrl+O', click: command({ command: 'open-repository' }) },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...VIEWS.map((v): MenuItemConstructorOptions => ({
          label: v.label,
          accelerator: v.accelerator,
          click: command({ command: 'navigate', view: v.id }),
        })),
        { type: 'separator' },
        ...developmentMenuRoles(mode).map((role) => ({ role })),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/** Denies every web permission the app does not use, for every page (electron-policy.ts). */
function limitPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, appUrl)),
  );
  ses.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionGranted(permission, details.requestingUrl ?? contents?.getURL(), appUrl),
  );
  ses.setDevicePermissionHandler(() => false);
}

app.on('web-contents-created', (_event, contents) => {
  // Defence in depth: no <webview>, whatever a page tries.
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

void app.whenReady().then(() => {
  limitPermissions();
  try {
    runtime = createRuntime({
      host: 'electron',
      userDataDir: app.getPath('userData'),
      nativeBinding: electronNativeBinding(),
      warmTokens: true,
      pickFolder: async () => {
        const options = { title: 'Open Repository', properties: ['openDirectory' as const] };
        const result = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      saveFile: async (suggestedName, content) => {
        const options = { title: 'Save', defaultPath: join(app.getPath('downloads'), suggestedName) };
        const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
        if (result.canceled || !result.filePath) return null;
        await writeFile(result.filePath, content, 'utf8');
        return result.filePath;
      },
    });
  } catch (err) {
    dialog.showErrorBox(
      'Loupe could not open its database',
      `${err instanceof Error ? err.message : String(err)}\n\nIf this mentions NODE_MODULE_VERSION, run \`npm start\` once ` +
        'so it can build the SQLite module for Electron (it needs to reach Electron\'s headers).',
    );
    app.quit();
    return;
  }
  bindIpc(ipcMain, runtime, isTrustedSender);
  buildMenu();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Closing ends agent runs and git processes and closes the database; quit once that is done.
let closed = false;
app.on('will-quit', (event) => {
  if (!runtime || closed) return;
  event.preventDefault();
  void runtime.close().finally(() => {
    closed = true;
    app.quit();
  });
});
