/** The app version, injected at build time from package.json (see electron.vite.config.ts). */
declare const __LOUPE_VERSION__: string | undefined;

export const LOUPE_VERSION: string = typeof __LOUPE_VERSION__ === 'string' ? __LOUPE_VERSION__ : '0.0.0-dev';
