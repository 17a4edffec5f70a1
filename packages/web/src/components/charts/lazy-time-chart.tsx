import { type ComponentProps, lazy, Suspense } from 'react';
import type { TimeChart } from './time-chart';

const Chart = lazy(() => import('./time-chart').then((module) => ({ default: module.TimeChart })));

/** The time chart, with uPlot fetched when a chart first shows rather than with the screen around it. */
export function LazyTimeChart(props: ComponentProps<typeof TimeChart>) {
  return (
    <Suspense fallback={null}>
      <Chart {...props} />
    </Suspense>
  );
}
