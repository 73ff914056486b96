import { useEffect, useState } from 'react';

/** Time left until `to`, ticking each second; the server's "now" anchors it so a wrong device clock does no harm. */
export function Countdown({ to, serverNow, label }: { to: string; serverNow: string; label: string }) {
  const [skew] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + skew), 1000);
    return () => window.clearInterval(timer);
  }, [skew]);
  const left = Math.max(0, new Date(to).getTime() - now);
  const parts: Array<[number, string]> = [
    [Math.floor(left / 86_400_000), 'days'],
    [Math.floor(left / 3_600_000) % 24, 'hrs'],
    [Math.floor(left / 60_000) % 60, 'min'],
    [Math.floor(left / 1000) % 60, 'sec'],
  ];
  return (
    <div aria-label={label}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
      <div className="mt-1 flex gap-2" role="timer">
        {parts.map(([value, unit]) => (
          <div key={unit} className="min-w-14 rounded-lg bg-slate-100 px-2 py-1.5 text-center dark:bg-slate-800">
            <div className="text-xl font-semibold tabular-nums text-slate-900 dark:text-white">{value}</div>
            <div className="text-[11px] text-slate-500 dark:text-slate-400">{unit}</div>
          </div>
        ))}
      </div>
    </div>
  );
}
