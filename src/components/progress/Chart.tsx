import { type ReactNode, useEffect, useRef, useState } from 'react';

interface ApexChart {
  render(): Promise<unknown>;
  destroy(): void;
  w?: {
    globals?: {
      resizeTimer?: number;
      series?: unknown;
      labels?: unknown;
      axisCharts?: boolean;
      minY?: number;
      maxY?: number;
    };
  };
}

/** What apexcharts drew, from its own state after rendering: the series, labels and y axis range. */
export interface DrawnData {
  series: unknown;
  labels: unknown;
  yAxis: { min: number; max: number } | null;
}

function drawnData(chart: ApexChart): DrawnData {
  const g = chart.w?.globals ?? {};
  return {
    series: g.series,
    labels: g.labels,
    yAxis: g.axisCharts ? { min: g.minY ?? NaN, max: g.maxY ?? NaN } : null,
  };
}

interface Props {
  title: string;
  /** Drawn as HTML: apexcharts' own legend sets inline styles our CSP refuses. */
  legend?: Array<{ label: string; color: string }>;
  options: Record<string, unknown>;
  /** The same data as a table: the chart's text alternative. */
  table: ReactNode;
  height?: number;
}

/** A chart drawn by apexcharts, loaded only when it scrolls into view. */
export default function Chart({ title, options, table, legend, height = 300 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState<DrawnData | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible || !box.current) return;
    let chart: ApexChart | undefined;
    let rendered: Promise<unknown> = Promise.resolve();
    let cancelled = false;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    import('./apex.ts')
      .then(async ({ default: ApexCharts, styled }) => {
        await styled;
        if (cancelled || !box.current) return;
        chart = new ApexCharts(box.current, {
          ...options,
          legend: { show: false },
          chart: {
            height,
            fontFamily: 'inherit',
            toolbar: { show: false },
            animations: { enabled: !reducedMotion },
            ...(options.chart as object),
          },
        }) as ApexChart;
        const current = chart;
        rendered = current.render().then(() => {
          if (!cancelled) setDrawn(drawnData(current));
        });
        return rendered;
      })
      .catch((error) => {
        console.warn('Chart failed to load', error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      const current = chart;
      if (!current) return;
      // apexcharts 3 keeps its debounced resize redraw pending after destroy(); fired on a
      // detached chart it draws NaN sizes. Let a running render finish, then clear and destroy.
      rendered.catch(() => undefined).finally(() => {
        clearTimeout(current.w?.globals?.resizeTimer);
        current.destroy();
      });
    };
  }, [visible, options, height]);

  return (
    <figure className='chart'>
      <figcaption className='chart-title'>{title}</figcaption>
      {/* data-drawn: what the chart shows, for tests and tools; the table below is the text alternative. */}
      <div
        ref={box}
        className='chart-box'
        aria-hidden='true'
        data-chart={title}
        data-loaded={visible ? 'true' : 'false'}
        data-drawn={drawn ? JSON.stringify(drawn) : undefined}
      />
      {legend && (
        <ul className='chart-legend' aria-hidden='true'>
          {legend.map((l) => (
            <li key={l.label}>
              <span className={`swatch swatch-${l.color}`} />
              {l.label}
            </li>
          ))}
        </ul>
      )}
      {failed && <p className='hint'>The chart could not be drawn; the table below has the same figures.</p>}
      <details className='chart-table'>
        <summary>Show the data as a table</summary>
        {table}
      </details>
    </figure>
  );
}
