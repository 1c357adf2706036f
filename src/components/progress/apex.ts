// apexcharts 3.x: MIT-licensed (versions from 5 on are free only under a revenue threshold) and,
// at about 140 KB gzip, small enough for the progress page's 250 KB budget (7.x's modular core
// alone is 156 KB). Loaded only when a chart scrolls into view.
import ApexCharts from 'apexcharts';

export default ApexCharts;
