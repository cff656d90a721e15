/** The auth area's public face: what other areas and the server use of it. */
export { authRoutes } from './routes';
export { queueActivationMail } from './commands';
