/**
 * Loupe's workspace trust before a run (core/trust): a repository whose own
 * agent configuration (hooks, helpers, MCP servers, env overrides) is trusted
 * neither in Loupe nor by the CLI is shown to the user before its first run,
 * with the choice to trust it (the run then loads exactly what was shown) or
 * to run without it (Loupe leaves it out, as it does for every untrusted run).
 * "Run without it" is remembered for the tab's session, per configuration.
 */
import { create } from 'zustand';
import type { AgentId } from '../../../../../shared/contract/runs';
import { TRUST_CLIS, type RepoTrust, type TrustCli } from '../../../../../shared/contract/trust';
import { bridge } from '../../../bridge';
import { toUiError, type UiError } from '../../../ui/ui-error';

export interface TrustState {
  /** The repository being asked about, and the agent the run would start. */
  asking: { trust: RepoTrust; agent: TrustCli } | null;
  granting: boolean;
  error: UiError | null;
  /** Fingerprints the user chose to run without, by repository (this tab's session). */
  declined: Record<string, string>;
  /** True when a run may start now; otherwise the dialog is open and the run waits for the user's choice. */
  check(repo: string, agent: AgentId): Promise<boolean>;
  /** Trusts what the dialog shows (by its fingerprint); false when that failed (the error shows). */
  grant(): Promise<boolean>;
  /** Runs without the configuration from now on in this session (Loupe leaves it out). */
  decline(): void;
  close(): void;
  /** The repository's trust as the run settings show it (null until loaded, or for none). */
  shown: RepoTrust | null;
  load(repo: string): Promise<void>;
  /** Withdraws Loupe's trust in the shown repository. */
  revoke(): Promise<void>;
}

const gated = (agent: AgentId): agent is TrustCli => (TRUST_CLIS as readonly string[]).includes(agent);

/** Whether `agent` would be asked about: files of its own, trusted neither in Loupe nor by the CLI. */
export function needsAsking(trust: RepoTrust, agent: TrustCli): boolean {
  const own = trust.items.some((i) => i.cli === agent);
  return own && trust.loupe.state !== 'trusted' && !trust.cli[agent].trusted;
}

export const useTrust = create<TrustState>()((set, get) => ({
  asking: null,
  granting: false,
  error: null,
  declined: {},
  async check(repo, agent) {
    if (!gated(agent)) return true;
    let trust: RepoTrust;
    try {
      trust = await bridge.call('trust.show', { repo });
    } catch {
      // Could not tell: the run goes ahead, and the runner leaves an untrusted configuration out anyway.
      return true;
    }
    if (!needsAsking(trust, agent) || get().declined[trust.repo] === trust.fingerprint) return true;
    set({ asking: { trust, agent }, error: null });
    return false;
  },
  async grant() {
    const asking = get().asking;
    if (!asking) return false;
    set({ granting: true, error: null });
    try {
      const shown = await bridge.call('trust.grant', { repo: asking.trust.repo, fingerprint: asking.trust.fingerprint });
      set({ granting: false, asking: null, shown });
      return true;
    } catch (err) {
      set({ granting: false, error: toUiError(err) });
      return false;
    }
  },
  decline() {
    const asking = get().asking;
    if (!asking) return;
    set({ asking: null, declined: { ...get().declined, [asking.trust.repo]: asking.trust.fingerprint } });
  },
  close: () => set({ asking: null, error: null }),
  shown: null,
  async load(repo) {
    try {
      const shown = await bridge.call('trust.show', { repo });
      set({ shown });
    } catch {
      set({ shown: null });
    }
  },
  async revoke() {
    const shown = get().shown;
    if (!shown) return;
    try {
      set({ shown: await bridge.call('trust.revoke', { repo: shown.repo }), error: null });
    } catch (err) {
      set({ error: toUiError(err) });
    }
  },
}));
