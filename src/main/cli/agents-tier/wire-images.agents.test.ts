// Images on the wire with the real claude (issue 31 item 7): its Read tool returns a
// 1000 × 1000 PNG from the repository as an image block in its next request; Loupe's
// record counts it by Anthropic's formula from the bytes the provider received, and
// `loupe wire show` says so. Skipped, in one line, where npm run agents:install has not
// run (LOUPE_AGENTS_DIR).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { WireSessionSummary } from '../../../shared/contract/wire';
import { anthropicImageTokens } from '../../../shared/tokens/image-tokens';
import { readImageSize } from '../../../shared/tokens/image-header';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { grayPng } from '../../core/testing/png';
import { startProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

describe.skipIf(skip !== null)('images on the wire with the real claude', () => {
  it('a PNG its Read tool returns is counted by Anthropic’s formula, from the bytes the provider received', async () => {
    const agent = TIER_AGENTS.claude;
    const repo = makeRepo({ 'README.md': '# images\n' });
    const shot = join(repo, 'shot.png');
    writeFileSync(shot, grayPng(1000, 1000, 128, true));
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          { when: (r) => r.bodyText.includes('"type":"image"'), reply: { text: 'A gray square.' } },
          { reply: { toolCalls: [agent.readTool(shot)] } },
        ],
      },
    });
    try {
      const home = tierHome(agent, provider.url);
      const ran = await runCliForTest(['run', '--repo', repo, '--agent', 'claude', '--ask', 'Describe shot.png.', '--json'], home.env);
      expect(ran.code, ran.stderr).toBe(0);
      // What the provider received: the image as claude sent it (it may have scaled it itself).
      const carried = provider.requests.filter((r) => r.bodyText.includes('"type":"image"'));
      expect(carried.length).toBeGreaterThan(0);
      const data = /"media_type":"image\/[a-z]+","data":"([A-Za-z0-9+/=]+)"/.exec(carried[0]!.bodyText)?.[1] ?? /"data":"([A-Za-z0-9+/=]+)","media_type"/.exec(carried[0]!.bodyText)?.[1];
      expect(data).toBeDefined();
      const size = readImageSize(Buffer.from(data!, 'base64'));
      expect(size.ok).toBe(true);
      const expected = size.ok ? anthropicImageTokens(size.width, size.height).tokens : -1;
      if (size.ok) console.log(`figure: claude sent the 1000×1000 PNG as ${size.format} ${size.width}×${size.height}, ${data!.length} base64 characters: ${expected} tokens`);

      const sessions = JSON.parse((await runCliForTest(['wire', 'list', '--json'], home.env)).stdout) as WireSessionSummary[];
      const detail = JSON.parse((await runCliForTest(['wire', 'show', sessions[0]!.id, '--json'], home.env)).stdout) as WireSessionDetail;
      const withImage = detail.requests.filter((r) => r.imageTokens);
      expect(withImage.length).toBeGreaterThan(0);
      expect(withImage.at(-1)!.imageTokens).toEqual({ images: 1, tokens: expected, unknown: 0, formula: 'Anthropic’s formula' });
      const text = (await runCliForTest(['wire', 'show', sessions[0]!.id], home.env)).stdout;
      expect(text).toContain(`1 image: ${expected.toLocaleString('en-US')} tokens (image, Anthropic’s formula)`);
    } finally {
      await provider.close();
    }
  }, 180_000);
});
