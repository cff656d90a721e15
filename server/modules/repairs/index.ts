/** The repairs area's public face. */
export { repairRoutes } from './routes';
