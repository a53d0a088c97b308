#!/usr/bin/env node
// Rebuilds bench/corpus/ (the token benchmark's fixed corpus) from files whose licenses allow
// redistribution, found on this kind of machine: npm's own docs, Debian's common license texts,
// zod's TypeScript source, TypeScript's localized diagnostics and the models.dev catalog.
// The output is committed; this script documents where every byte came from. Each kind is
// about 1 MiB or less, and each folder keeps the licenses of what it holds.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench', 'corpus');
const MiB = 1024 * 1024;
const npmRoot = process.env.NPM_ROOT ?? '/usr/lib/node_modules/npm';
const modules = join(root, 'node_modules');

function walk(dir, keep) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...walk(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

function write(kind, name, text) {
  mkdirSync(join(out, kind), { recursive: true });
  writeFileSync(join(out, kind, name), text);
  console.log(`${kind}/${name}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
}

// Prose: npm's documentation (Markdown, fenced code blocks removed: they are code, not prose),
// then the English license texts Debian ships (verbatim copies are allowed by each of them).
{
  const docs = walk(join(npmRoot, 'docs', 'content'), (p) => p.endsWith('.md'))
    .map((p) => readFileSync(p, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '').replace(/```[\s\S]*?```\n?/g, ''))
    .join('\n\n');
  write('prose', 'npm-docs.md', docs);
  copyFileSync(join(npmRoot, 'LICENSE'), join(out, 'prose', 'LICENSE.npm-docs'));
  const licenses = ['Apache-2.0', 'GPL-3', 'LGPL-2.1', 'MPL-2.0', 'GFDL-1.3', 'Artistic']
    .map((n) => readFileSync(join('/usr/share/common-licenses', n), 'utf8'))
    .join('\n\n');
  write('prose', 'license-texts.txt', licenses);
}

// Code: zod's TypeScript source (MIT), v4 core and classic first, then v3, tests left out, to ~1 MiB.
{
  const src = join(modules, 'zod', 'src');
  const files = [join(src, 'v4', 'core'), join(src, 'v4', 'classic'), join(src, 'v3')].flatMap((d) =>
    walk(d, (p) => p.endsWith('.ts') && !p.includes('/tests/') && !p.endsWith('.test.ts')),
  );
  let text = '';
  for (const f of files) {
    if (Buffer.byteLength(text) >= MiB) break;
    text += `// ---- zod/src/${relative(src, f)}\n${readFileSync(f, 'utf8')}\n`;
  }
  write('code', 'zod-src.ts', text);
  copyFileSync(join(modules, 'zod', 'LICENSE'), join(out, 'code', 'LICENSE.zod'));
}

// CJK: TypeScript's diagnostic messages in Simplified and Traditional Chinese, Japanese and Korean (Apache-2.0).
{
  const text = ['zh-cn', 'zh-tw', 'ja', 'ko']
    .map((lang) => Object.values(JSON.parse(readFileSync(join(modules, 'typescript', 'lib', lang, 'diagnosticMessages.generated.json'), 'utf8'))).join('\n'))
    .join('\n');
  write('cjk', 'typescript-diagnostics.txt', `${text}\n`);
  copyFileSync(join(modules, 'typescript', 'LICENSE.txt'), join(out, 'cjk', 'LICENSE.typescript'));
}

// JSON: the models.dev catalog (MIT), providers in order until ~512 KiB, once compact (as served)
// and once indented by two spaces (as JSON usually sits in a repository).
{
  const dir = process.env.MODELS_DEV_DIR ?? join(root, '..', '..', 'shared', 'data', 'models-dev');
  const file = readdirSync(dir).find((n) => n.startsWith('api-') && n.endsWith('.json'));
  const all = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const pick = (from, limit, indent) => {
    const subset = {};
    for (const [key, value] of from) {
      subset[key] = value;
      if (Buffer.byteLength(JSON.stringify(subset, null, indent)) >= limit) break;
    }
    return subset;
  };
  const entries = Object.entries(all);
  const compact = pick(entries, MiB / 2);
  const rest = entries.filter(([k]) => !(k in compact));
  write('json', 'models-dev.json', JSON.stringify(compact));
  write('json', 'models-dev.pretty.json', `${JSON.stringify(pick(rest, MiB / 2, 2), null, 2)}\n`);
  copyFileSync(join(dir, 'LICENSE'), join(out, 'json', 'LICENSE.models-dev'));
}
