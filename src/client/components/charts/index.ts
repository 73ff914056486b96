// One chart kit for every area (admin metrics, CRM analytics, creator metrics, affiliates): plain SVG,
// no charting library in any bundle, colours from the theme so light and dark both read.
export { BarChart, type ChartPoint } from './BarChart';
export { LineChart, type ChartSeries } from './LineChart';
export { Sparkline } from './Sparkline';
export { StatCard } from './StatCard';
