/** The dashboard area's public face (a customer's statistics). */
export { statisticsRoutes } from './routes';
