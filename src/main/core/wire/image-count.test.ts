import { describe, expect, it } from 'vitest';
import { CANVAS_37x21 } from '../../../shared/tokens/image-header.fixture';
import { grayPng } from '../testing/png';
import { countImages, countsWithImages } from './image-count';
import { parseRequest } from './parse';
import type { WireProvider } from './providers';

const png1000 = grayPng(1000, 1000).toString('base64');
const ENDPOINT: Record<WireProvider, string> = { anthropic: '/v1/messages', openai: '/v1/responses', gemini: '/v1beta/models/gemini-2.5-pro:generateContent' };
const parse = (p: WireProvider, body: unknown) => parseRequest(p, 'POST', ENDPOINT[p], Buffer.from(JSON.stringify(body)))!;

describe('images on the wire, counted by each provider’s formula', () => {
  it('Anthropic: an image block and an image in a tool result (a Read of a PNG), each in its own segment', () => {
    const parsed = parse('anthropic', {
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png1000 } }, { type: 'text', text: 'What is this?' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/r/a.jpg' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: CANVAS_37x21.jpeg } }] }] },
      ],
    });
    const { bySegment, totals } = countImages(parsed);
    expect(totals).toEqual({ images: 2, tokens: 1334 + 2, unknown: 0, formula: 'Anthropic’s formula' });
    const imageSeg = parsed.segments.findIndex((s) => s.label === 'image');
    const toolSeg = parsed.segments.findIndex((s) => s.kind === 'tool');
    expect(bySegment.get(imageSeg)).toEqual([{ mediaType: 'image/png', width: 1000, height: 1000, tokens: 1334, formula: 'Anthropic’s formula' }]);
    expect(bySegment.get(toolSeg)).toMatchObject([{ mediaType: 'image/jpeg', width: 37, height: 21, tokens: 2 }]);
  });

  it('an image block’s placeholder text is replaced by the image’s tokens; a tool result keeps its text and adds them', () => {
    const parsed = parse('anthropic', { model: 'm', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png1000 } }] }] });
    const { counts } = countsWithImages(parsed, [{ tokens: 16 }], 0);
    expect(counts).toEqual([{ tokens: 1334 }]);
  });

  it('OpenAI: input_image data URLs with their detail; a web URL is unknown', () => {
    const parsed = parse('openai', {
      model: 'gpt-5',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'two pictures' },
            { type: 'input_image', image_url: `data:image/png;base64,${png1000}`, detail: 'high' },
            { type: 'input_image', image_url: `data:image/png;base64,${png1000}`, detail: 'low' },
            { type: 'input_image', image_url: 'https://example.com/cat.png' },
          ],
        },
      ],
    });
    const { totals, bySegment } = countImages(parsed);
    expect(totals).toEqual({ images: 3, tokens: 765 + 85, unknown: 1, formula: 'OpenAI’s tile formula' });
    expect([...bySegment.values()][0]![2]).toMatchObject({ tokens: null, why: 'the request names the image by a URL and sends no bytes to read its size from' });
  });

  it('Gemini: inlineData tiles of 768 px; fileData and a PDF are unknown', () => {
    const parsed = parse('gemini', {
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'look' },
            { inlineData: { mimeType: 'image/png', data: png1000 } },
            { inlineData: { mimeType: 'image/webp', data: CANVAS_37x21.webpVp8x } },
            { fileData: { mimeType: 'image/png', fileUri: 'gs://b/x.png' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
          ],
        },
      ],
    });
    const { totals } = countImages(parsed);
    expect(totals).toEqual({ images: 4, tokens: 4 * 258 + 258, unknown: 2, formula: 'Gemini’s per-tile figure' });
  });

  it('bytes that are no image Loupe reads are unknown, with why; none is counted as its placeholder', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"/>').toString('base64');
    const parsed = parse('anthropic', {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: svg } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
      ],
    });
    const { totals, bySegment } = countImages(parsed);
    expect(totals).toMatchObject({ images: 2, tokens: 0, unknown: 2 });
    expect([...bySegment.values()].flat().map((c) => c.why)).toEqual([
      'its size could not be read: it is not a PNG, JPEG, GIF or WebP image',
      'the request names the image by a URL and sends no bytes to read its size from',
    ]);
  });
});
