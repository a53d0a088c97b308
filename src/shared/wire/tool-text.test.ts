import { describe, expect, it } from 'vitest';
import type { WireToolServer } from '../contract/wire-tools';
import { definitionUsdText, shareText, unusedServerText } from './tool-text';

const server = (over: Partial<WireToolServer>): WireToolServer => ({ server: 'idle', tools: 1, tokensSent: 0, requests: 0, listed: 0, calls: 0, usd: null, share: null, unused: true, remove: [], ...over });

describe('tool text', () => {
  it('shares: one place below 10%, "<0.1%" for a cost too small to show, never "0.0%" for a cost', () => {
    expect([shareText(0.153), shareText(0.066), shareText(0.0004), shareText(0), shareText(null)]).toEqual(['15%', '6.6%', '<0.1%', '0.0%', '—']);
  });

  it('a price: "—" when no definition was sent, "not priced" when its requests were not', () => {
    expect([definitionUsdText(0.0012, 3), definitionUsdText(null, 0), definitionUsdText(null, 2)]).toEqual(['$0.0012', '—', 'not priced']);
  });

  it('an unused server says what it sent and where it was only listed', () => {
    expect(unusedServerText(server({ tokensSent: 807, requests: 3, usd: 0.0012 }))).toBe('1 tool, 807 definition tokens over 3 requests ($0.0012), never called');
    expect(unusedServerText(server({ listed: 3 }))).toBe('1 tool, listed by name only in 3 requests, never called');
  });
});
