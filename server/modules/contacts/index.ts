/** The contacts area's public face. */
export { contactRoutes } from './routes';
