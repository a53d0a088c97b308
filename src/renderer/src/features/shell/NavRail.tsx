import { useShell, VIEWS, type View } from './store';

const LABELS: Record<View, string> = {
  inspector: 'Inspector',
  runs: 'Runs',
  xray: 'X-Ray',
  presets: 'Presets',
  settings: 'Settings',
};

const ICONS: Record<View, string> = {
  inspector: '◎',
  runs: '▶',
  xray: '▦',
  presets: '☰',
  settings: '⚙',
};

export function NavRail() {
  const view = useShell((s) => s.view);
  const setView = useShell((s) => s.setView);
  return (
    <nav className="nav-rail" aria-label="Sections">
      <div className="brand" title="Loupe">
        <span className="brand-mark" aria-hidden>
          ◉
        </span>
        <span>Loupe</span>
      </div>
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          className={v === view ? 'nav-item active' : 'nav-item'}
          aria-current={v === view ? 'page' : undefined}
          onClick={() => setView(v)}
          data-nav={v}
        >
          <span className="nav-icon" aria-hidden>
            {ICONS[v]}
          </span>
          {LABELS[v]}
        </button>
      ))}
    </nav>
  );
}
