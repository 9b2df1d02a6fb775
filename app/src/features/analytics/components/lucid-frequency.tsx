import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLucidFrequency } from '../api';
import { Panel } from './panel';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Insights: lucid dreams per weekday as bars, Mon … Sun, with the same figures as a table. */
export function LucidFrequencyPanel() {
  const freq = useLucidFrequency();
  const data = freq.data ?? [];
  const total = data.reduce((sum, d) => sum + d.count, 0);
  return (
    <Panel
      id="lucid-frequency"
      title="Lucid Dream Frequency"
      description="Dreams tagged “lucid”, by weekday"
      loading={freq.isPending}
      error={freq.error}
      errorTitle="Error loading lucid dream data"
    >
      <div className="grid gap-3">
        <div className="h-48 w-full" aria-hidden data-testid="lucid-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#342a63" vertical={false} />
              <XAxis dataKey="day" stroke="#cbd5e1" tickLine={false} fontSize={12} />
              <YAxis allowDecimals={false} stroke="#cbd5e1" tickLine={false} fontSize={12} />
              <Tooltip
                cursor={{ fill: 'rgba(139,92,246,0.15)' }}
                contentStyle={{ background: '#15112e', border: '1px solid #342a63', color: '#fff' }}
              />
              <Bar
                dataKey="count"
                name="Lucid dreams"
                fill="#2dd4bf"
                radius={[4, 4, 0, 0]}
                isAnimationActive={!prefersReducedMotion()}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
        {total === 0 ? (
          <p className="text-sm text-slate-300">No lucid dreams recorded yet: tag a dream “lucid”.</p>
        ) : null}
        <details className="text-sm text-slate-300">
          <summary className="cursor-pointer rounded text-dream-300">Show as table</summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">Lucid dreams by weekday</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 font-medium">
                  Lucid dreams
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="py-0.5 font-normal">
                    {d.day}
                  </th>
                  <td className="py-0.5">{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </Panel>
  );
}
