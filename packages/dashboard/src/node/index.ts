export { nodeDashboard, type DashboardNodeRequest, type NodeDashboardListener } from './node-dashboard.js';
