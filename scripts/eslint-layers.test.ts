// The layer allow-lists of the wire and the conversation room: a planted import that breaks
// each rule is an error; the imports those rooms make today are not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layerBlocks } from './eslint-layers.mjs';

const root = join(__dirname, '..');
const ELECTRON = { paths: [{ name: 'electron', message: 'no electron' }], patterns: [{ group: ['electron/*'], message: 'no electron' }] };
const lint = (file: string, code: string) =>
  new Linter({ configType: 'flat' })
    .verify(code, [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser as Linter.Parser } }, ...layerBlocks(ELECTRON)], { filename: join(root, file) })
    .map((m) => m.message);

describe('layer rules of the new wing (issue 32)', () => {
  it('a CLI command reaches core through the runtime and the public entries only', () => {
    expect(lint('src/main/cli/commands/wrap.ts', "import { openWireSession } from '../../core/wire/session';")).toEqual([expect.stringContaining('A CLI command reaches core through the runtime')]);
    expect(lint('src/main/cli/commands/runs.ts', "import { getRun } from '../../core/runs/store/runs';")).toEqual([expect.stringContaining('A CLI command reaches core')]);
    expect(lint('src/main/cli/commands/wrap.ts', "import { openWrap } from '../../core/wrap/wrap-session';\nimport { cliRuntime } from '../with-runtime';\nimport type { Runtime } from '../../core/runtime';")).toEqual([]);
  });

  it('the wire imports nothing of runs/, sessions/ or xray/', () => {
    expect(lint('src/main/core/wire/store.ts', "import { getRun } from '../runs/store/runs';")).toEqual([expect.stringContaining('The wire imports nothing of runs/')]);
    expect(lint('src/main/core/wire/parse/openai.ts', "import { partsText } from '../../sessions/codex';")).toEqual([expect.stringContaining('The wire imports nothing')]);
    expect(lint('src/main/core/wire/enforce/stages.ts', "import type { XraySource } from '../../xray/source';")).toEqual([expect.stringContaining('The wire imports nothing')]);
    expect(lint('src/main/core/wire/relay.ts', "import { app } from 'electron';")).toEqual([expect.stringContaining('no electron')]);
    expect(lint('src/main/core/wire/enforce/evictions.ts', "import { summaryText } from '../../../../shared/xray/directives';")).toEqual([]);
    // What it imports today is fine.
    expect(lint('src/main/core/wire/parse/openai.ts', "import { partsText } from '../../conversation/openai-responses';\nimport { listDirectives } from '../../threads/directive-store';")).toEqual([]);
  });

  it('the conversation room imports only threads/, secrets/ and src/shared', () => {
    expect(lint('src/main/core/conversation/builder.ts', "import { insertWireRequest } from '../wire/store';")).toEqual([expect.stringContaining('core/conversation imports only')]);
    expect(lint('src/main/core/conversation/fields.ts', "import { SessionFacts } from '../sessions/facts';")).toEqual([expect.stringContaining('core/conversation imports only')]);
    expect(
      lint(
        'src/main/core/conversation/builder.ts',
        "import { canonical } from '../threads/segment-id';\nimport { hiddenResult } from '../secrets/tool-paths';\nimport { approxTokens } from '../../../shared/contract/run-limits';\nimport { obj } from './fields';\nimport { createHash } from 'node:crypto';",
      ),
    ).toEqual([]);
  });

  it('a renderer feature imports no other feature', () => {
    const other = expect.stringContaining('A renderer feature imports no other feature');
    expect(lint('src/renderer/src/features/xray/ThreadPicker.tsx', "import { useRuns } from '../runs/store';")).toEqual([other]);
    expect(lint('src/renderer/src/features/settings/ContextPanel.tsx', "import { useInspector } from '../inspector/store';")).toEqual([other]);
    expect(lint('src/renderer/src/features/inspector/run/run-store.ts', "import { useRuns } from '../../runs/store';")).toEqual([other]);
    expect(lint('src/renderer/src/features/presets/PresetsView.tsx', "import { useRepo } from '../../features/repo/store';")).toEqual([other]);
    expect(lint('src/renderer/src/features/xray/XRayView.tsx', "import { app } from 'electron';")).toEqual([expect.stringContaining('no electron')]);
    // App-wide state, shared UI, the bridge and the feature's own files are fine.
    expect(
      lint(
        'src/renderer/src/features/inspector/run/RunDock.tsx',
        "import { useShell } from '../../../state/shell-store';\nimport { ErrorNotice } from '../../../ui/ErrorNotice';\nimport { useInspector } from '../store';\nimport { useRunForm } from './run-store';\nimport { plural } from '../../../../../shared/format';",
      ),
    ).toEqual([]);
    // Every import the features make today passes (the shell, outside features/, composes them).
    const features = join(root, 'src/renderer/src/features');
    const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const imports = /^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm;
    const broken = files.flatMap((f) => {
      const specs = [...readFileSync(join(features, f), 'utf8').matchAll(imports)].map((m) => m[1]);
      const code = specs.map((spec, i) => `import * as m${i} from '${spec}';`).join('\n');
      return lint(relative(root, join(features, f)), code).map((m) => `${f}: ${m}`);
    });
    expect(broken).toEqual([]);
  });
});
