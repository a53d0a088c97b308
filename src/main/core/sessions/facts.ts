import { previewOf } from '../conversation/builder';

/** Counts of lines by what became of them. */
export class LineCounts {
  bookkeeping = 0;
  unknownTotal = 0;
  readonly unknownTypes: Record<string, number> = {};

  unknown(type: string): void {
    this.unknownTotal += 1;
    this.unknownTypes[type] = (this.unknownTypes[type] ?? 0) + 1;
  }
}

/** Session-level facts gathered while the lines stream by: the first id, cwd and version, every model, the time span, the first prompt. */
export class SessionFacts {
  sessionId: string | null = null;
  cwd: string | null = null;
  version: string | null = null;
  startedAt: string | null = null;
  endedAt: string | null = null;
  title: string | null = null;
  /** The main chain's latest model. */
  lastModel: string | null = null;
  /** What the CLI itself says the session cost (Claude Code's latest `cost-state` record's totalCostUSD). */
  cliCostUsd: number | null = null;
  private readonly mainModels = new Set<string>();
  private readonly otherModels = new Set<string>();

  note(f: { sessionId?: string | null; cwd?: string | null; version?: string | null; timestamp?: string | null }): void {
    this.sessionId ??= f.sessionId ?? null;
    this.cwd ??= f.cwd ?? null;
    this.version ??= f.version ?? null;
    this.time(f.timestamp ?? null);
  }

  time(ts: string | null): void {
    if (!ts || Number.isNaN(Date.parse(ts))) return;
    if (this.startedAt === null || Date.parse(ts) < Date.parse(this.startedAt)) this.startedAt = ts;
    if (this.endedAt === null || Date.parse(ts) > Date.parse(this.endedAt)) this.endedAt = ts;
  }

  addModel(name: string, sidechain = false): void {
    if (sidechain) {
      this.otherModels.add(name);
      return;
    }
    this.mainModels.add(name);
    this.lastModel = name;
  }

  prompt(text: string): void {
    this.title ??= previewOf(text) || null;
  }

  allModels(): string[] {
    return [...new Set([...this.mainModels, ...this.otherModels])];
  }
}
