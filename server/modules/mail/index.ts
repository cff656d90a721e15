/** The mail area's public face: its routes, the outbox other areas queue into and the worker. */
export { mailRoutes } from './routes';
export { mailCounts, purgeSentMails, queueMail } from './outbox';
export { startMailWorker } from './worker';
