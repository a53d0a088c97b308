import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-page';

describe('isAppPage', () => {
  const appUrl = pathToFileURL('/opt/Loupe/resources/app/out/renderer/index.html').href;

  it('accepts the app file with any query or hash', () => {
    expect(isAppPage(appUrl, appUrl)).toBe(true);
    expect(isAppPage(`${appUrl}?view=settings`, appUrl)).toBe(true);
    expect(isAppPage(`${appUrl}#/inspector`, appUrl)).toBe(true);
    expect(isAppPage(`${appUrl}?a=1#b`, appUrl)).toBe(true);
  });

  it('refuses siblings and lookalikes that merely start with the app URL', () => {
    expect(isAppPage(`${appUrl}.evil.html`, appUrl)).toBe(false);
    expect(isAppPage(appUrl.replace('index.html', 'index.htmlx'), appUrl)).toBe(false);
    expect(isAppPage(`${appUrl}/../../../../etc/passwd`, appUrl)).toBe(false);
    expect(isAppPage(appUrl.replace('index.html', 'other.html'), appUrl)).toBe(false);
    expect(isAppPage('https://example.com/index.html', appUrl)).toBe(false);
    expect(isAppPage('about:blank', appUrl)).toBe(false);
    expect(isAppPage('not a url', appUrl)).toBe(false);
  });

  it('matches however the path is percent-encoded (spaces, %, non-ASCII)', () => {
    const odd = pathToFileURL('/home/josé/My Apps/100%/out/renderer/index.html').href;
    expect(isAppPage('file:///home/jos%C3%A9/My%20Apps/100%25/out/renderer/index.html#x', odd)).toBe(true);
    expect(isAppPage('file:///home/jos%C3%A9/My%20Apps/100%25/out/renderer/index.html', 'file:///home/josé/My Apps/100%25/out/renderer/index.html')).toBe(true);
    expect(isAppPage('file:///home/jose/My%20Apps/100%25/out/renderer/index.html', odd)).toBe(false);
  });

  it('accepts any route of the dev server but not a lookalike origin', () => {
    const dev = 'http://localhost:5173';
    expect(isAppPage('http://localhost:5173/', dev)).toBe(true);
    expect(isAppPage('http://localhost:5173/settings?x#y', dev)).toBe(true);
    expect(isAppPage('http://localhost:51730/', dev)).toBe(false);
    expect(isAppPage('http://localhost:5173.evil.com/', dev)).toBe(false);
    expect(isAppPage('https://localhost:5173/', dev)).toBe(false);
  });
});
