// apexcharts 3.x: MIT-licensed (versions from 5 on are free only under a revenue threshold) and,
// at about 140 KB gzip, small enough for the progress page's 250 KB budget (7.x's modular core
// alone is 156 KB). Loaded only when a chart scrolls into view.
import ApexCharts from 'apexcharts';
// Its stylesheet is a file that comes with it, not part of every progress page's own CSS.
import stylesheet from 'apexcharts/dist/apexcharts.css?url';

/** Settles once apexcharts' stylesheet has loaded (or failed to: the charts still draw). */
export const styled = new Promise<void>((resolve) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet;
  link.onload = link.onerror = () => resolve();
  document.head.append(link);
});

export default ApexCharts;
