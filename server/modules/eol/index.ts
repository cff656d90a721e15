/** The EOL area's public face. */
export { eolRoutes } from './routes';
